import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSubjectKind } from '@maplesource/contracts/chat';
import type { RfqChatResponse } from '@maplesource/contracts/rfq';
import { api, isApiError } from '../../../lib/http';
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

/**
 * Whether a conversation is about a product or a service: the request's conversation is about the supplier's listed
 * item (decision 317), which the award's answer does not name, and the inbox lists each kind apart. The product
 * conversation answers, or the service one does.
 */
export async function conversationKind(chatId: string): Promise<ChatSubjectKind> {
  try {
    await api.get<unknown>(`chats/${encodeURIComponent(chatId)}`, { backend: 'chat' });
    return 'product';
  } catch (error) {
    if (isApiError(error) && error.status === 404) return 'service';
    throw error;
  }
}

export function useOpenSupplierChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { rfqId: string; sellerId: string }) => {
      const { chatId } = await openSupplierChat(input);
      return { chatId, kind: await conversationKind(chatId) };
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rfqKeys.all });
      await queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat });
    },
  });
}
