import { sql } from 'drizzle-orm';
import type { Quotation } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';
import { quotationNotFound, toQuotation, type QuotationRow } from '../quotation-row';

/** The quotation if `userId` is its buyer or its seller user; otherwise QUOTATION_NOT_FOUND. */
export async function getQuotationFor(db: Db, userId: string, quotationId: string): Promise<Quotation> {
  const [row] = rowsOf<QuotationRow>(
    await db.execute(sql`
      SELECT * FROM quotation_requests
      WHERE id::text = ${quotationId} AND (buyer_id = ${userId} OR seller_user_id = ${userId})`),
  );
  if (!row) throw quotationNotFound();
  return toQuotation(row);
}
