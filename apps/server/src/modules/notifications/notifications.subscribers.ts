import type { FastifyInstance } from 'fastify';
import type {
  CreateNotificationInput,
  DomainEventPayload,
  Notification,
  NotificationMetadata,
  NotificationType,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import type { BatchContext, BatchedEvent } from '../../plugins/events';
import '../chat';
import type { NotificationsService } from './notifications.service';
import { pushNotification } from './push-notification';

/** What a recipient reads for each kind of chat message (docs/product.md §3 message; the web shows the type's own text). */
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
  invoice_withdrawn: 'An invoice was withdrawn',
};

const notificationTypeOf = (businessAction: string | null | undefined): NotificationType =>
  businessAction && businessAction in messages ? (businessAction as NotificationType) : 'chat_message';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Keeps only the fields that are set (metadata is stored as JSON: no `undefined` keys). */
function defined(metadata: NotificationMetadata): NotificationMetadata {
  return Object.fromEntries(
    Object.entries(metadata).filter(([, value]) => value !== undefined),
  ) as NotificationMetadata;
}

/**
 * The facts a business action's text names (decision 193), read from its chat payload: the quotation's
 * reference, the invoice, the order and its status after the change.
 */
function factsOfPayload(payload: Record<string, unknown> | null): NotificationMetadata {
  if (!payload) return {};
  return {
    requestId: text(payload.requestId),
    invoiceId: text(payload.invoiceId),
    invoiceToken: text(payload.invoiceToken),
    orderId: text(payload.orderId),
    orderStatus: text(payload.status),
    paymentStatus: text(payload.paymentStatus),
    cause: payload.reason === 'payment_not_received' ? 'payment_not_received' : undefined,
  };
}

/**
 * Notifications come from business events, never from routes (decision 105): every stored chat message — a
 * user's text or a business action such as `quotation_created` — gives its recipient one notification (the
 * message id is its source key, so a redelivered event adds nothing). The live push goes out right after the
 * notification is committed (decision 115); the stored notification is what the list shows after any gap.
 */
/** A batch handler of `chat.message-created` (decision 219: the module subscribes them as one). */
export type ChatMessagesHandler = (
  events: Array<BatchedEvent<'chat.message-created'>>,
  ctx: BatchContext,
) => Promise<void>;

