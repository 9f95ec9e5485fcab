import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@maplesource/contracts/orders';
import { makeOrder } from '../../../test/order-fixtures';
import { renderWithProviders } from '../../../test/render';
import { SellerPaymentReview } from './seller-payment-review';

const openReview: NonNullable<Order['paymentReview']> = {
  id: 'r1',
  orderId: 'o1',
  orderKind: 'product',
  status: 'open',
  reason: 'Half of the brackets arrived bent.',
  resolutionNote: null,
  refundCents: 0,
  createdAt: '2026-11-23T15:00:00.000Z',
  resolvedAt: null,
  sellerAnswer: null,
  sellerAnsweredAt: null,
  answerDueAt: '2026-11-26T15:00:00.000Z',
  escalatedAt: null,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

describe("the seller's side of a payment review", () => {
  it('shows nothing for an order without a review', () => {
    renderWithProviders(<SellerPaymentReview order={makeOrder()} />, { language: 'en' });
    expect(screen.queryByTestId('seller-payment-review')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment review', { exact: false })).not.toBeInTheDocument();
  });

  it('asks for an answer of 10 characters before sending it once, as the seller', async () => {
    const user = userEvent.setup();
    const order = makeOrder({ paymentReview: openReview });
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ order }));
    renderWithProviders(<SellerPaymentReview order={order} />, { language: 'en' });
    expect(screen.getByText('Half of the brackets arrived bent.')).toBeInTheDocument();
    expect(screen.getByText(/^Answer by /)).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: /Your answer to the buyer/ });
    await user.type(box, 'Bent?');
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByText('Write your answer in at least 10 characters.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(box);
    await user.type(box, 'Every bracket left our dock intact.');
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/seller\/orders\/[^/]+\/payment-review\/answer$/);
    expect(JSON.parse(String(init!.body))).toEqual({ answer: 'Every bracket left our dock intact.' });
    expect(new Headers(init!.headers).get('role')).toBe('seller');
  });

  it('shows the server’s refusal in the reader’s language', async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ error: { code: 'PAYMENT_REVIEW_ANSWERED', message: 'already' } }, 409),
    );
    renderWithProviders(<SellerPaymentReview order={makeOrder({ paymentReview: openReview })} />, {
      language: 'fr',
    });
    await user.type(screen.getByRole('textbox'), 'Chaque support est parti intact.');
    await user.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le vendeur a déjà répondu à cet examen de paiement.',
    );
  });

  it('shows a given answer instead of the form, and says when the review went to an administrator', () => {
    renderWithProviders(
      <SellerPaymentReview
        order={makeOrder({
          paymentReview: {
            ...openReview,
            escalatedAt: '2026-11-26T15:05:00.000Z',
            sellerAnswer: 'Every bracket left our dock intact.',
            sellerAnsweredAt: '2026-11-27T09:00:00.000Z',
          },
        })}
      />,
      { language: 'en' },
    );
    expect(screen.getByText('Every bracket left our dock intact.')).toBeInTheDocument();
    expect(screen.getByText(/^Passed to an administrator on /)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
