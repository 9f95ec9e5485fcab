import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { queryPrepared } from '../../../db/prepared';
import { rowsOf } from '../../../db/transaction';

/** Records the order's one intent; a concurrent second call keeps the first row (order_id is the key). */
export async function attachIntent(
  db: Db,
  orderId: string,
  intent: { provider: 'sandbox' | 'stripe'; intentId: string; amountCents: number },
): Promise<{ provider: 'sandbox' | 'stripe'; intentId: string }> {
  type Attached = { provider: 'sandbox' | 'stripe'; intent_id: string };
  // The first call gets its row back from the insert (one round trip); only a call that lost the race
  // reads the winner's row.
  const [inserted] = await queryPrepared<Attached>(
    db,
    sql`INSERT INTO order_payments (order_id, provider, intent_id, amount_cents)
        VALUES (${orderId}::uuid, ${intent.provider}::text, ${intent.intentId}::text, ${intent.amountCents}::bigint)
        ON CONFLICT (order_id) DO NOTHING
        RETURNING provider, intent_id`,
  );
  const [row] = inserted
    ? [inserted]
    : rowsOf<Attached>(
        await db.execute(sql`SELECT provider, intent_id FROM order_payments WHERE order_id = ${orderId}`),
      );
  return { provider: row!.provider, intentId: row!.intent_id };
}
