import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RfqQuoteRequest, rfqQuotedResponseSchema } from '@maplesource/contracts/rfq';
import { api } from '../../../lib/http';
import { rfqKeys } from './keys';

type RfqQuoted = z.infer<typeof rfqQuotedResponseSchema>;
const base = (sellerId: number, rfqId: string) => `seller/${sellerId}/rfqs/${encodeURIComponent(rfqId)}`;

/** `POST seller/:sellerId/rfqs/:id/quotes` (decision 298): a quote, or its revision (a new version), while open. */
export const quoteRfq = ({
  sellerId,
  rfqId,
  body,
}: {
  sellerId: number;
  rfqId: string;
  body: RfqQuoteRequest;
}) => api.post<RfqQuoted>(`${base(sellerId, rfqId)}/quotes`, { body, role: 'seller' });

/** `POST seller/:sellerId/rfqs/:id/decline`: the supplier declines an open request, with a reason for the buyer. */
export const declineRfq = ({
  sellerId,
  rfqId,
  reason,
}: {
  sellerId: number;
  rfqId: string;
  reason: string;
}) => api.post<{ ok: true }>(`${base(sellerId, rfqId)}/decline`, { body: { reason }, role: 'seller' });

function useSupplierAnswer<I>(fn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rfqKeys.all }),
  });
}

export const useQuoteRfq = () => useSupplierAnswer(quoteRfq);
export const useDeclineRfq = () => useSupplierAnswer(declineRfq);

/**
 * `POST seller/:sellerId/rfqs/:id/mute`: the supplier stops receiving requests from the buyer of this request
 * (who stays unnamed if the request is private).
 */
export const muteRfqBuyer = ({ sellerId, rfqId }: { sellerId: number; rfqId: string }) =>
  api.post<{ ok: true }>(`${base(sellerId, rfqId)}/mute`, { role: 'seller' });

export const useMuteRfqBuyer = () => useSupplierAnswer(muteRfqBuyer);
