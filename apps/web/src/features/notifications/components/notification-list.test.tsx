import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Notification, NotificationType } from '@maplesource/contracts/notifications';
import { renderWithProviders } from '../../../test/render';
import { jsonResponse } from '../../../test/catalog-fixtures';
import { NotificationList } from './notification-list';

afterEach(() => vi.restoreAllMocks());

const buyerId = '00000000-0000-4000-8000-000000000001';
const sellerId = '00000000-0000-4000-8000-000000000002';
const ORDER = '8b0c7f1e-2d3a-4b5c-9d6e-7f8091a2b3c4';
const INVOICE = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
let next = 0;

/** A notification as the server stores it: the English `message` and the facts of decision 193. */
function notification(
  type: NotificationType,
  message: string,
  metadata: Record<string, unknown>,
  sender: Notification['sender'] = { model: 'user', id: sellerId, name: 'Sam Seller' },
): Notification {
  next += 1;
  return {
    id: `30000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    sender,
    recipientId: buyerId,
    type,
    message,
    isRead: false,
    isArchived: false,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    metadata: { chatId: 'c1', subjectKind: 'product', ...metadata },
  };
}

const system = { model: 'system', id: null, name: 'MapleSource' } as const;
const subjectName = 'Steel brackets';
/** Every type the server creates (notifications.subscribers.ts), with what each variant needs. */
const items: Notification[] = [
  notification('chat_message', 'You have a new message', { subjectName }),
  notification('quotation_created', 'You received a new quotation request', {
    subjectName,
    requestId: 'Q-7',
  }),
  notification('quotation_accepted', 'Your quotation was accepted', { subjectName, requestId: 'Q-7' }),
  notification('quotation_rejected', 'Your quotation was rejected', { subjectName, requestId: 'Q-7' }),
  notification('invoice_sent', 'You received an invoice', { subjectName, invoiceId: INVOICE }),
  notification('invoice_accepted', 'Your invoice was accepted', { subjectName, invoiceId: INVOICE }),
  notification('invoice_rejected', 'Your invoice was rejected', { subjectName, invoiceId: INVOICE }),
  notification('invoice_expired', 'An invoice expired', { subjectName, invoiceId: INVOICE }, system),
  notification('order_created', 'An order was created', { subjectName, orderId: ORDER }),
  notification('order_updated', 'An order was updated', {
    subjectName,
    orderId: ORDER,
    orderStatus: 'shipped',
  }),
  notification('order_updated', 'Your payment was received', {
    subjectName,
    orderId: ORDER,
    orderStatus: 'confirmed',
    paymentStatus: 'paid',
  }),
  notification('order_updated', 'An order was updated', {
    subjectName,
    orderId: ORDER,
    orderStatus: 'cancelled',
    paymentStatus: 'refunded',
  }),
  notification('order_cancelled', 'An order was cancelled', {
    subjectName,
    orderId: ORDER,
    orderStatus: 'cancelled',
  }),
  notification(
    'order_cancelled',
    'An order was cancelled: no payment was received in time',
    { subjectName, orderId: ORDER, orderStatus: 'cancelled', cause: 'payment_not_received' },
    system,
  ),
  // Stored before decision 193: no facts, so the type's generic text.
  notification('order_updated', 'An order was updated', {}),
  notification('system', 'You have a new notification', {}, { model: 'system', id: null, name: 'System' }),
];

function showList(language: 'en' | 'fr', list: Notification[] = items) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    new URL(String(input), 'http://localhost').pathname.endsWith('/notifications')
      ? jsonResponse({ items: list, total: list.length, page: 1, pageSize: 20, unreadCount: list.length })
      : jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404),
  );
  return renderWithProviders(<NotificationList />, { language });
}

async function texts() {
  const list = await screen.findByRole('list', { name: 'Notifications' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('button span.block')!.textContent);
}

describe('the notification list speaks the reader’s language (decision 193)', () => {
  it('renders every type from its type and facts in English', async () => {
    showList('en');
    expect(await texts()).toEqual([
      'Sam Seller sent you a message about Steel brackets',
      'New quotation request Q-7 for Steel brackets',
      'Your quotation request Q-7 for Steel brackets was accepted',
      'Your quotation request Q-7 for Steel brackets was declined',
      `You received invoice #5A4B3C2D for Steel brackets`,
      `Invoice #5A4B3C2D for Steel brackets was accepted`,
      `Invoice #5A4B3C2D for Steel brackets was rejected`,
      `Invoice #5A4B3C2D for Steel brackets expired without an answer`,
      `Order #8B0C7F1E for Steel brackets was placed`,
      `Order #8B0C7F1E for Steel brackets is now: Shipped`,
      `Payment received for order #8B0C7F1E (Steel brackets)`,
      `The payment for order #8B0C7F1E (Steel brackets) was refunded`,
      `Order #8B0C7F1E for Steel brackets was cancelled`,
      `Order #8B0C7F1E for Steel brackets was cancelled: no payment was received in time`,
      'An order was updated',
      'You have a new notification',
    ]);
  });

  it('renders every type in French, never the stored English message', async () => {
    showList('fr');
    const french = await texts();
    expect(french).toEqual([
      'Sam Seller vous a écrit au sujet de Steel brackets',
      'Nouvelle demande de devis Q-7 pour Steel brackets',
      'Votre demande de devis Q-7 pour Steel brackets a été acceptée',
      'Votre demande de devis Q-7 pour Steel brackets a été refusée',
      `Vous avez reçu la facture #5A4B3C2D pour Steel brackets`,
      `La facture #5A4B3C2D pour Steel brackets a été acceptée`,
      `La facture #5A4B3C2D pour Steel brackets a été refusée`,
      `La facture #5A4B3C2D pour Steel brackets a expiré sans réponse`,
      `La commande #8B0C7F1E pour Steel brackets a été passée`,
      `Commande #8B0C7F1E pour Steel brackets : Expédiée`,
      `Paiement reçu pour la commande #8B0C7F1E (Steel brackets)`,
      `Le paiement de la commande #8B0C7F1E (Steel brackets) a été remboursé`,
      `La commande #8B0C7F1E pour Steel brackets a été annulée`,
      `La commande #8B0C7F1E pour Steel brackets a été annulée : aucun paiement n'a été reçu à temps`,
      'Une commande a été mise à jour',
      'Vous avez une nouvelle notification',
    ]);
    for (const [index, item] of items.entries()) expect(french[index]).not.toBe(item.message);
    // The system's stored default name is English: the sender reads MapleSource.
    expect(screen.queryByText(/^System ·/)).toBeNull();
  });

  it('names the product in French for a French reader when the notification carries its French name (decision 233)', async () => {
    const named = [
      notification('quotation_created', 'New quotation request', {
        subjectName,
        subjectNameFr: 'Supports en acier',
        requestId: 'Q-7',
      }),
      // Stored before decision 233: the English name only.
      notification('quotation_created', 'New quotation request', { subjectName, requestId: 'Q-7' }),
    ];
    const french = showList('fr', named);
    expect(await texts()).toEqual([
      'Nouvelle demande de devis Q-7 pour Supports en acier',
      'Nouvelle demande de devis Q-7 pour Steel brackets',
    ]);
    french.unmount();
    vi.restoreAllMocks();
    showList('en', named);
    expect(await texts()).toEqual([
      'New quotation request Q-7 for Steel brackets',
      'New quotation request Q-7 for Steel brackets',
    ]);
  });

  it('shows the stored message only for a type it does not know, or a system text someone wrote', async () => {
    const unknown = { ...notification('system', 'x', {}), type: 'loyalty_points' } as unknown as Notification;
    showList('fr', [
      { ...unknown, message: 'You earned 10 points' },
      notification('system', 'Maintenance tonight at 23:00', {}, system),
    ]);
    expect(await texts()).toEqual(['You earned 10 points', 'Maintenance tonight at 23:00']);
  });
});
