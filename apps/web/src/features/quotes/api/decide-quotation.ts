import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuotationDecisionRequest, quotationResponseSchema } from '@maplesource/contracts/quotes';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { queryKeyRoots } from '../../../lib/query-keys';

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

/**
 * The answer is announced from the mutation itself, not from the button's `mutate` callbacks: the chat's live event
 * that the quotation was decided often arrives before the HTTP answer and unmounts the buttons, and TanStack Query
 * drops a `mutate` call's callbacks once its component is gone.
 */
export function useDecideQuotation() {
  const { t } = useTranslation('quotes');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideQuotation,
    onSuccess: (_answer, { decision }) => {
      toast.success(t(decision === 'accepted' ? 'decision.accepted' : 'decision.rejected'));
      return queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat });
    },
    onError: (error) => toast.error(errorMessage(t, error)),
  });
}
