import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { query } from '../rfq.service';

/**
 * Records the buyer's conversation with one supplier about the request (and the award's quotation in it), and
 * reveals the buyer to that supplier (decision 317): `buyer_revealed_at` is set once, by an UPDATE conditioned on
 * it being unset, so a repeat keeps the first moment. Returns whether this call revealed the buyer.
 */
export async function linkRecipientChat(
  db: Db,
  input: { recipientId: string; chatId: string; quotationId?: string | null },
): Promise<{ revealedNow: boolean }> {
  await db.execute(
    sql`UPDATE rfq_recipients SET chat_id = ${input.chatId},
          quotation_id = coalesce(${input.quotationId ?? null}::uuid, quotation_id)
        WHERE id = ${input.recipientId}`,
  );
  const revealed = await query(
    db,
    sql`UPDATE rfq_recipients SET buyer_revealed_at = now()
        WHERE id = ${input.recipientId} AND buyer_revealed_at IS NULL RETURNING id`,
  );
  return { revealedNow: revealed.length > 0 };
}
