import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export const forgotPasswordToken = (input: { phoneNumber: string; otp: string }) =>
  api.post<{ token: string }>('auth/forgot-password-token', { body: input });
export const useForgotPasswordToken = () => useMutation({ mutationFn: forgotPasswordToken });
