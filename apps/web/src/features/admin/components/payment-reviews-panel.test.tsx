import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPaymentReview, ResolvePaymentReviewBody } from '@maplesource/contracts/orders';
import { renderWithProviders } from '../../../test/render';
import { json, paymentReviewFixture } from '../../../test/order-fixtures';
import { clearToasts } from '../../../lib/toast-store';
import { PaymentReviewsPanel } from './payment-reviews-panel';

const review = (id: string, subjectName: string, subjectNameFr: string | null): AdminPaymentReview => ({
  ...paymentReviewFixture({ id, orderId: `order-${id}` }),
  order: {
    id: `order-${id}`,
    kind: 'product',
    totalCents: 120_724,
    paymentStatus: 'paid',
    refundedCents: 0,
    paidAt: '2026-11-20T15:05:00.000Z',
    buyerName: 'Jeanne Roy',
    sellerName: 'Acier Québec',
    subjectName,
    subjectNameFr,
    timeZone: 'America/Toronto',
  },
});

afterEach(() => clearToasts());

/**
 * The admin's queue as the server keeps it: the list filtered by status, and a resolution that refunds (the whole
 * rest, or `amountCents`) or dismisses the review — or answers `refusal` when one is given.
 */
function reviewsServer(reviews: AdminPaymentReview[], refusal?: Response) {
  const resolutions: { reviewId: string; body: ResolvePaymentReviewBody; headers: Headers }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const resolve = /\/admin\/payment-reviews\/([^/]+)\/resolve$/.exec(url.pathname);
    if (resolve && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as ResolvePaymentReviewBody;
      resolutions.push({ reviewId: resolve[1]!, body, headers: new Headers(init.headers) });
      if (refusal) return refusal.clone();
      const index = reviews.findIndex((r) => r.id === resolve[1]);
      const current = reviews[index]!;
      const refundCents =
        body.outcome === 'refund'
          ? (body.amountCents ?? current.order.totalCents - current.order.refundedCents)
          : 0;
      const resolved: AdminPaymentReview = {
        ...current,
        status: body.outcome === 'refund' ? 'refunded' : 'dismissed',
        resolutionNote: body.note ?? null,
        refundCents,
        resolvedAt: '2026-11-24T10:00:00.000Z',
        order: { ...current.order, refundedCents: current.order.refundedCents + refundCents },
      };
      reviews[index] = resolved;
      return json({ review: resolved });
    }
    const status = url.searchParams.get('status');
    const items = reviews.filter((r) => !status || r.status === status);
    return json({ items, total: items.length, page: 1, pageSize: 20 });
  });
  return resolutions;
}

describe('the payment reviews queue', () => {
  it("names each order's product in the reader's language, or in English when it has no French name (decision 232)", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({
        items: [review('a', 'Steel brackets', 'Supports en acier'), review('b', 'Old bolts', null)],
        total: 2,
        page: 1,
        pageSize: 20,
      }),
    );
    renderWithProviders(<PaymentReviewsPanel />, { language: 'fr' });
    expect(await screen.findByText('Supports en acier')).toBeInTheDocument();
    expect(screen.queryByText('Steel brackets')).not.toBeInTheDocument();
    expect(screen.getByText('Old bolts')).toBeInTheDocument();
  });

  it.each([
    {
      outcome: 'Refund what is left ($1,207.24)',
      shown: 'Refunded',
      sent: { outcome: 'refund', note: 'Refunded in full.' },
      refunded: 'Refunded so far: $1,207.24',
    },
    {
      outcome: 'Partial refund',
      amount: '250,5',
      shown: 'Refunded',
      sent: { outcome: 'refund', amountCents: 25_050, note: 'Refunded in full.' },
      refunded: 'Refunded so far: $250.50',
    },
    { outcome: 'Dismiss', shown: 'Dismissed', sent: { outcome: 'dismiss', note: 'Refunded in full.' } },
  ])(
    'resolves a review with "$outcome", sends it and shows the outcome',
    async ({ outcome, amount, shown, sent, refunded }) => {
      const resolutions = reviewsServer([review('a', 'Steel brackets', null)]);
      const user = userEvent.setup();
      renderWithProviders(<PaymentReviewsPanel />);
      const item = await screen.findByTestId('payment-review-item');
      await user.click(within(item).getByRole('radio', { name: outcome }));
      if (amount) await user.type(within(item).getByLabelText('Refund amount (CAD)'), amount);
      await user.type(within(item).getByLabelText('Note to the buyer (optional)'), ' Refunded in full. ');
      await user.click(within(item).getByRole('button', { name: 'Resolve' }));
      expect(await screen.findByText('Payment review resolved.')).toBeInTheDocument();
      expect(resolutions).toHaveLength(1);
      expect(resolutions[0]).toMatchObject({ reviewId: 'a', body: sent });
      expect(resolutions[0]!.headers.get('role')).toBe('admin');
      expect(resolutions[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
      // Resolved, it leaves the open queue; among all reviews it shows how it ended.
      expect(await screen.findByText('No payment reviews here.')).toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Show'), 'All reviews');
      const resolved = await screen.findByTestId('payment-review-item');
      expect(within(resolved).getByText(shown)).toBeInTheDocument();
      expect(within(resolved).getByText('Note: Refunded in full.')).toBeInTheDocument();
      if (refunded) expect(within(resolved).getByText(refunded)).toBeInTheDocument();
      else expect(within(resolved).queryByText(/Refunded so far/)).not.toBeInTheDocument();
      expect(within(resolved).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    },
  );

  it('refuses a partial refund without a valid amount or above what is left, without asking the server', async () => {
    const open = review('a', 'Steel brackets', null);
    const resolutions = reviewsServer([{ ...open, order: { ...open.order, refundedCents: 20_724 } }]);
    const user = userEvent.setup();
    renderWithProviders(<PaymentReviewsPanel />);
    const item = await screen.findByTestId('payment-review-item');
    expect(within(item).getByText('Refunded so far: $207.24')).toBeInTheDocument();
    await user.click(within(item).getByRole('radio', { name: 'Partial refund' }));
    const amount = within(item).getByLabelText('Refund amount (CAD)');
    await user.type(amount, 'twelve');
    await user.click(within(item).getByRole('button', { name: 'Resolve' }));
    expect(within(item).getByText('Enter an amount such as 25.00.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1000.01');
    await user.click(within(item).getByRole('button', { name: 'Resolve' }));
    expect(within(item).getByText('At most $1,000.00 can be refunded.')).toBeInTheDocument();
    expect(resolutions).toHaveLength(0);
  });

  it("shows the server's refusal and keeps the review open", async () => {
    const resolutions = reviewsServer(
      [review('a', 'Steel brackets', null)],
      json({ error: { code: 'REFUND_WINDOW_CLOSED', message: 'closed' } }, 409),
    );
    const user = userEvent.setup();
    renderWithProviders(<PaymentReviewsPanel />);
    const item = await screen.findByTestId('payment-review-item');
    await user.click(within(item).getByRole('button', { name: 'Resolve' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Refunds are possible within 30 days of the payment.',
    );
    expect(resolutions.map((r) => r.body)).toEqual([{ outcome: 'refund' }]);
    expect(within(item).getByText('Open')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Resolve' })).toBeEnabled();
    expect(screen.queryByText('Payment review resolved.')).not.toBeInTheDocument();
  });
});
