import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export const verifyCareerEmail = (token: string) =>
  api.post<{ ok: true }>('career/verify-email', { body: { token } });

export function useVerifyCareerEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCareerEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['careers', 'mine'] }),
  });
}

export const resendCareerVerification = () => api.post<{ ok: true }>('career/verify-email/resend');
export const useResendCareerVerification = () => useMutation({ mutationFn: resendCareerVerification });
