import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';

/** Which of these orders have a payment review open (their held funds are frozen until it is resolved). */
export async function ordersUnderReview(db: Db, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = rowsOf<{ order_id: string }>(
    await db.execute(sql`
      SELECT order_id FROM payment_reviews
      WHERE status = 'open' AND order_id = ANY(${`{${orderIds.join(',')}}`}::uuid[])`),
  );
  return new Set(rows.map((row) => row.order_id));
}
