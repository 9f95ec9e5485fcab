import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export const emailVerificationLink = (email: string) =>
  api.post<{ ok: true }>('auth/email-verification-link', { body: { email } });
export const useEmailVerificationLink = () => useMutation({ mutationFn: emailVerificationLink });
