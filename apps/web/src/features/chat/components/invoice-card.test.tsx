import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ChatMessage } from '@maplesource/contracts/chat';
import { renderWithProviders } from '../../../test/render';
import { buyerId, message, sellerId } from '../test-support';
import { latestInvoiceOf, MessageList } from './message-list';

/** A business action `seq` sent by `senderId` (no text of its own). */
function businessMessage(
  seq: number,
  senderId: string,
  businessAction: ChatMessage['businessAction'],
  businessPayload: ChatMessage['businessPayload'],
): ChatMessage {
  return message(seq, { senderId, text: '', businessAction, businessPayload });
}

/** The chat's message list showing `messages` to `meId` (in a router: its cards link to the invoice page). */
function renderMessages(messages: ChatMessage[], meId: string, language?: 'en' | 'fr') {
  return renderWithProviders(
    <MemoryRouter>
      <MessageList
        messages={messages}
        pending={[]}
        meId={meId}
        hasOlder={false}
        onLoadOlder={() => undefined}
        onRetry={() => undefined}
      />
    </MemoryRouter>,
    language ? { language } : {},
  );
}

const sent = businessMessage(3, sellerId, 'invoice_sent', {
  invoiceId: 'INV-1',
  invoiceToken: 'tok_service_0000000000000',
  kind: 'service',
  totalCents: 118_650,
  expiresAt: '2026-11-30T10:00:00.000Z',
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
    renderMessages([message(1), sent, rejected], sellerId);
    expect(screen.getByText(/Invoice sent · \$1,186\.50/)).toBeInTheDocument();
    expect(screen.getByText('Reason: Too expensive')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'View invoice' })) {
      expect(link).toHaveAttribute('href', '/invoice/tok_service_0000000000000?kind=service');
    }
  });

  it('show a withdrawal, a revised version and a counter-offer (decisions 271, 272)', () => {
    const withdrawn = businessMessage(5, sellerId, 'invoice_withdrawn', {
      ...sent.businessPayload,
      version: 1,
    });
    const revised = businessMessage(6, sellerId, 'invoice_sent', {
      invoiceId: 'INV-2',
      invoiceToken: 'tok_service_2222222222222',
      kind: 'service',
      totalCents: 100_000,
      expiresAt: '2026-12-05T10:00:00.000Z',
      version: 2,
    });
    const countered = businessMessage(7, buyerId, 'invoice_rejected', {
      invoiceId: 'INV-2',
      invoiceToken: 'tok_service_2222222222222',
      kind: 'service',
      totalCents: 100_000,
      expiresAt: '2026-12-05T10:00:00.000Z',
      version: 2,
      reason: 'Still too much',
      counterOffer: {
        negotiatedPriceCents: 85_000,
        quantity: 40,
        deliveryDate: '2026-12-20',
        note: 'Firm.',
      },
    });
    renderMessages([sent, withdrawn, revised, countered], sellerId);
    expect(screen.getByText(/Invoice withdrawn · \$1,186\.50/)).toBeInTheDocument();
    expect(screen.getByText('Invoice sent · $1,000.00 · version 2')).toBeInTheDocument();
    expect(
      screen.getByText('Counter-offer: price $850.00 · quantity 40 · delivery by Dec 20, 2026 · Firm.'),
    ).toBeInTheDocument();
    expect(latestInvoiceOf([sent, withdrawn, revised, countered])?.invoiceToken).toBe(
      'tok_service_2222222222222',
    );
  });

  it('show an acceptance as a card when its payload carries the total and expiry (decision 214)', () => {
    const accepted = businessMessage(4, buyerId, 'invoice_accepted', {
      invoiceId: 'INV-1',
      invoiceToken: 'tok_service_0000000000000',
      kind: 'service',
      orderId: 'o1',
      totalCents: 118_650,
      expiresAt: '2026-11-30T10:00:00.000Z',
      issuedAt: '2026-11-28T10:00:00.000Z',
    });
    // One stored before it names only the invoice: a plain line, as before.
    const older = businessMessage(5, buyerId, 'invoice_accepted', {
      invoiceId: 'INV-0',
      invoiceToken: 'tok_service_1111111111111',
      orderId: 'o0',
    });
    renderMessages([sent, accepted, older], sellerId);
    expect(screen.getByText(/Invoice accepted · \$1,186\.50/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'View invoice' })).toHaveLength(2);
    // The older one is a system row of its own, without an amount it does not know.
    expect(
      screen.getByText('Invoice accepted', { selector: '[data-business-action] p' }),
    ).toBeInTheDocument();
  });

  it('give the conversation’s newest invoice, ignoring payloads that are not invoices', () => {
    expect(latestInvoiceOf([message(1), sent, rejected, message(5)])?.reason).toBe('Too expensive');
    expect(
      latestInvoiceOf([message(1, { businessAction: 'invoice_sent', businessPayload: { nope: 1 } })]),
    ).toBeNull();
  });
});

