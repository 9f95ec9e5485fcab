import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RfqChatResponse } from '@maplesource/contracts/rfq';
import { api } from '../../../lib/http';
import { queryKeyRoots } from '../../../lib/query-keys';
import { rfqKeys } from './keys';

/**
 * `POST rfqs/:id/suppliers/:sellerId/chat` (decision 317): opens (or returns) the buyer's conversation with one
 * matched supplier about the request; a private request's buyer is then named to that supplier.
 */
export const openSupplierChat = ({ rfqId, sellerId }: { rfqId: string; sellerId: string }) =>
  api.post<RfqChatResponse>(
    `rfqs/${encodeURIComponent(rfqId)}/suppliers/${encodeURIComponent(sellerId)}/chat`,
  );

export function useOpenSupplierChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { rfqId: string; sellerId: string }) => {
      const { chatId, chatKind } = await openSupplierChat(input);
      return { chatId, kind: chatKind };
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rfqKeys.all });
      await queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat });
    },
  });
}
