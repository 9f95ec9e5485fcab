/**
 * The roots of the TanStack Query keys that more than one feature, or the app shell, names. A feature builds its
 * own keys under its root (`chatKeys`, `notificationKeys`); another feature that must refresh them after a write
 * (an issued invoice moves the conversation) invalidates the root from here, since features never import each
 * other (docs/CONVENTIONS.md, Web).
 */
export const queryKeyRoots = {
  /** The signed-in user's profile and addresses (features/accounts); dropped at log-out and e-mail verification. */
  accounts: ['accounts'] as const,
  /** Conversations and their messages (features/chat); every deal step writes a message there. */
  chat: ['chat'] as const,
  /** The buyer's and the seller's orders (features/orders); one order's key is `orderDetailKey` (lib/order-query). */
  orders: ['orders'] as const,
  /** The inbox's notifications (features/notifications). */
  notifications: ['notifications'] as const,
};

/** The conversation lists (not one conversation's messages): what a new message or a read marker changes. */
export const chatListsKey = [...queryKeyRoots.chat, 'list'] as const;