/** Subscribes the notifications of business events; returns the chat messages' handler for the module to subscribe. */
export function registerNotificationSubscribers(
  app: FastifyInstance,
  notifications: NotificationsService,
): ChatMessagesHandler {
  /** The conversation's names (null for a conversation that is gone: the notification keeps its ids only). */
  const conversationOf = (tx: Db, chatId: string) => app.chat.participants(chatId, tx);

  const push = (notification: Notification) => pushNotification(app, notification);

  // An invoice that expired tells both parties (no chat message carries it: nobody sent anything).
  app.events.subscribe(
    'notifications.invoice-expired',
    'invoice.expired',
    async (event, { tx, afterCommit }) => {
      const conversation = await conversationOf(tx, event.chatId);
      for (const recipientId of [event.buyerId, event.sellerUserId]) {
        const created = await notifications.create(
          tx,
          {
            recipientId,
            type: 'invoice_expired',
            message: messages.invoice_expired,
            metadata: defined({
              chatId: event.chatId,
              invoiceId: event.invoiceId,
              invoiceToken: event.invoiceToken,
              subjectKind: event.kind,
              subjectName: text(conversation?.names.subject),
              subjectNameFr: text(conversation?.names.subjectFr),
            }),
          },
          `invoice-expired:${event.invoiceId}:${recipientId}`,
        );
        if (created) afterCommit(() => push(created));
      }
    },
  );

  // Every chat message: one statement for all the messages a dispatcher batch claimed (decision 188). Subscribed
  // by the module together with the offline-mail check, as one subscriber (index.ts, decision 219).
  const notifyChatMessages: ChatMessagesHandler = async (events, { tx, afterCommit }) => {
    // Both parties already hear of an expiry from `invoice.expired` (above): its chat message adds no second one.
    const told = events.filter(({ payload: event }) => event.businessAction !== 'invoice_expired');
    if (told.length === 0) return;
    // One lookup for every conversation of the batch (their names go into each notification's facts): one
    // round trip per batch, not one per conversation (decision 200).
    const conversations = await app.chat.participantsOf(
      told.map(({ payload: event }) => event.chatId),
      tx,
    );
    const entries = [];
    for (const { payload: event } of told) {
      const type = notificationTypeOf(event.businessAction);
      const conversation = conversations.get(event.chatId);
      const payload = event.businessAction
        ? ((await app.chat.messageById(tx, event.messageId))?.businessPayload ?? null)
        : null;
      const senderName =
        conversation?.buyerId === event.senderId ? conversation.names.buyer : conversation?.names.seller;
      const input: CreateNotificationInput = {
        recipientId: event.recipientId,
        sender: { model: 'user', id: event.senderId, name: senderName ?? '' },
        type,
        message: messages[type],
        metadata: defined({
          chatId: event.chatId,
          messageId: event.messageId,
          seq: event.seq,
          subjectKind: event.subjectKind ?? 'product',
          subjectName: text(conversation?.names.subject),
          subjectNameFr: text(conversation?.names.subjectFr),
          ...factsOfPayload(payload),
        }),
      };
      entries.push({ input, sourceKey: `chat-message:${event.messageId}` });
    }
    const created = await notifications.createMany(tx, entries);
    if (created.length > 0) afterCommit(() => created.forEach(push));
  };

  /**
   * A system notice to one party of an order's change, with the order's facts and the conversation's names; its
   * source key makes a redelivered event add nothing.
   */
  const notifyOrderChange = async (
    { tx, afterCommit }: BatchContext,
    event: DomainEventPayload<'order.changed'>,
    recipientId: string,
    notice: { type: NotificationType; message: string; facts: NotificationMetadata; sourceKey: string },
  ) => {
    const conversation = await conversationOf(tx, event.chatId);
    const created = await notifications.create(
      tx,
      {
        recipientId,
        sender: { model: 'system', id: null, name: 'MapleSource' },
        type: notice.type,
        message: notice.message,
        metadata: defined({
          chatId: event.chatId,
          orderId: event.orderId,
          subjectKind: event.kind,
          subjectName: text(conversation?.names.subject),
          subjectNameFr: text(conversation?.names.subjectFr),
          orderStatus: event.status,
          ...notice.facts,
        }),
      },
      notice.sourceKey,
    );
    if (created) afterCommit(() => push(created));
  };

  // An order cancelled for want of payment (decision 166): the buyer hears it from the chat's order_cancelled, which
  // is posted on the seller's side; the seller is told here.
  app.events.subscribe('notifications.order-unpaid', 'order.changed', async (event, ctx) => {
    if (event.change !== 'unpaid' || !event.sellerUserId) return;
    await notifyOrderChange(ctx, event, event.sellerUserId, {
      type: 'order_cancelled',
      message: 'An order was cancelled: no payment was received in time',
      facts: { cause: 'payment_not_received' },
      sourceKey: `order-unpaid:${event.orderId}`,
    });
  });

  // The buyer hears that the payment went through (the seller hears it from the chat's order_updated).
  app.events.subscribe('notifications.order-paid', 'order.changed', async (event, ctx) => {
    if (event.change !== 'payment' || event.paymentStatus !== 'paid' || !event.buyerUserId) return;
    await notifyOrderChange(ctx, event, event.buyerUserId, {
      type: 'order_updated',
      message: 'Your payment was received',
      facts: { paymentStatus: 'paid' },
      sourceKey: `order-paid:${event.orderId}`,
    });
  });

  return notifyChatMessages;
}
