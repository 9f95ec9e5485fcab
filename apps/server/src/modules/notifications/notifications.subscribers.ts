import type { FastifyInstance } from 'fastify';
import type { CreateNotificationInput, Notification, NotificationType } from '@maplesource/contracts';
import type { NotificationEvent } from '@maplesource/contracts/realtime/events';
import type { NotificationsService } from './notifications.service';

/** What a recipient reads for each kind of chat message (spec §3 message; the web shows the type's own text). */
const messages: Partial<Record<NotificationType, string>> = {
  chat_message: 'You have a new message',
  quotation_created: 'You received a new quotation request',
  quotation_accepted: 'Your quotation was accepted',
  quotation_rejected: 'Your quotation was rejected',
  invoice_sent: 'You received an invoice',
  invoice_accepted: 'Your invoice was accepted',
  invoice_rejected: 'Your invoice was rejected',
  order_created: 'An order was created',
  order_updated: 'An order was updated',
  order_cancelled: 'An order was cancelled',
  invoice_expired: 'An invoice expired',
};

const notificationTypeOf = (businessAction: string | null | undefined): NotificationType =>
  businessAction && businessAction in messages ? (businessAction as NotificationType) : 'chat_message';

/**
 * Notifications come from business events, never from routes (decision 105): every stored chat message — a
 * user's text or a business action such as `quotation_created` — gives its recipient one notification (the
 * message id is its source key, so a redelivered event adds nothing). The live push goes out right after the
 * notification is committed (decision 115); the stored notification is what the list shows after any gap.
 */
export function registerNotificationSubscribers(app: FastifyInstance, notifications: NotificationsService) {
  /** The live push (spec §7 names), to every process holding the recipient's sockets (Redis adapter). */
  function push(notification: Notification) {
    // The Socket.IO server runs with the chat backend; a process without it has no socket to push to.
    if (!app.hasDecorator('io')) return;
    const payload: NotificationEvent = { notification };
    const room = app.io.to(`user:${notification.recipientId}`);
    room.emit('notification:new', payload);
    room.emit('notificationCreated', payload);
    room.emit('notification', payload);
    if (notification.metadata.subjectKind === 'service') room.emit('service:notification', payload);
  }

  // An invoice that expired tells both parties (no chat message carries it: nobody sent anything).
  app.events.subscribe(
    'notifications.invoice-expired',
    'invoice.expired',
    async (event, { tx, afterCommit }) => {
      for (const recipientId of [event.buyerId, event.sellerUserId]) {
        const created = await notifications.create(
          tx,
          {
            recipientId,
            type: 'invoice_expired',
            message: messages.invoice_expired,
            metadata: {
              chatId: event.chatId,
              invoiceId: event.invoiceId,
              invoiceToken: event.invoiceToken,
              subjectKind: event.kind,
            },
          },
          `invoice-expired:${event.invoiceId}:${recipientId}`,
        );
        if (created) afterCommit(() => push(created));
      }
    },
  );

  // Every chat message: one statement for all the messages a dispatcher batch claimed (decision 188).
  app.events.subscribeBatch(
    'notifications.chat-messages',
    'chat.message-created',
    async (events, { tx, afterCommit }) => {
      const entries = events.flatMap(({ payload: event }) => {
        // Both parties already hear of an expiry from `invoice.expired` (above): its chat message adds no second one.
        if (event.businessAction === 'invoice_expired') return [];
        const type = notificationTypeOf(event.businessAction);
        const input: CreateNotificationInput = {
          recipientId: event.recipientId,
          sender: { model: 'user', id: event.senderId, name: '' },
          type,
          message: messages[type],
          metadata: {
            chatId: event.chatId,
            messageId: event.messageId,
            seq: event.seq,
            subjectKind: event.subjectKind ?? 'product',
          },
        };
        return [{ input, sourceKey: `chat-message:${event.messageId}` }];
      });
      const created = await notifications.createMany(tx, entries);
      if (created.length > 0) afterCommit(() => created.forEach(push));
    },
  );

  // An order cancelled for want of payment (decision 166): the buyer hears it from the chat's order_cancelled, which
  // is posted on the seller's side; the seller is told here.
  app.events.subscribe('notifications.order-unpaid', 'order.changed', async (event, { tx, afterCommit }) => {
    if (event.change !== 'unpaid' || !event.sellerUserId) return;
    const created = await notifications.create(
      tx,
      {
        recipientId: event.sellerUserId,
        sender: { model: 'system', id: null, name: 'MapleSource' },
        type: 'order_cancelled',
        message: 'An order was cancelled: no payment was received in time',
        metadata: { chatId: event.chatId, orderId: event.orderId, subjectKind: event.kind },
      },
      `order-unpaid:${event.orderId}`,
    );
    if (created) afterCommit(() => push(created));
  });

  // The buyer hears that the payment went through (the seller hears it from the chat's order_updated).
  app.events.subscribe('notifications.order-paid', 'order.changed', async (event, { tx, afterCommit }) => {
    if (event.change !== 'payment' || event.paymentStatus !== 'paid' || !event.buyerUserId) return;
    const created = await notifications.create(
      tx,
      {
        recipientId: event.buyerUserId,
        sender: { model: 'system', id: null, name: 'MapleSource' },
        type: 'order_updated',
        message: 'Your payment was received',
        metadata: { chatId: event.chatId, orderId: event.orderId, subjectKind: event.kind },
      },
      `order-paid:${event.orderId}`,
    );
    if (created) afterCommit(() => push(created));
  });
}
