import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../test/order-fixtures';
import { renderWithProviders } from '../../../test/render';
import { SellerOrderRow } from './seller-order-row';
import { OrderDocumentLinks } from './order-document-links';

/** The order's documents (decision 293): the confirmation always, the receipt once paid, in the page's language. */
describe("the order's document links", () => {
  it('offers the confirmation of an unpaid order but no receipt', () => {
    const order = makeOrder();
    renderWithProviders(<OrderDocumentLinks order={order} />, { language: 'en' });
    const confirmation = screen.getByRole('link', { name: 'Download the order confirmation (PDF)' });
    expect(confirmation).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`/api/v1/orders/${order.id}/confirmation\\.pdf\\?lang=en$`)),
    );
    expect(confirmation).toHaveAttribute('download');
    expect(screen.queryByRole('link', { name: /receipt/ })).not.toBeInTheDocument();
  });

  it("offers the paid order's receipt, on the seller's order row too, in French", () => {
    const base = makeOrder();
    const order = makeOrder({
      kind: 'service',
      payment: { ...base.payment, status: 'paid', paidAt: '2026-11-21T15:00:00.000Z' },
    });
    renderWithProviders(
      <ul>
        <SellerOrderRow order={order} />
      </ul>,
      { language: 'fr' },
    );
    expect(screen.getByRole('link', { name: 'Télécharger le reçu de paiement (PDF)' })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`/api/v1/service-orders/${order.id}/receipt\\.pdf\\?lang=fr$`)),
    );
    expect(
      screen.getByRole('link', { name: 'Télécharger la confirmation de commande (PDF)' }),
    ).toBeInTheDocument();
  });
});
