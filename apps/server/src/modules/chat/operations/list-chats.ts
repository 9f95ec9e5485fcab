import { sql } from 'drizzle-orm';
import { type ChatListResponse, type ChatStatusFilter, type ChatSubjectKind } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { rows } from '../chat.access';
import { num, toChatListItem, toChatRow } from '../chat.rows';

export async function listChats(
  database: Db,
  userId: string,
  kind: ChatSubjectKind,
  query: {
    status: ChatStatusFilter;
    search?: string | undefined;
    as?: 'buyer' | 'seller' | undefined;
    page: number;
    pageSize: number;
  },
): Promise<ChatListResponse> {
  const side =
    query.as === 'buyer'
      ? sql`c.buyer_id = ${userId}`
      : query.as === 'seller'
        ? sql`c.seller_user_id = ${userId}`
        : sql`(c.buyer_id = ${userId} OR c.seller_user_id = ${userId})`;
  const phases = {
    all: null,
    active: ['inquiry', 'negotiation', 'invoiced', 'ordered'],
    completed: ['completed'],
    cancelled: ['cancelled'],
  }[query.status];
  const status = phases
    ? sql` AND c.phase IN (${sql.join(
        phases.map((p) => sql`${p}`),
        sql`, `,
      )})`
    : sql``;
  const term = query.search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const search = pattern
    ? sql` AND (c.subject_name ILIKE ${pattern} OR c.subject_name_fr ILIKE ${pattern}
             OR (CASE WHEN c.buyer_id = ${userId} THEN c.seller_name ELSE c.buyer_name END) ILIKE ${pattern})`
    : sql``;
  const where = sql`${side} AND c.subject_kind = ${kind}${status}${search}`;
  const unread = sql`(SELECT count(*) FROM chat_messages m
      WHERE m.chat_id = c.id AND m.sender_id <> ${userId}
        AND m.seq > coalesce((SELECT r.last_read_seq FROM chat_read_markers r
                              WHERE r.chat_id = c.id AND r.user_id = ${userId}), 0))`;
  const list = await rows(
    database,
    sql`SELECT c.*, ${unread}::int AS unread_count,
               lm.seq AS last_message_seq, lm.sender_id AS last_message_sender_id, lm.text AS last_message_text,
               lm.business_action AS last_message_business_action, lm.created_at AS last_message_created_at,
               EXISTS (SELECT 1 FROM chat_attachments a WHERE a.message_id = lm.id) AS last_message_has_attachments
        FROM chats c
        LEFT JOIN chat_messages lm ON lm.chat_id = c.id AND lm.seq = c.last_seq
        WHERE ${where}
        ORDER BY c.updated_at DESC, c.id
        LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
  );
  const [totals] = await rows(database, sql`SELECT count(*)::int AS total FROM chats c WHERE ${where}`);
  const [unreadTotal] = await rows(
    database,
    sql`SELECT coalesce(sum(${unread}), 0)::int AS unread FROM chats c
        WHERE (c.buyer_id = ${userId} OR c.seller_user_id = ${userId}) AND c.subject_kind = ${kind}`,
  );
  return {
    items: list.map((row) => toChatListItem(toChatRow(row), row, userId)),
    total: num(totals?.total),
    page: query.page,
    pageSize: query.pageSize,
    unreadTotal: num(unreadTotal?.unread),
  };
}
