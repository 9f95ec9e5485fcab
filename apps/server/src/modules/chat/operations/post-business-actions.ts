import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { chatQuotationPayloadSchema, type BusinessAction, type ChatMessage } from '@maplesource/contracts';
import type { Tx } from '../../../db/transaction';
import type { DomainEvents } from '../../../plugins/events';
import { phaseAfter } from '../chat.phases';
import { sequencedMessagesCte } from '../chat.sequence';
import { chatNotFound, chatRow, otherOf, rows } from '../chat.access';
import { toMessage } from '../chat.rows';

/**
 * Stores a business action (docs/product.md §4) as a message with the next seq and moves the phase (decision 100).
 * Live delivery happens after commit, from the `chat.message-created` event.
 */
export async function postBusinessAction(
  events: DomainEvents,
  tx: Tx,
  input: { chatId: string; senderId: string; action: BusinessAction; payload: Record<string, unknown> },
): Promise<ChatMessage> {
  const [message] = await postBusinessActions(events, tx, {
    chatId: input.chatId,
    senderId: input.senderId,
    actions: [{ action: input.action, payload: input.payload }],
  });
  return message!;
}

/**
 * Stores several business actions of one sender in one conversation, in order (e.g. `invoice_accepted` then
 * `order_created`): the chat row is locked, then ONE statement gives them the next seqs, moves the phase
 * through each action in turn and writes their `chat.message-created` events (two round trips whatever the
 * number of actions). Live delivery happens after commit, from the events.
 */
export async function postBusinessActions(
  events: DomainEvents,
  tx: Tx,
  input: {
    chatId: string;
    senderId: string;
    actions: Array<{ action: BusinessAction; payload: Record<string, unknown> }>;
  },
): Promise<ChatMessage[]> {
  if (input.actions.length === 0) return [];
  // The lock makes last_seq and the phase read here the ones this statement moves on from.
  const chat = await chatRow(tx, input.chatId, true);
  if (!chat || (chat.buyerId !== input.senderId && chat.sellerUserId !== input.senderId))
    throw chatNotFound();
  const recipientId = otherOf(chat, input.senderId);
  let phase = chat.phase;
  let invoiceId = chat.invoiceId;
  const changes: SQL[] = [];
  const messages = input.actions.map(({ action, payload }, index) => {
    // An expiry told after a newer invoice was sent leaves the conversation where it is (decision 167).
    const stale = action === 'invoice_expired' && invoiceId !== payload.invoiceId;
    if (!stale) phase = phaseAfter(phase, action, payload);
    if (action === 'quotation_created') {
      const quotation = chatQuotationPayloadSchema.safeParse(payload);
      if (quotation.success)
        changes.push(
          sql`, quotation_id = ${quotation.data.quotationId}, quantity = ${quotation.data.quantity}`,
          quotation.data.subjectName
            ? sql`, subject_name = ${quotation.data.subjectName},
                  subject_name_fr = ${quotation.data.subjectNameFr ?? null}`
            : sql``,
        );
    }
    if (action === 'invoice_sent' && typeof payload.invoiceId === 'string') {
      invoiceId = payload.invoiceId;
      changes.push(sql`, invoice_id = ${payload.invoiceId}`);
    }
    // The header's payment review is the latest order's (decision 253).
    if (action === 'order_created' && typeof payload.orderId === 'string')
      changes.push(sql`, order_id = ${payload.orderId}`);
    return {
      id: randomUUID(),
      seq: chat.lastSeq + index + 1,
      clientMessageId: `action-${randomUUID()}`,
      text: typeof payload.text === 'string' ? payload.text : '',
      action,
      payload,
    };
  });
  const outbox = events.outboxRows(
    messages.flatMap((message) => {
      const payload = {
        chatId: chat.id,
        messageId: message.id,
        seq: message.seq,
        senderId: input.senderId,
        recipientId,
        subjectKind: chat.subjectKind,
        businessAction: message.action,
      };
      return [
        { name: 'chat.message-created' as const, payload },
        { name: 'chat.business-action-posted' as const, payload },
      ];
    }),
  );
  const sequenced = sequencedMessagesCte({
    where: sql`id = ${chat.id}`,
    sender: sql`${input.senderId}`,
    set: sql`, phase = ${phase} ${sql.join(changes, sql``)}`,
    messages: messages.map((m) => ({
      id: sql`${m.id}`,
      clientMessageId: sql`${m.clientMessageId}`,
      text: sql`${m.text}`,
      businessAction: sql`${m.action}`,
      businessPayload: sql`${JSON.stringify(m.payload)}`,
    })),
  });
  const stored = await rows(
    tx,
    sql`WITH ${sequenced}, ${outbox.cte}
        SELECT chat_message.* FROM chat_message ORDER BY chat_message.seq`,
  );
  outbox.written();
  // No reads back: a business action carries no attachments, and its seq is past every read/delivery
  // marker (markers are clamped to the committed last_seq), so it is 'sent'.
  return stored.map((row) => toMessage(row, [], 'sent'));
}
