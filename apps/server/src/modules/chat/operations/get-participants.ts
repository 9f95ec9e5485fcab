import { sql } from 'drizzle-orm';
import { type ChatSubjectKind } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { queryPrepared } from '../../../db/prepared';
import { chatRow } from '../chat.access';
import { strOrNull, type Row } from '../chat.rows';
import type { Participants } from '../chat.types';

export async function getParticipants(chatId: string, database: Db): Promise<Participants | null> {
  const chat = await chatRow(database, chatId);
  return chat
    ? {
        chatId,
        buyerId: chat.buyerId,
        sellerUserId: chat.sellerUserId,
        subjectKind: chat.subjectKind,
        names: {
          subject: chat.subjectName,
          subjectFr: chat.subjectNameFr,
          buyer: chat.buyerName,
          seller: chat.sellerName,
        },
      }
    : null;
}

/**
 * `participants` of several conversations in one round trip (a dispatcher batch's notifications, decision
 * 200); a conversation that is gone is absent from the map.
 */
export async function participantsOf(chatIds: string[], database: Db): Promise<Map<string, Participants>> {
  const found = new Map<string, Participants>();
  const ids = [...new Set(chatIds)];
  if (ids.length === 0) return found;
  // One array parameter, so the text is the same for any number of ids: a prepared statement, in the event
  // dispatcher's batch transaction too (decision 228).
  const list = await queryPrepared<Row>(
    database,
    sql`SELECT id, buyer_id, seller_user_id, subject_kind, subject_name, subject_name_fr, buyer_name, seller_name
        FROM chats
        WHERE id = ANY(${sql.param(ids)}::uuid[])`,
  );
  for (const row of list) {
    const chatId = String(row.id);
    found.set(chatId, {
      chatId,
      buyerId: String(row.buyer_id),
      sellerUserId: String(row.seller_user_id),
      subjectKind: row.subject_kind as ChatSubjectKind,
      names: {
        subject: String(row.subject_name ?? ''),
        subjectFr: strOrNull(row.subject_name_fr),
        buyer: String(row.buyer_name ?? ''),
        seller: String(row.seller_name ?? ''),
      },
    });
  }
  return found;
}

export async function isParticipant(chatId: string, userId: string, database: Db): Promise<boolean> {
  const chat = await chatRow(database, chatId);
  return chat !== null && (chat.buyerId === userId || chat.sellerUserId === userId);
}
