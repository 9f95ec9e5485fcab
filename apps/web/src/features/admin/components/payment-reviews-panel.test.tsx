import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPaymentReview } from '@maplesource/contracts/orders';
import { renderWithProviders } from '../../../test/render';
import { PaymentReviewsPanel } from './payment-reviews-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const review = (id: string, subjectName: string, subjectNameFr: string | null): AdminPaymentReview => ({
  id,
  orderId: `order-${id}`,
  orderKind: 'product',
  status: 'open',
  reason: 'Half the brackets were bent.',
  resolutionNote: null,
  refundCents: 0,
  createdAt: '2026-11-23T10:00:00.000Z',
  resolvedAt: null,
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
  },
});

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
});
