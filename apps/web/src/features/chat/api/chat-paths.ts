import type { ChatSubjectKind } from '@maplesource/contracts/chat';

/** REST paths of the chat backend (docs/product.md §7): product conversations, or the `service-` ones. */
export function chatPaths(kind: ChatSubjectKind) {
  const service = kind === 'service';
  return {
    chats: service ? 'service-chats' : 'chats',
    chat: (chatId: string) => `${service ? 'service-chats' : 'chats'}/${encodeURIComponent(chatId)}`,
    read: (chatId: string) => `${service ? 'service-chats' : 'chats'}/${encodeURIComponent(chatId)}/read`,
    messages: service ? 'service-messages' : 'messages',
    upload: 'upload',
  };
}

/** Client → server socket event for a conversation of this kind (`service:` prefix for services). */
export function clientEvent<
  E extends
    'sendMessage' | 'userTyping' | 'userStoppedTyping' | 'openChat' | 'markAsRead' | 'messageDelivered',
>(kind: ChatSubjectKind, event: E): E | `service:${E}` {
  return kind === 'service' ? `service:${event}` : event;
}
