import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeConnection } from '../../features/chat/test-support';
import LiveUpdates from './live-updates';

describe('live unread counts', () => {
  it('holds the connection and refreshes chat counts on a new message and notifications on a notification event', () => {
    const socket = fakeConnection();
    const queryClient = new QueryClient();
    queryClient.setQueryData(['chat', 'list', { kind: 'product' }], { unreadTotal: 0 });
    queryClient.setQueryData(['notifications', 'list', 1], { unreadCount: 0 });
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <LiveUpdates connection={socket.connection} />
      </QueryClientProvider>,
    );
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(['chat', 'list', { kind: 'product' }])).toBe(false);

    act(() => socket.emit('service:messageReceived', { chatId: 'c', receiverId: 'r', message: {} }));
    expect(stale(['chat', 'list', { kind: 'product' }])).toBe(true);
    expect(stale(['notifications', 'list', 1])).toBe(false);

    act(() => socket.emit('notification:new', { notification: {} }));
    expect(stale(['notifications', 'list', 1])).toBe(true);
    unmount();
  });
});
