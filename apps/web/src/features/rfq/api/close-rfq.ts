import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { rfqKeys } from './keys';

/** `POST rfqs/:id/close` (decision 298): the buyer ends an open request without choosing; once only (else 409). */
export const closeRfq = (rfqId: string) => api.post<unknown>(`rfqs/${encodeURIComponent(rfqId)}/close`);

export function useCloseRfq(rfqId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeRfq(rfqId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rfqKeys.all }),
  });
}
