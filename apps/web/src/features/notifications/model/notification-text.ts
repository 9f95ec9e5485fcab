import type { TFunction } from 'i18next';
import {
  notificationDefaults,
  notificationMetadataSchema,
  type Notification,
  type NotificationMetadata,
} from '@maplesource/contracts/notifications';
import { shortRef } from '@maplesource/contracts/common';
import { subjectNameIn } from '@maplesource/contracts/languages';
import { orderStatuses } from '@maplesource/contracts/orders';

/** Order statuses with a text in `orders:status.*` (anything else reads as the generic update). */
const knownOrderStatuses = new Set<string>(orderStatuses);

/** The metadata's known fields (a row that does not parse, being older or foreign, gives none). */
function factsOf(notification: Notification): NotificationMetadata {
  const parsed = notificationMetadataSchema.safeParse(notification.metadata);
  return parsed.success ? parsed.data : {};
}

/**
 * The payment variant of an `order_updated` notification: the payment went through, failed, or went back.
 * (A status change without a payment status is the order's own.)
 */
function paymentVariant(paymentStatus: string | undefined): 'paid' | 'failed' | 'refunded' | null {
  if (paymentStatus === 'paid') return 'paid';
  if (paymentStatus === 'failed') return 'failed';
  if (paymentStatus === 'refunded' || paymentStatus === 'partially_refunded') return 'refunded';
  return null;
}

/**
 * What a notification says, in the reader's language (decision 193): each type's text from i18n with the facts
 * its metadata carries (product or service, quotation reference, invoice, order, the order's new status). A row
 * without those facts (stored before they were) shows its type's generic text; only an unknown type, or a
 * `system` notification someone wrote, shows the stored message. `language` is the reader's (the product's name).
 */
export function notificationText(t: TFunction, notification: Notification, language: string): string {
  const facts = factsOf(notification);
  // The product's French name when the reader reads French and the notification carries it (decision 233).
  const subject =
    facts.subjectName &&
    subjectNameIn({ name: facts.subjectName, nameFr: facts.subjectNameFr ?? null }, language);
  const sender = notification.sender.name;
  const key = (path: string, values: Record<string, string> = {}) => t(`notifications:text.${path}`, values);
  switch (notification.type) {
    case 'system':
      return notification.message === notificationDefaults.message || notification.message === ''
        ? key('system')
        : notification.message;
    case 'chat_message':
      if (subject && sender) return key('chat_message.full', { sender, subject });
      return key('chat_message.generic');
    case 'quotation_created':
    case 'quotation_accepted':
    case 'quotation_rejected':
      if (subject && facts.requestId)
        return key(`${notification.type}.full`, { requestId: shortRef(facts.requestId), subject });
      return key(`${notification.type}.generic`);
    case 'invoice_sent':
    case 'invoice_accepted':
    case 'invoice_rejected':
    case 'invoice_expired':
    case 'invoice_withdrawn':
      if (subject && facts.invoiceId)
        return key(`${notification.type}.full`, { invoiceId: shortRef(facts.invoiceId), subject });
      return key(`${notification.type}.generic`);
    case 'order_created':
      if (subject && facts.orderId)
        return key('order_created.full', { orderId: shortRef(facts.orderId), subject });
      return key('order_created.generic');
    case 'order_cancelled':
      if (!subject || !facts.orderId) return key('order_cancelled.generic');
      return key(facts.cause === 'payment_not_received' ? 'order_cancelled.unpaid' : 'order_cancelled.full', {
        orderId: shortRef(facts.orderId),
        subject,
      });
    case 'order_updated': {
      if (!subject || !facts.orderId) return key('order_updated.generic');
      const values = { orderId: shortRef(facts.orderId), subject };
      const payment = paymentVariant(facts.paymentStatus);
      if (payment) return key(`order_updated.payment.${payment}`, values);
      if (facts.orderStatus && knownOrderStatuses.has(facts.orderStatus))
        return key('order_updated.full', { ...values, status: t(`orders:status.${facts.orderStatus}`) });
      return key('order_updated.generic');
    }
    default:
      return notification.message;
  }
}
