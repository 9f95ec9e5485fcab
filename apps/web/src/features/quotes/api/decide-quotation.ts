import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuotationDecisionRequest, quotationResponseSchema } from '@maplesource/contracts/quotes';
import type { z } from 'zod';
import { api } from '../../../lib/http';

type QuotationResponse = z.infer<typeof quotationResponseSchema>;

/** POST quotation/{quotationId}/decision (`role: seller`): the seller accepts or rejects (business action in the chat). */
export const decideQuotation = ({
  quotationId,
  idempotencyKey,
  ...body
}: QuotationDecisionRequest & { quotationId: string; idempotencyKey: string }) =>
  api.post<QuotationResponse>(`quotation/${encodeURIComponent(quotationId)}/decision`, {
    body,
    role: 'seller',
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useDecideQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideQuotation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chat'] }),
  });
}
