import { sql } from 'drizzle-orm';
import type { OrderPaymentStatus } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';

/**
 * `o.placed_at` is `days` calendar days or more before `now` in the order's time zone (decision 265): the local
 * wall-clock time plus whole days, back to an instant in that zone. The first bound (a calendar day lasts 23 to 25
 * hours) lets the planner use the placed_at index before the exact test.
 */
const placedDaysBefore = (
  now: Date,
  days: number,
) => sql`o.placed_at <= ${now}::timestamptz - make_interval(days => ${days}) + interval '1 hour'
            AND ((o.placed_at AT TIME ZONE o.time_zone) + make_interval(days => ${days})) AT TIME ZONE o.time_zone <= ${now}::timestamptz`;

/** A payment in these states has not taken money and is not being processed: its order may expire (decision 166). */
export const unpaidStatuses: OrderPaymentStatus[] = ['unpaid', 'failed', 'requires_action'];

/**
 * Pending orders placed `days` calendar days or more before `now` in the order's time zone (decision 265)
 * whose payment has not succeeded and is not under way (no intent, unpaid, failed, or waiting for an
 * authentication step): what the unpaid-order sweep cancels (decision 166). With `orderId`, that order only.
 */
export async function unpaidPastDeadline(
  db: Db,
  input: { now: Date; days: number; limit: number; orderId?: string },
): Promise<Array<{ id: string; payment: { provider: 'sandbox' | 'stripe'; intentId: string } | null }>> {
  const rows = rowsOf<{ id: string; provider: 'sandbox' | 'stripe' | null; intent_id: string | null }>(
    await db.execute(sql`
      SELECT o.id, p.provider, p.intent_id
      FROM orders o LEFT JOIN order_payments p ON p.order_id = o.id
      WHERE o.status = 'pending' AND ${placedDaysBefore(input.now, input.days)}
        AND (p.status IS NULL OR p.status IN (${sql.join(
          unpaidStatuses.map((status) => sql`${status}`),
          sql`, `,
        )}))
        ${input.orderId ? sql`AND o.id::text = ${input.orderId}` : sql``}
      ORDER BY o.placed_at, o.id
      LIMIT ${input.limit}`),
  );
  return rows.map((row) => ({
    id: row.id,
    payment: row.provider && row.intent_id ? { provider: row.provider, intentId: row.intent_id } : null,
  }));
}
