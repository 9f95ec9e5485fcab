import { sql } from 'drizzle-orm';
import { type ChatSubjectKind } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { chatFor, otherOf, rows } from '../chat.access';
import { num } from '../chat.rows';
import type { ReadState } from '../chat.types';

/** Everything up to `upToSeq` (default: the latest) is seen by `userId`; the marker only moves forward. */
export async function markRead(
  database: Db,
  userId: string,
  chatId: string,
  upToSeq: number | undefined,
  kind?: ChatSubjectKind,
): Promise<ReadState> {
  const chat = await chatFor(database, userId, chatId, kind);
  const [moved] = await rows(
    database,
    sql`INSERT INTO chat_read_markers AS r (chat_id, user_id, last_read_seq, last_delivered_seq)
        SELECT c.id, ${userId}, least(coalesce(${upToSeq ?? null}::bigint, c.last_seq), c.last_seq),
               least(coalesce(${upToSeq ?? null}::bigint, c.last_seq), c.last_seq)
        FROM chats c WHERE c.id = ${chat.id}
        ON CONFLICT (chat_id, user_id) DO UPDATE SET
          last_read_seq = greatest(r.last_read_seq, EXCLUDED.last_read_seq),
          last_delivered_seq = greatest(r.last_delivered_seq, EXCLUDED.last_read_seq),
          updated_at = now()
        WHERE EXCLUDED.last_read_seq > r.last_read_seq
        RETURNING last_read_seq`,
  );
  const [state] = await rows(
    database,
    sql`SELECT coalesce((SELECT last_read_seq FROM chat_read_markers WHERE chat_id = ${chat.id} AND user_id = ${userId}), 0) AS last_read_seq,
               (SELECT count(*) FROM chat_messages m WHERE m.chat_id = ${chat.id} AND m.sender_id <> ${userId}
                  AND m.seq > coalesce((SELECT last_read_seq FROM chat_read_markers
                                        WHERE chat_id = ${chat.id} AND user_id = ${userId}), 0))::int AS unread`,
  );
  return {
    chatId: chat.id,
    lastReadSeq: num(state?.last_read_seq),
    unreadCount: num(state?.unread),
    changed: moved !== undefined,
    otherId: otherOf(chat, userId),
    subjectKind: chat.subjectKind,
  };
}

/** The recipient's client holds everything up to `upToSeq`; returns the new marker when it moved. */
export async function markDelivered(
  database: Db,
  userId: string,
  chatId: string,
  upToSeq: number,
): Promise<{ changed: boolean; upToSeq: number; otherId: string; subjectKind: ChatSubjectKind }> {
  const chat = await chatFor(database, userId, chatId);
  const [moved] = await rows(
    database,
    sql`INSERT INTO chat_read_markers AS r (chat_id, user_id, last_delivered_seq)
        SELECT c.id, ${userId}, least(${upToSeq}::bigint, c.last_seq) FROM chats c WHERE c.id = ${chat.id}
        ON CONFLICT (chat_id, user_id) DO UPDATE SET
          last_delivered_seq = greatest(r.last_delivered_seq, EXCLUDED.last_delivered_seq), updated_at = now()
        WHERE EXCLUDED.last_delivered_seq > r.last_delivered_seq
        RETURNING last_delivered_seq`,
  );
  return {
    changed: moved !== undefined,
    upToSeq: num(moved?.last_delivered_seq),
    otherId: otherOf(chat, userId),
    subjectKind: chat.subjectKind,
  };
}
