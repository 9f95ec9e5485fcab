import { useMutation } from '@tanstack/react-query';
import type { SendOtpResponse } from '@maplesource/contracts/auth';
import { api } from '../../../lib/http';

export const sendOtp = (phoneNumber: string) =>
  api.post<SendOtpResponse>('auth/send-otp', { body: { phoneNumber } });

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
