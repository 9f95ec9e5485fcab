import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { message, sellerId } from '../test-support';
import { latestInvoiceOf, MessageList } from './message-list';

const sent = message(3, {
  senderId: sellerId,
  text: '',
  businessAction: 'invoice_sent',
  businessPayload: {
    invoiceId: 'INV-1',
    invoiceToken: 'tok_service_0000000000000',
    kind: 'service',
    totalCents: 118_650,
    expiresAt: '2026-11-30T10:00:00.000Z',
  },
});
const rejected = message(4, {
  businessAction: 'invoice_rejected',
  businessPayload: {
    invoiceId: 'INV-1',
    invoiceToken: 'tok_service_0000000000000',
    kind: 'service',
    totalCents: 118_650,
    expiresAt: '2026-11-30T10:00:00.000Z',
    reason: 'Too expensive',
  },
});

describe('invoice business actions in the chat', () => {
  it('render as cards with the total, the reason and a link to the invoice page', () => {
    renderWithProviders(
      <MemoryRouter>
        <MessageList
          messages={[message(1), sent, rejected]}
          pending={[]}
          meId={sellerId}
          hasOlder={false}
          onLoadOlder={() => undefined}
          onRetry={() => undefined}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Invoice sent · \$1,186\.50/)).toBeInTheDocument();
    expect(screen.getByText('Reason: Too expensive')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'View invoice' })) {
      expect(link).toHaveAttribute('href', '/invoice/tok_service_0000000000000?kind=service');
    }
  });

  it('give the conversation’s newest invoice, ignoring payloads that are not invoices', () => {
    expect(latestInvoiceOf([message(1), sent, rejected, message(5)])?.reason).toBe('Too expensive');
    expect(
      latestInvoiceOf([message(1, { businessAction: 'invoice_sent', businessPayload: { nope: 1 } })]),
    ).toBeNull();
  });
});

describe('order business actions in the chat', () => {
  it('say why MapleSource cancelled an unpaid order, in the reader’s language', () => {
    const cancelled = message(6, {
      senderId: sellerId,
      text: '',
      businessAction: 'order_cancelled',
      businessPayload: {
        orderId: 'o1',
        kind: 'product',
        status: 'cancelled',
        reason: 'payment_not_received',
      },
    });
    const bySeller = message(7, {
      senderId: sellerId,
      text: '',
      businessAction: 'order_cancelled',
      businessPayload: { orderId: 'o2', kind: 'product', status: 'cancelled', reason: 'something else' },
    });
    const list = (language: 'en' | 'fr') =>
      renderWithProviders(
        <MemoryRouter>
          <MessageList
            messages={[cancelled, bySeller]}
            pending={[]}
            meId="buyer-1"
            hasOlder={false}
            onLoadOlder={() => undefined}
            onRetry={() => undefined}
          />
        </MemoryRouter>,
        { language },
      );
    const en = list('en');
    expect(screen.getAllByText(/Order cancelled/)).toHaveLength(2);
    expect(screen.getAllByText(/No payment was received within 7 days/)).toHaveLength(1);
    en.unmount();
    list('fr');
    expect(screen.getByText(/Aucun paiement n'a été reçu dans les 7 jours/)).toBeInTheDocument();
  });
});
