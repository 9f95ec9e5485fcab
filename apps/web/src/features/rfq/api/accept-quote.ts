import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RfqAcceptedResponse } from '@maplesource/contracts/rfq';
import { api } from '../../../lib/http';
import { queryKeyRoots } from '../../../lib/query-keys';
import { rfqKeys } from './keys';

/**
 * `POST rfqs/:id/quotes/:quoteId/accept` (decision 317): the buyer awards the request to one supplier's latest
 * quote (`quoteId` is the supplier's row, `recipientId`); the deal continues in the conversation it opens. The same
 * accept again answers the same award; anything else on an ended request is 409 `RFQ_NOT_OPEN`.
 */
export const acceptQuote = ({ rfqId, recipientId }: { rfqId: string; recipientId: string }) =>
  api.post<RfqAcceptedResponse>(
    `rfqs/${encodeURIComponent(rfqId)}/quotes/${encodeURIComponent(recipientId)}/accept`,
  );

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: rfqKeys.all });
      await queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat });
    },
  });
}
