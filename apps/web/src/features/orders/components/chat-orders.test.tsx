import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderTransitions, type Order } from '@maplesource/contracts/orders';
import { json, makeOrder, ORDER_ID } from '../../../test/order-fixtures';
import { renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import { ChatOrders } from './chat-orders';

afterEach(() => clearToasts());

const chatId = makeOrder().chatId;

/** The seller's orders of the conversation, moved by POST seller/orders/{id}/status as the server would. */
function sellerServer(initial: Order, refusal?: () => Response) {
  let order = initial;
  const posts: { body: unknown; headers: Headers }[] = [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith(`/seller/orders/${ORDER_ID}/status`) && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Pick<Order, 'status' | 'trackingNumber' | 'carrier'>;
      posts.push({ body, headers: new Headers(init.headers) });
      if (refusal) return refusal();
      order = { ...order, ...body, nextStatuses: [...orderTransitions[body.status]] };
      return json({ order });
    }
    if (url.pathname.endsWith('/seller/orders')) {
      const mine = url.searchParams.get('chatId') === order.chatId ? [order] : [];
      return json({ items: mine, total: mine.length, page: 1, pageSize: 20 });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  return { fetchMock, posts };
}

describe("the orders of the seller's conversation", () => {
  it('lists the conversation’s orders and ships one only with a tracking number and a carrier', async () => {
    const { fetchMock, posts } = sellerServer(
      makeOrder({ status: 'ready_to_ship', nextStatuses: [...orderTransitions.ready_to_ship] }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ChatOrders kind="product" chatId={chatId} />);
    const section = await screen.findByRole('region', { name: 'Orders in this conversation' });
    const list = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(list.searchParams.get('chatId')).toBe(chatId);
    expect(list.searchParams.get('kind')).toBe('product');
    expect(within(section).getByText('Steel brackets')).toBeInTheDocument();
    expect(within(section).getByText('Ready to ship')).toBeInTheDocument();

    const form = within(section).getByRole('form', { name: 'Update status' });
    const next = within(form).getByLabelText('New status');
    expect(
      within(next)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['—', 'Shipped', 'Cancelled']);
    await user.selectOptions(next, 'Shipped');
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    expect(within(form).getAllByText('Shipping needs a tracking number and a carrier.')).toHaveLength(2);
    await user.type(within(form).getByLabelText(/Tracking number/), '1Z999AA10123456784');
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    expect(within(form).getAllByText('Shipping needs a tracking number and a carrier.')).toHaveLength(1);
    expect(posts).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Carrier/), ' Purolator ');
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Order status updated.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'Purolator',
    });
    expect(posts[0]!.headers.get('role')).toBe('seller');
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The list is asked again: the row shows the new status, its tracking and the next steps from there.
    expect(await within(section).findByText('Purolator · 1Z999AA10123456784')).toBeInTheDocument();
    expect(within(section).getByText('Shipped')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(within(section).getByLabelText('New status'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['—', 'In transit', 'Out for delivery', 'Delivered']),
    );
  });

  it('shows the server’s refusal of a change and keeps the order as it was', async () => {
    const { posts } = sellerServer(
      makeOrder({ status: 'confirmed', nextStatuses: [...orderTransitions.confirmed] }),
      () => json({ error: { code: 'ORDER_TRANSITION_NOT_ALLOWED', message: 'Not allowed' } }, 409),
    );
    const user = userEvent.setup();
    renderWithProviders(<ChatOrders kind="product" chatId={chatId} />);
    const form = await screen.findByRole('form', { name: 'Update status' });
    await user.selectOptions(within(form).getByLabelText('New status'), 'Processing');
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This order cannot move to that status from its current one.',
    );
    expect(posts.map((post) => post.body)).toEqual([{ status: 'processing' }]);
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    expect(screen.queryByText('Order status updated.')).not.toBeInTheDocument();
  });
});
