import { sql } from 'drizzle-orm';
import type { ChatAttachment, ChatMessage } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { otherOf, rows } from './chat.access';
import { num, statusOf, toAttachment, toMessage, type ChatRow, type Row } from './chat.rows';

/** Stored message rows as the client sees them: with their attachments and their status for the other party. */

export async function markers(database: Db, chatId: string) {
  const list = await rows(
    database,
    sql`SELECT user_id, last_read_seq, last_delivered_seq FROM chat_read_markers WHERE chat_id = ${chatId}`,
  );
  const byUser = new Map<string, { lastReadSeq: number; lastDeliveredSeq: number }>();
  for (const row of list)
    byUser.set(String(row.user_id), {
      lastReadSeq: num(row.last_read_seq),
      lastDeliveredSeq: num(row.last_delivered_seq),
    });
  return (userId: string) => byUser.get(userId) ?? { lastReadSeq: 0, lastDeliveredSeq: 0 };
}

export async function attachmentsOf(
  database: Db,
  messageIds: string[],
): Promise<Map<string, ChatAttachment[]>> {
  const byMessage = new Map<string, ChatAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const list = await rows(
    database,
    sql`SELECT id, message_id, width, height FROM chat_attachments
        WHERE message_id IN (${sql.join(
          messageIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY created_at, id`,
  );
  for (const row of list) {
    const key = String(row.message_id);
    const items = byMessage.get(key) ?? [];
    items.push(toAttachment(row));
    byMessage.set(key, items);
  }
  return byMessage;
}

export async function messagesFromRows(database: Db, chat: ChatRow, list: Row[]): Promise<ChatMessage[]> {
  const marker = await markers(database, chat.id);
  const attachments = await attachmentsOf(
    database,
    list.map((row) => String(row.id)),
  );
  return list.map((row) =>
    toMessage(
      row,
      attachments.get(String(row.id)) ?? [],
      statusOf(num(row.seq), marker(otherOf(chat, String(row.sender_id)))),
    ),
  );
}
