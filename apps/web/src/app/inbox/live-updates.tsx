import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationEventNames } from '@maplesource/contracts/realtime/events';
import { socketConnection, type SocketConnection } from '../../lib/socket';
import { orderKeys } from '../../features/orders/api/order-paths';
import { chatListsKey, queryKeyRoots } from '../../lib/query-keys';

const messageEvents = ['messageReceived', 'service:messageReceived'] as const;
/** An order came out of a conversation (docs/product.md §7 `order-created`): the orders lists and the chats' phases change. */
const orderEvents = ['order-created', 'service:order-created'] as const;

/**
 * While a user is logged in, holds the shared connection and keeps the header's unread badges current: a new
 * message or notification refreshes the counts, a new order the orders lists. A failing handler is ignored (docs/product.md §7).
 */
export default function LiveUpdates({ connection = socketConnection }: { connection?: SocketConnection }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const release = connection.acquire();
    const refresh = (queryKey: readonly string[]) => () => {
      try {
        void queryClient.invalidateQueries({ queryKey });
      } catch {
        // ignored: a notification handler never breaks the page
      }
    };
    const offs = [
      ...messageEvents.map((event) => connection.on(event, refresh(chatListsKey))),
      ...notificationEventNames.map((event) => connection.on(event, refresh(queryKeyRoots.notifications))),
      ...orderEvents.flatMap((event) => [
        connection.on(event, refresh(orderKeys.all)),
        connection.on(event, refresh(chatListsKey)),
      ]),
    ];
    return () => {
      offs.forEach((off) => off());
      release();
    };
  }, [connection, queryClient]);
  return null;
}
