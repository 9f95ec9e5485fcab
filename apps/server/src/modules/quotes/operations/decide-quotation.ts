import { sql } from 'drizzle-orm';
import type { Quotation, QuotationDecisionRequest } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';
import { conflict } from '../../../plugins/errors';
import { quotationNotFound, toQuotation, type QuotationRow } from '../quotation-row';
import { getQuotationFor } from './get-quotation';

/**
 * The seller user answers a pending quotation, once: the update only matches while it is pending, so of
 * two concurrent answers one wins and the other gets QUOTATION_ALREADY_DECIDED. Not theirs: 404.
 */
export async function decideQuotation(
  db: Db,
  sellerUserId: string,
  quotationId: string,
  answer: QuotationDecisionRequest,
): Promise<Quotation> {
  const reason = answer.decision === 'rejected' ? (answer.reason ?? null) : null;
  const [row] = rowsOf<QuotationRow>(
    await db.execute(sql`
      UPDATE quotation_requests SET status = ${answer.decision}, rejection_reason = ${reason}, decided_at = now()
      WHERE id::text = ${quotationId} AND seller_user_id = ${sellerUserId} AND status = 'pending'
      RETURNING *`),
  );
  if (row) return toQuotation(row);
  // Nothing pending matched: not this seller's (404, also for the buyer) or already answered (409).
  const existing = await getQuotationFor(db, sellerUserId, quotationId);
  if (existing.sellerUserId !== sellerUserId) throw quotationNotFound();
  throw conflict('QUOTATION_ALREADY_DECIDED', 'This quotation was already accepted or rejected');
}
