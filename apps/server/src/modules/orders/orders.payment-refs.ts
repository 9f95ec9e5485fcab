import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';

/**
 * How the provider and the ledger name the same payment (decision 304): the ledger knows orders, the provider
 * knows payment intents. One intent per order (the unique key of `order_payments`).
 */
export const orderPaymentRefs = {
  /** The payment intents of these orders, by order id (orders without one are absent). */
  async paymentIntentsOf(db: Db, orderIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(orderIds)];
    if (ids.length === 0) return new Map();
    const rows = rowsOf<{ order_id: string; intent_id: string }>(
      await db.execute(sql`
        SELECT order_id, intent_id FROM order_payments
        WHERE order_id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
    return new Map(rows.map((row) => [row.order_id, row.intent_id]));
  },

  /** The order a provider's payment intent pays, or null. */
  async orderOfPaymentIntent(
    db: Db,
    provider: 'sandbox' | 'stripe',
    intentId: string,
  ): Promise<string | null> {
    const [row] = rowsOf<{ order_id: string }>(
      await db.execute(sql`
        SELECT order_id FROM order_payments WHERE provider = ${provider} AND intent_id = ${intentId}`),
    );
    return row?.order_id ?? null;
  },
};
