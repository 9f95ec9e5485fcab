import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatListResponse, ChatStatusFilter, ChatSubjectKind } from '@maplesource/contracts/chat';
import { api } from '../../../lib/http';
import { chatPaths } from './chat-paths';
import { chatListsKey, queryKeyRoots } from '../../../lib/query-keys';

export type ChatListParams = {
  kind: ChatSubjectKind;
  status: ChatStatusFilter;
  search?: string;
  as?: 'buyer' | 'seller';
  page?: number;
};

/** GET chats / service-chats: the conversations with unread counts (docs/product.md §2 chat list, §7). */
export const getChats = ({ kind, status, search, as, page = 1 }: ChatListParams, signal?: AbortSignal) =>
  api.get<ChatListResponse>(chatPaths(kind).chats, {
    backend: 'chat',
    query: { status, search: search?.trim() || undefined, as, page, pageSize: 20 },
    signal,
  });

export const chatKeys = {
  all: queryKeyRoots.chat,
  lists: () => chatListsKey,
  list: (params: ChatListParams) => [...chatKeys.lists(), params] as const,
  detail: (kind: ChatSubjectKind, chatId: string) => [...chatKeys.all, 'detail', kind, chatId] as const,
};

export const chatsQueryOptions = (params: ChatListParams) =>
  queryOptions({
    queryKey: chatKeys.list(params),
    queryFn: ({ signal }) => getChats(params, signal),
  });

export function useChats(params: ChatListParams, enabled = true) {
  return useQuery({ ...chatsQueryOptions(params), enabled });
}

/** Unread messages over all the user's conversations (header badge). */
export function useUnreadChatCount(enabled: boolean, as?: 'buyer' | 'seller') {
  const product = useQuery({
    ...chatsQueryOptions({ kind: 'product', status: 'all', ...(as ? { as } : {}) }),
    enabled,
    select: (data) => data.unreadTotal,
  });
  const service = useQuery({
    ...chatsQueryOptions({ kind: 'service', status: 'all', ...(as ? { as } : {}) }),
    enabled,
    select: (data) => data.unreadTotal,
  });
  return (product.data ?? 0) + (service.data ?? 0);
}
