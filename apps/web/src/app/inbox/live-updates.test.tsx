import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeConnection } from '../../features/chat/test-support';
import LiveUpdates from './live-updates';

/** LiveUpdates on a fake connection over a query cache holding `cached`; `stale(key)`: was that query invalidated. */
function renderLiveUpdates(cached: Array<[key: unknown[], data: unknown]>) {
  const socket = fakeConnection();
  const queryClient = new QueryClient();
  for (const [key, data] of cached) queryClient.setQueryData(key, data);
  const { unmount } = render(
    <QueryClientProvider client={queryClient}>
      <LiveUpdates connection={socket.connection} />
    </QueryClientProvider>,
  );
  const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { socket, stale, unmount };
}

describe('live unread counts', () => {
  it('holds the connection and refreshes chat counts on a new message and notifications on a notification event', () => {
    const { socket, stale, unmount } = renderLiveUpdates([
      [['chat', 'list', { kind: 'product' }], { unreadTotal: 0 }],
      [['notifications', 'list', 1], { unreadCount: 0 }],
    ]);
    expect(stale(['chat', 'list', { kind: 'product' }])).toBe(false);

    act(() => socket.emit('service:messageReceived', { chatId: 'c', receiverId: 'r', message: {} }));
    expect(stale(['chat', 'list', { kind: 'product' }])).toBe(true);
    expect(stale(['notifications', 'list', 1])).toBe(false);

    act(() => socket.emit('notification:new', { notification: {} }));
    expect(stale(['notifications', 'list', 1])).toBe(true);
    unmount();
  });

  it('an order-created event refreshes the orders lists (the new order shows at once) and the chats', () => {
    const { socket, stale, unmount } = renderLiveUpdates([
      [['orders', 'list', { page: 1 }], { items: [] }],
      [['orders', 'seller', { page: 1 }], { items: [] }],
      [['chat', 'list', { kind: 'service' }], { unreadTotal: 0 }],
      [['notifications', 'list', 1], { unreadCount: 0 }],
    ]);
    act(() => socket.emit('service:order-created', { chatId: 'c', receiverId: 'r', orderId: 'o' }));
    expect(stale(['orders', 'list', { page: 1 }])).toBe(true);
    expect(stale(['orders', 'seller', { page: 1 }])).toBe(true);
    expect(stale(['chat', 'list', { kind: 'service' }])).toBe(true);
    expect(stale(['notifications', 'list', 1])).toBe(false);
    unmount();
  });
});
