import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationEventNames } from '@maplesource/contracts/realtime/events';
import { socketConnection, type SocketConnection } from '../../lib/socket';

const messageEvents = ['messageReceived', 'service:messageReceived'] as const;

/**
 * While a user is logged in, holds the shared connection and keeps the header's unread badges current: a new
 * message or notification refreshes the counts. A failing handler is ignored (spec §7).
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
      ...messageEvents.map((event) => connection.on(event, refresh(['chat', 'list']))),
      ...notificationEventNames.map((event) => connection.on(event, refresh(['notifications']))),
    ];
    return () => {
      offs.forEach((off) => off());
      release();
    };
  }, [connection, queryClient]);
  return null;
}
