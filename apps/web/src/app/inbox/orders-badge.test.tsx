import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeConnection } from '../../features/chat/test-support';
import { useOrdersAwaitingPayment } from '../../features/orders/api/orders-awaiting-payment';
import LiveUpdates from './live-updates';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function OrdersBadge() {
  return <p>awaiting {useOrdersAwaitingPayment(true)}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('the header’s orders badge', () => {
  it('counts the orders of both kinds awaiting payment, and a new order from a conversation shows at once', async () => {
    const pending = { orders: 1, 'service-orders': 1 };
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const collection = url.pathname.endsWith('/service-orders') ? 'service-orders' : 'orders';
      expect(url.searchParams.get('status')).toBe('pending');
      return json({ items: [], total: pending[collection], page: 1, pageSize: 1 });
    });
    const socket = fakeConnection();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LiveUpdates connection={socket.connection} />
        <OrdersBadge />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('awaiting 2')).toBeInTheDocument();

    pending.orders = 2;
    act(() => socket.emit('order-created', { chatId: 'c', receiverId: 'r', orderId: 'o' }));
    expect(await screen.findByText('awaiting 3')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3);
  });
});
