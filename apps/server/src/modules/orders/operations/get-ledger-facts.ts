import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/transaction';
import { orderTimeZone, paymentReviewDeadline } from '../orders.rows';
import type { OrderLedgerFacts } from '../orders.types';

/**
 * What the ledger needs of one order (decision 296), under the order's row lock — the lock the payment webhook
 * takes, and that opening a payment review waits for (its foreign key locks the order row), so a release
 * and a new review are ordered: `reviewOpen` is read after the lock.
 * `releaseAt`: the end of the payment review window (delivery, or its estimate, + 7 calendar days).
 */
export async function ledgerFacts(tx: Tx, orderId: string): Promise<OrderLedgerFacts | null> {
  const [row] = rowsOf<{
    seller_id: string | number;
    buyer_user_id: string;
    total_cents: string | number;
    subject_category: string;
    placed_at: Date | string;
    lead_days: number;
    delivered_at: Date | string | null;
    time_zone: string;
  }>(
    await tx.execute(sql`
      SELECT seller_id, buyer_user_id, total_cents, subject_category, placed_at, lead_days, delivered_at, time_zone
      FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`),
  );
  if (!row) return null;
  const [review] = rowsOf<{ open: boolean }>(
    await tx.execute(sql`
      SELECT true AS open FROM payment_reviews WHERE order_id = ${orderId}::uuid AND status = 'open' LIMIT 1`),
  );
  return {
    sellerId: String(row.seller_id),
    buyerUserId: row.buyer_user_id,
    totalCents: Number(row.total_cents),
    category: row.subject_category,
    timeZone: orderTimeZone(row),
    releaseAt: paymentReviewDeadline(row),
    reviewOpen: Boolean(review?.open),
  };
}
