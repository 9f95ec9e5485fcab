import { sql } from 'drizzle-orm';
import {
  chatQuotationPayloadSchema,
  type ChatDetailResponse,
  type ChatQuotation,
  type ChatSubjectKind,
} from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { chatFor, otherOf, rows } from '../chat.access';
import { iso, toChatListItem } from '../chat.rows';

/** One conversation as the list shows it, for one of its participants. */
export async function chatItem(database: Db, userId: string, chatId: string, kind?: ChatSubjectKind) {
  const chat = await chatFor(database, userId, chatId, kind);
  const [row] = await rows(
    database,
    sql`SELECT (SELECT count(*) FROM chat_messages m WHERE m.chat_id = c.id AND m.sender_id <> ${userId}
                  AND m.seq > coalesce((SELECT r.last_read_seq FROM chat_read_markers r
                                        WHERE r.chat_id = c.id AND r.user_id = ${userId}), 0))::int AS unread_count,
               lm.seq AS last_message_seq, lm.sender_id AS last_message_sender_id, lm.text AS last_message_text,
               lm.business_action AS last_message_business_action, lm.created_at AS last_message_created_at,
               EXISTS (SELECT 1 FROM chat_attachments a WHERE a.message_id = lm.id) AS last_message_has_attachments
        FROM chats c LEFT JOIN chat_messages lm ON lm.chat_id = c.id AND lm.seq = c.last_seq
        WHERE c.id = ${chat.id}`,
  );
  return { chat, item: toChatListItem(chat, row ?? {}, userId), otherId: otherOf(chat, userId) };
}

/** The conversation and the quotation it holds (the latest `quotation_created`, with its decisions). */
export async function getChat(
  database: Db,
  userId: string,
  chatId: string,
  kind: ChatSubjectKind,
): Promise<ChatDetailResponse> {
  const { item } = await chatItem(database, userId, chatId, kind);
  const actions = await rows(
    database,
    sql`SELECT business_action, business_payload, created_at FROM chat_messages
        WHERE chat_id = ${chatId}
          AND business_action IN ('quotation_created', 'quotation_accepted', 'quotation_rejected')
        ORDER BY seq`,
  );
  let quotation: ChatQuotation | null = null;
  for (const row of actions) {
    const payload = (
      typeof row.business_payload === 'string' ? JSON.parse(row.business_payload) : row.business_payload
    ) as Record<string, unknown> | null;
    if (row.business_action === 'quotation_created') {
      const parsed = chatQuotationPayloadSchema.safeParse(payload);
      if (parsed.success)
        quotation = {
          ...parsed.data,
          decision: 'pending',
          timeline: { submittedAt: iso(row.created_at), acceptedAt: null, rejectedAt: null },
        };
    } else if (quotation && (!payload?.quotationId || payload.quotationId === quotation.quotationId)) {
      if (row.business_action === 'quotation_accepted') {
        quotation.decision = 'accepted';
        quotation.timeline.acceptedAt = iso(row.created_at);
      } else {
        quotation.decision = 'rejected';
        quotation.timeline.rejectedAt = iso(row.created_at);
      }
    }
  }
  return { chat: item, quotation };
}
