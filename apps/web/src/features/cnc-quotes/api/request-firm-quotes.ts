import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CncQuoteRfqRequest, CncQuoteRfqResponse } from '@maplesource/contracts/cnc-quotes';
import { api } from '../../../lib/http';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { cncQuoteKeys } from './cnc-quote-keys';

/**
 * `POST cnc-quotes/:id/rfq` "Request firm quotes": the part sent as a request for quotes to CNC machining shops,
 * its file attached privately. One request per quote: asking again answers the same request.
 */
export const requestFirmQuotes = ({
  quoteId,
  body,
  idempotencyKey,
}: {
  quoteId: string;
  body: CncQuoteRfqRequest;
  idempotencyKey: string;
}) =>
  api.post<CncQuoteRfqResponse>(`cnc-quotes/${encodeURIComponent(quoteId)}/rfq`, {
    body,
    headers: idempotencyHeaders(idempotencyKey),
  });

export function useRequestFirmQuotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestFirmQuotes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cncQuoteKeys.all }),
  });
}
