import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CncQuote, CncQuoteCopyRequest } from '@maplesource/contracts/cnc-quotes';
import { api } from '../../../lib/http';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { cncQuoteKeys } from './cnc-quote-keys';

/**
 * `POST cnc-quotes/:id/copies`: a new quote of the same part (its geometry and file), with any option changed,
 * priced with the rates in effect now. One Idempotency-Key per intent, so a double click makes one copy.
 */
export const duplicateCncQuote = ({
  quoteId,
  body,
  idempotencyKey,
}: {
  quoteId: string;
  body: CncQuoteCopyRequest;
  idempotencyKey: string;
}) =>
  api.post<CncQuote>(`cnc-quotes/${encodeURIComponent(quoteId)}/copies`, {
    body,
    headers: idempotencyHeaders(idempotencyKey),
  });

export function useDuplicateCncQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateCncQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cncQuoteKeys.mine }),
  });
}
