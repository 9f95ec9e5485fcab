import { useMutation } from '@tanstack/react-query';
import type { UserProfile } from '@maplesource/contracts/auth';
import { api } from '../../../lib/http';

export const verifyEmail = (token: string | undefined) =>
  api.post<{ status: 'verified'; user: UserProfile | null }>('auth/verify-email', {
    body: token ? { token } : {},
  });
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
