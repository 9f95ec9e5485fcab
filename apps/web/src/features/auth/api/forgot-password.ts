import { useMutation } from '@tanstack/react-query';
import type { SendOtpResponse } from '@maplesource/contracts/auth';
import { api } from '../../../lib/http';

/** POST auth/forgot-password-otp: same answer whether or not the number has an account. */
export const forgotPasswordOtp = (phoneNumber: string) =>
  api.post<SendOtpResponse>('auth/forgot-password-otp', { body: { phoneNumber } });
export const useForgotPasswordOtp = () => useMutation({ mutationFn: forgotPasswordOtp });
