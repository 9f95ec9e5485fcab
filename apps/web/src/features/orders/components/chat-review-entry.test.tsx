import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Order } from '@maplesource/contracts/orders';
import { json, makeOrder, ORDER_ID } from '../../../test/order-fixtures';
import { renderWithProviders } from '../../../test/render';
import { ChatReviewEntry } from './chat-review-entry';

const review = {
  id: 'r1',
  orderId: ORDER_ID,
  orderKind: 'product',
  status: 'open',
  reason: 'The parts arrived bent.',
  resolutionNote: null,
  refundCents: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  sellerAnswer: null,
  sellerAnsweredAt: null,
  answerDueAt: '2026-11-25T10:00:00.000Z',
  escalatedAt: null,
} satisfies Order['paymentReview'];

/** GET orders/{id} for the buyer, seller/orders/{id} for the seller; records which was asked. */
function orderServer(order: Order) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url.pathname.replace(/^.*\/api\/v1\//, ''));
    return json({ order });
  });
  return asked;
}

function renderEntry(as: 'buyer' | 'seller', onLeave = vi.fn()) {
  renderWithProviders(
    <MemoryRouter>
      <ChatReviewEntry kind="product" orderId={ORDER_ID} as={as} href="/order/here" onLeave={onLeave} />
    </MemoryRouter>,
  );
  return onLeave;
}

describe('the chat header’s review (docs/product.md §2, decision 253)', () => {
  it('shows the order’s payment review state, linked to the order page, for the buyer', async () => {
    const asked = orderServer(makeOrder({ paymentReview: review, canRequestPaymentReview: false }));
    const onLeave = renderEntry('buyer');
    const link = await screen.findByRole('link', { name: /^Open payment review of order/ });
    expect(link).toHaveAttribute('href', '/order/here');
    expect(asked).toEqual([`orders/${ORDER_ID}`]);
    await userEvent.click(link);
    expect(onLeave).toHaveBeenCalled();
  });

  it('offers "Request a review" while the buyer may ask for one, and says none otherwise', async () => {
    orderServer(makeOrder({ paymentReview: null, canRequestPaymentReview: true }));
    renderEntry('buyer');
    expect(await screen.findByRole('link', { name: /^Request a review/ })).toHaveAttribute(
      'href',
      '/order/here',
    );
  });

  it('says "None" when the order has no review and may not get one', async () => {
    orderServer(makeOrder({ paymentReview: null, canRequestPaymentReview: false }));
    renderEntry('buyer');
    expect(await screen.findByText('None')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('reads the seller’s copy of the order and shows its review state, never the request', async () => {
    const asked = orderServer(
      makeOrder({ paymentReview: { ...review, status: 'refunded' }, canRequestPaymentReview: true }),
    );
    renderEntry('seller');
    expect(await screen.findByRole('link', { name: /^Refunded/ })).toBeInTheDocument();
    expect(asked).toEqual([`seller/orders/${ORDER_ID}`]);
  });
});
