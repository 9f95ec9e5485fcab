import type { QueryClient } from '@tanstack/react-query';
import type { ChatDetailResponse, ChatListItem, ChatListResponse } from '@maplesource/contracts/chat';
import { chatKeys } from '../api/get-chats';

/** The cached conversation with the server's newer view of it (`chatOpened`); nothing when none is cached. */
export const withChat =
  (chat: ChatListItem) =>
  (detail: ChatDetailResponse | undefined): ChatDetailResponse | undefined =>
    detail ? { ...detail, chat } : detail;

/**
 * The open conversation's unread messages are being read: its count and the badge's total drop by them in every
 * cached list at once, before the lists are asked again.
 */
export function forgetUnread(queryClient: QueryClient, chatId: string): void {
  queryClient.setQueriesData<ChatListResponse>({ queryKey: chatKeys.lists() }, (list) => {
    const unread = list?.items.find((item) => item.id === chatId)?.unreadCount ?? 0;
    if (!list || unread === 0) return list;
    return {
      ...list,
      unreadTotal: Math.max(0, list.unreadTotal - unread),
      items: list.items.map((item) => (item.id === chatId ? { ...item, unreadCount: 0 } : item)),
    };
  });
}
