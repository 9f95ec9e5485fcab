import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CreateNotificationInput, NotificationType } from '@maplesource/contracts';
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

export const pushJobName = 'notifications.push';
const pushJobSchema = z.object({ notificationId: z.uuid(), recipientId: z.uuid() });

/**
 * Notifications come from business events, never from routes (decision 105): every stored chat message — a
 * user's text or a business action such as `quotation_created` — gives its recipient one notification (the
 * message id is its source key, so a redelivered event adds nothing). The live push runs as a job queued in
 * the same transaction, so it happens only after the notification is committed.
 */
export function registerNotificationSubscribers(app: FastifyInstance, notifications: NotificationsService) {
  app.jobs.register(
    pushJobName,
    async ({ notificationId, recipientId }) => {
      // The Socket.IO server runs with the chat backend; a process without it has no socket to push to.
      if (!app.hasDecorator('io')) return;
      const notification = await notifications.get(app.db, recipientId, notificationId);
      if (!notification) return; // deleted meanwhile
      const payload: NotificationEvent = { notification };
      const room = app.io.to(`user:${recipientId}`);
      room.emit('notification:new', payload);
      room.emit('notificationCreated', payload);
      room.emit('notification', payload);
      if (notification.metadata.subjectKind === 'service') room.emit('service:notification', payload);
    },
    { schema: pushJobSchema, retryLimit: 2 },
  );

  // An invoice that expired tells both parties (no chat message carries it: nobody sent anything).
  app.events.subscribe('notifications.invoice-expired', 'invoice.expired', async (event, { tx }) => {
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
      if (created)
        await app.jobs.send(
          pushJobName,
          { notificationId: created.id, recipientId: created.recipientId },
          { tx },
        );
    }
  });

  app.events.subscribe('notifications.chat-messages', 'chat.message-created', async (event, { tx }) => {
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
    const created = await notifications.create(tx, input, `chat-message:${event.messageId}`);
    if (created)
      await app.jobs.send(
        pushJobName,
        { notificationId: created.id, recipientId: created.recipientId },
        { tx },
      );
  });

  // The buyer hears that the payment went through (the seller hears it from the chat's order_updated).
  app.events.subscribe('notifications.order-paid', 'order.changed', async (event, { tx }) => {
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
    if (created)
      await app.jobs.send(
        pushJobName,
        { notificationId: created.id, recipientId: created.recipientId },
        { tx },
      );
  });
}
