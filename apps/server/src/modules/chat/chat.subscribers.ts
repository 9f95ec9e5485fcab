import type { FastifyInstance } from 'fastify';
import { chatEventName } from '@maplesource/contracts/realtime/events';

/**
 * Live delivery of business actions (quotation, invoice and order messages), after their transaction
 * committed: the stored message goes to both participants' user rooms (`user:<id>`), so whichever process
 * holds their sockets delivers it (Redis Streams adapter). Messages sent over the socket are delivered by the
 * socket handler itself right after commit; clients deduplicate by `seq` anyway.
 */
export function registerChatSubscribers(app: FastifyInstance): void {
  // An invoice that expired unanswered is said in its conversation (decision 167), on the seller's side (the
  // invoice was theirs). The subscriber's transaction commits with its "handled" mark: told once.
  app.events.subscribe('chat.invoice-expired', 'invoice.expired', async (event, { tx }) => {
    await app.chat.postBusinessAction(tx, {
      chatId: event.chatId,
      senderId: event.sellerUserId,
      action: 'invoice_expired',
      payload: {
        invoiceId: event.invoiceId,
        invoiceToken: event.invoiceToken,
        kind: event.kind,
        ...(event.totalCents !== undefined ? { totalCents: event.totalCents } : {}),
        ...(event.expiresAt !== undefined ? { expiresAt: event.expiresAt } : {}),
        ...(event.issuedAt !== undefined ? { issuedAt: event.issuedAt } : {}),
      },
    });
  });

  // Only a process that runs the chat backend holds sockets (and `app.io`).
  if (!app.config.SERVICES.includes('chat')) return;
  // A user's message never comes here: the socket handler that stored it delivers it (decision 186).
  app.events.subscribe(
    'chat.live-business-actions',
    'chat.business-action-posted',
    async (payload, { tx }) => {
      const message = await app.chat.messageById(tx, payload.messageId);
      if (!message) return;
      const kind = payload.subjectKind ?? 'product';
      const event = { chatId: payload.chatId, receiverId: payload.recipientId, message };
      app.realtime.emitToUser(payload.recipientId, chatEventName(kind, 'messageReceived'), event);
      app.realtime.emitToUser(payload.senderId, chatEventName(kind, 'messageSent'), event);
      const orderId = message.businessPayload?.orderId;
      if (payload.businessAction === 'order_created' && typeof orderId === 'string')
        for (const userId of [payload.recipientId, payload.senderId])
          app.realtime.emitToUser(userId, chatEventName(kind, 'order-created'), {
            chatId: payload.chatId,
            receiverId: payload.recipientId,
            orderId,
          });
    },
  );
}
