import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type ChatSubjectKind } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { queryPrepared } from '../../../db/prepared';
import { AppError, conflict, notFound } from '../../../plugins/errors';
import { sequencedMessagesCte } from '../chat.sequence';
import { chatFor, chatNotFound, otherOf, rows } from '../chat.access';
import { messagesFromRows } from '../chat.messages';
import { toAttachment, toMessage, type Row, type ChatRow } from '../chat.rows';
import type { ChatDeps, SendMessageInput, StoredMessage } from '../chat.types';

class RepeatedClientMessageId extends Error {}

/** The unique key on `chat_messages.client_message_id` refused an insert (PostgreSQL and PGlite errors). */
function isClientMessageIdConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const cause = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return (
    cause !== null &&
    (cause.constraint ?? 'chat_messages_client_message_id_key') === 'chat_messages_client_message_id_key'
  );
}

/**
 * The send path in one statement (decision 115), atomic without a transaction of its own: the chat's next
 * seq, the participant check (the sender is one of the two, the chat is of `kind`, `receiverId` if given is
 * the other one), the message and its `chat.message-created` outbox event. No row: not this user's chat. A
 * repeated client message id fails the insert on its unique key, which undoes the whole statement (the seq
 * included): `RepeatedClientMessageId`.
 */
async function insertUserMessage(
  deps: Pick<ChatDeps, 'db' | 'events'>,
  database: Db,
  userId: string,
  kind: ChatSubjectKind,
  input: SendMessageInput,
): Promise<Row> {
  const receiverId = input.receiverId ?? null;
  const messageId = randomUUID();
  const outbox = deps.events.outboxCte('chat.message-created', {
    from: sql`chat_message, chat_moved`,
    known: { chatId: input.chatId, messageId, senderId: userId, subjectKind: kind, businessAction: null },
    computed: { seq: sql`chat_message.seq`, recipientId: sql`chat_moved.recipient_id` },
  });
  const sender = sql`${userId}::uuid`;
  const sequenced = sequencedMessagesCte({
    where: sql`id = ${input.chatId} AND subject_kind = ${kind}
      AND (buyer_id = ${sender} OR seller_user_id = ${sender})
      AND (${receiverId}::uuid IS NULL
           OR ${receiverId}::uuid = CASE WHEN buyer_id = ${sender} THEN seller_user_id ELSE buyer_id END)`,
    sender: sql`${userId}`,
    messages: [
      {
        id: sql`${messageId}`,
        clientMessageId: sql`${input.clientMessageId}`,
        text: sql`${input.text}`,
        businessAction: sql`NULL`,
        businessPayload: sql`NULL`,
      },
    ],
  });
  let row: Row | undefined;
  try {
    // A named prepared statement on PostgreSQL (decision 200): its text is the same for every send (only the
    // parameters change), so each pool connection parses and plans it once, not on every message.
    [row] = await queryPrepared<Row>(
      database,
      sql`WITH ${sequenced}, ${outbox.cte}
          SELECT chat_moved.recipient_id, chat_message.* FROM chat_moved JOIN chat_message ON true`,
    );
  } catch (error) {
    if (isClientMessageIdConflict(error)) throw new RepeatedClientMessageId();
    throw error;
  }
  if (!row) throw chatNotFound();
  // On the service's own database (not a caller's transaction) the statement committed on its own.
  outbox.written({ committed: database === deps.db });
  return row;
}

async function storedMessage(database: Db, clientMessageId: string): Promise<Row | null> {
  const [row] = await rows(
    database,
    sql`SELECT * FROM chat_messages WHERE client_message_id = ${clientMessageId}`,
  );
  return row ?? null;
}

/** The answer to a repeated client message id: the stored message, only to its own sender in its chat. */
async function repeated(
  database: Db,
  userId: string,
  chat: ChatRow,
  clientMessageId: string,
): Promise<StoredMessage | null> {
  const row = await storedMessage(database, clientMessageId);
  if (!row) return null;
  if (String(row.sender_id) !== userId || String(row.chat_id) !== chat.id)
    throw conflict('CLIENT_MESSAGE_ID_TAKEN', 'This message id was already used; send with a new one');
  const [message] = await messagesFromRows(database, chat, [row]);
  return {
    message: message!,
    created: false,
    recipientId: otherOf(chat, userId),
    subjectKind: chat.subjectKind,
  };
}

/**
 * Stores a user's message before it is acknowledged. A client message id already stored is answered with
 * the stored message (by the same sender in the same chat; otherwise CLIENT_MESSAGE_ID_TAKEN).
 */
export async function sendMessage(
  deps: Pick<ChatDeps, 'db' | 'events'>,
  database: Db,
  userId: string,
  kind: ChatSubjectKind,
  input: SendMessageInput,
): Promise<StoredMessage> {
  try {
    // No read before the insert: the unique key decides whether the client message id is new.
    if (input.attachmentIds.length === 0) {
      const row = await insertUserMessage(deps, database, userId, kind, input);
      // A new message is past the recipient's markers (they never pass last_seq): its status is `sent`.
      const message = toMessage(row, [], 'sent');
      return { message, created: true, recipientId: String(row.recipient_id), subjectKind: kind };
    }
    return await database.transaction(async (tx) => {
      const row = await insertUserMessage(deps, tx, userId, kind, input);
      const attached = await rows(
        tx,
        sql`UPDATE chat_attachments SET message_id = ${String(row.id)}
            WHERE chat_id = ${input.chatId} AND uploader_id = ${userId} AND message_id IS NULL
              AND id IN (${sql.join(
                input.attachmentIds.map((id) => sql`${id}`),
                sql`, `,
              )})
            RETURNING id, width, height, created_at`,
      );
      if (attached.length !== new Set(input.attachmentIds).size)
        throw notFound('ATTACHMENT_NOT_FOUND', 'This image was not found');
      const order = new Map(input.attachmentIds.map((id, i) => [id, i]));
      const attachments = attached
        .map(toAttachment)
        .sort((x, y) => (order.get(x.id) ?? 0) - (order.get(y.id) ?? 0));
      const message = toMessage(row, attachments, 'sent');
      return { message, created: true, recipientId: String(row.recipient_id), subjectKind: kind };
    });
  } catch (error) {
    if (!(error instanceof RepeatedClientMessageId)) throw error;
    const chat = await chatFor(database, userId, input.chatId, kind);
    const again = await repeated(database, userId, chat, input.clientMessageId);
    if (!again) throw new AppError(409, 'CLIENT_MESSAGE_ID_TAKEN', 'This message id was already used');
    return again;
  }
}
