import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** DELETE /career: deletes the résumé and the application (withdrawing twice is harmless). */
export const withdrawApplication = () => api.delete<{ ok: true }>('career');

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: () => queryClient.setQueryData(['careers', 'mine'], null),
  });
}
