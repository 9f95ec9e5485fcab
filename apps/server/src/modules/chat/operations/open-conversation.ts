import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/transaction';
import { badRequest } from '../../../plugins/errors';
import { rows } from '../chat.access';
import type { ChatDirectory, OpenConversationInput } from '../chat.types';

/**
 * Opens (or reuses) the conversation between this buyer and seller user about this subject; the unique
 * key makes concurrent opens end in one row. A given quotation id becomes the conversation's quotation.
 */
export async function openConversation(
  directory: ChatDirectory,
  tx: Tx,
  input: OpenConversationInput,
): Promise<{ chatId: string; created: boolean }> {
  if (input.buyerId === input.sellerUserId)
    throw badRequest('INQUIRY_OWN_LISTING', 'You cannot send an inquiry about your own listing');
  const subjectName = input.names?.subject ?? (await directory.subjectName(tx, input.subject)) ?? '';
  // The French name only comes with the English one it translates (decision 233).
  const subjectNameFr = input.names?.subject ? (input.names.subjectFr ?? null) : null;
  const buyerName = input.names?.buyer ?? (await directory.userName(tx, input.buyerId)) ?? '';
  const sellerName = input.names?.seller ?? (await directory.userName(tx, input.sellerUserId)) ?? '';
  const [row] = await rows(
    tx,
    sql`INSERT INTO chats (id, buyer_id, seller_user_id, subject_kind, subject_id, subject_name,
                           subject_name_fr, buyer_name, seller_name, seller_company, quotation_id)
        VALUES (${randomUUID()}, ${input.buyerId}, ${input.sellerUserId}, ${input.subject.kind},
                ${input.subject.id}, ${subjectName}, ${subjectNameFr}, ${buyerName}, ${sellerName},
                ${input.names?.sellerCompany || null}, ${input.quotationId})
        ON CONFLICT ON CONSTRAINT chats_pair_subject_key DO UPDATE SET
          quotation_id = coalesce(EXCLUDED.quotation_id, chats.quotation_id),
          subject_name = CASE WHEN EXCLUDED.subject_name = '' THEN chats.subject_name ELSE EXCLUDED.subject_name END,
          subject_name_fr = CASE WHEN EXCLUDED.subject_name = '' THEN chats.subject_name_fr
                                 ELSE EXCLUDED.subject_name_fr END,
          buyer_name = CASE WHEN EXCLUDED.buyer_name = '' THEN chats.buyer_name ELSE EXCLUDED.buyer_name END,
          seller_name = CASE WHEN EXCLUDED.seller_name = '' THEN chats.seller_name ELSE EXCLUDED.seller_name END,
          seller_company = coalesce(EXCLUDED.seller_company, chats.seller_company),
          updated_at = now()
        RETURNING id, (xmax = 0) AS created`,
  );
  return { chatId: String(row!.id), created: Boolean(row!.created) };
}
