import { sql } from 'drizzle-orm';
import { type ChatSubjectKind, type MessagesResponse } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { chatFor, rows } from '../chat.access';
import { messagesFromRows } from '../chat.messages';
import { num, type Row } from '../chat.rows';

/** Messages paged by seq (ascending): after `afterSeq`, before `beforeSeq`, or the latest. */
export async function listMessages(
  database: Db,
  userId: string,
  kind: ChatSubjectKind,
  query: { chatId: string; afterSeq?: number | undefined; beforeSeq?: number | undefined; limit: number },
): Promise<MessagesResponse> {
  const chat = await chatFor(database, userId, query.chatId, kind);
  const take = query.limit + 1;
  let list: Row[];
  if (query.afterSeq !== undefined) {
    list = await rows(
      database,
      sql`SELECT * FROM chat_messages WHERE chat_id = ${chat.id} AND seq > ${query.afterSeq}
          ORDER BY seq LIMIT ${take}`,
    );
  } else {
    const before = query.beforeSeq !== undefined ? sql` AND seq < ${query.beforeSeq}` : sql``;
    list = (
      await rows(
        database,
        sql`SELECT * FROM chat_messages WHERE chat_id = ${chat.id}${before} ORDER BY seq DESC LIMIT ${take}`,
      )
    ).reverse();
  }
  const hasMore = list.length > query.limit;
  if (hasMore) list = query.afterSeq !== undefined ? list.slice(0, query.limit) : list.slice(1);
  const [last] = await rows(database, sql`SELECT last_seq FROM chats WHERE id = ${chat.id}`);
  return { items: await messagesFromRows(database, chat, list), hasMore, lastSeq: num(last?.last_seq) };
}
