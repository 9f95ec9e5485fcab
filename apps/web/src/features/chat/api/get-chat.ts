import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatDetailResponse, ChatSubjectKind } from '@maplesource/contracts/chat';
import { api } from '../../../lib/http';
import { chatPaths } from './chat-paths';
import { chatKeys } from './get-chats';

/** GET chats/{chatId}: the conversation and the quotation it holds (docs/product.md §2 header and quotation panel). */
export const getChat = (kind: ChatSubjectKind, chatId: string, signal?: AbortSignal) =>
  api.get<ChatDetailResponse>(chatPaths(kind).chat(chatId), { backend: 'chat', signal });

export const chatQueryOptions = (kind: ChatSubjectKind, chatId: string) =>
  queryOptions({
    queryKey: chatKeys.detail(kind, chatId),
    queryFn: ({ signal }) => getChat(kind, chatId, signal),
  });

export function useChat(kind: ChatSubjectKind, chatId: string) {
  return useQuery(chatQueryOptions(kind, chatId));
}
