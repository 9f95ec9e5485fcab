import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';

/**
 * The storefront's orders with a payment review open (their held funds are frozen until it is resolved). Open
 * reviews are few across the marketplace, so this starts from them (their unique open-per-order index) rather than
 * from a storefront's possibly long order history.
 */
export async function ordersUnderReview(db: Db, sellerId: string | number): Promise<Set<string>> {
  const rows = rowsOf<{ order_id: string }>(
    await db.execute(sql`
      SELECT r.order_id FROM payment_reviews r JOIN orders o ON o.id = r.order_id
      WHERE r.status = 'open' AND o.seller_id = ${Number(sellerId)}`),
  );
  return new Set(rows.map((row) => row.order_id));
}