/** An invoice business action about invoice `id`, created at `issuedAt` (absent: stored before decision 194). */
function invoiceAction(
  seq: number,
  action: 'invoice_sent' | 'invoice_rejected' | 'invoice_expired',
  id: 'A' | 'B',
  issuedAt?: string,
) {
  return businessMessage(seq, sellerId, action, {
    invoiceId: `INV-${id}`,
    invoiceToken: `tok_${id}_00000000000000000000`,
    kind: 'product',
    totalCents: id === 'A' ? 10_000 : 9_000,
    expiresAt: '2026-11-30T10:00:00.000Z',
    ...(issuedAt ? { issuedAt } : {}),
  });
}

describe('the conversation’s newest invoice (decision 194)', () => {
  const aIssued = '2026-11-20T10:00:00.000Z';
  const bIssued = '2026-11-24T10:00:00.000Z';

  it('stays the newer invoice when the older one’s expiry is told after it was issued', () => {
    const messages = [
      invoiceAction(3, 'invoice_sent', 'A', aIssued),
      invoiceAction(4, 'invoice_sent', 'B', bIssued),
      invoiceAction(5, 'invoice_expired', 'A', aIssued),
    ];
    expect(latestInvoiceOf(messages)).toMatchObject({ invoiceId: 'INV-B', seenSeq: 4 });
    // Payloads stored before `issuedAt` existed: the order the chat first told each invoice in.
    const old = [
      invoiceAction(3, 'invoice_sent', 'A'),
      invoiceAction(4, 'invoice_sent', 'B'),
      invoiceAction(5, 'invoice_expired', 'A'),
    ];
    expect(latestInvoiceOf(old)?.invoiceId).toBe('INV-B');
  });

  it('uses the invoices’ own creation times when the older one’s `invoice_sent` is in a page not loaded', () => {
    const messages = [
      invoiceAction(40, 'invoice_sent', 'B', bIssued),
      invoiceAction(41, 'invoice_expired', 'A', aIssued),
    ];
    expect(latestInvoiceOf(messages)?.invoiceId).toBe('INV-B');
  });

  it('gives the newest invoice’s latest state, whatever order the actions are held in', () => {
    const messages = [
      invoiceAction(6, 'invoice_rejected', 'B', bIssued),
      invoiceAction(3, 'invoice_sent', 'A', aIssued),
      invoiceAction(4, 'invoice_sent', 'B', bIssued),
      invoiceAction(5, 'invoice_expired', 'A', aIssued),
    ];
    expect(latestInvoiceOf(messages)).toMatchObject({ invoiceId: 'INV-B', seenSeq: 6 });
    // An acceptance names only the invoice: still news about it (the panel reloads), card data unchanged.
    const accepted = businessMessage(7, buyerId, 'invoice_accepted', {
      invoiceId: 'INV-B',
      invoiceToken: 'tok_B_00000000000000000000',
      orderId: 'o1',
    });
    expect(latestInvoiceOf([...messages.slice(1), accepted])).toMatchObject({
      invoiceId: 'INV-B',
      totalCents: 9_000,
      seenSeq: 7,
    });
  });
});

describe('order business actions in the chat', () => {
  it('say why MapleSource cancelled an unpaid order, in the reader’s language', () => {
    const cancelled = businessMessage(6, sellerId, 'order_cancelled', {
      orderId: 'o1',
      kind: 'product',
      status: 'cancelled',
      reason: 'payment_not_received',
    });
    const bySeller = businessMessage(7, sellerId, 'order_cancelled', {
      orderId: 'o2',
      kind: 'product',
      status: 'cancelled',
      reason: 'something else',
    });
    const list = (language: 'en' | 'fr') => renderMessages([cancelled, bySeller], 'buyer-1', language);
    const en = list('en');
    expect(screen.getAllByText(/Order cancelled/)).toHaveLength(2);
    expect(screen.getAllByText(/No payment was received within 7 days/)).toHaveLength(1);
    en.unmount();
    list('fr');
    expect(screen.getByText(/Aucun paiement n'a été reçu dans les 7 jours/)).toBeInTheDocument();
  });

  it('say what happened to the payment, so a refund never reads as a plain update (EN and FR)', () => {
    const refunded = businessMessage(8, sellerId, 'order_updated', {
      orderId: 'o3',
      kind: 'product',
      status: 'cancelled',
      invoiceToken: 'tok',
      reason: 'payment_not_received',
      paymentStatus: 'refunded',
    });
    const paid = businessMessage(9, buyerId, 'order_updated', {
      orderId: 'o4',
      kind: 'product',
      status: 'confirmed',
      invoiceToken: 'tok',
      paymentStatus: 'paid',
    });
    const list = (language: 'en' | 'fr') => renderMessages([refunded, paid], 'buyer-1', language);
    const en = list('en');
    expect(screen.getByText('The payment was refunded in full.')).toBeInTheDocument();
    expect(screen.getByText('Payment received.')).toBeInTheDocument();
    en.unmount();
    list('fr');
    expect(screen.getByText('Le paiement a été remboursé en entier.')).toBeInTheDocument();
    expect(screen.getByText('Paiement reçu.')).toBeInTheDocument();
  });
});
