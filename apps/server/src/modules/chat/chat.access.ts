import { sql, type SQL } from 'drizzle-orm';
import type { ChatSubjectKind } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';
import { toChatRow, type ChatRow, type Row } from './chat.rows';

/** Reading a conversation for one of its two participants (anyone else: CHAT_NOT_FOUND, a 404). */

export const rows = async (db: Db, query: SQL) => rowsOf<Row>(await db.execute(query));

export const chatNotFound = () => notFound('CHAT_NOT_FOUND', 'Chat not found');

export async function chatRow(database: Db, chatId: string, lock = false): Promise<ChatRow | null> {
  const [row] = await rows(
    database,
    sql`SELECT * FROM chats WHERE id = ${chatId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? toChatRow(row) : null;
}

/** The chat when `userId` is one of its two participants and it is of `kind`; CHAT_NOT_FOUND otherwise. */
export async function chatFor(
  database: Db,
  userId: string,
  chatId: string,
  kind?: ChatSubjectKind,
): Promise<ChatRow> {
  const chat = await chatRow(database, chatId);
  if (!chat || (chat.buyerId !== userId && chat.sellerUserId !== userId)) throw chatNotFound();
  if (kind && chat.subjectKind !== kind) throw chatNotFound();
  return chat;
}

export const otherOf = (chat: ChatRow, userId: string) =>
  chat.buyerId === userId ? chat.sellerUserId : chat.buyerId;
