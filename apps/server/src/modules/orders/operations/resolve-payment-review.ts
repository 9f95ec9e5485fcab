import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/transaction';
import { conflict } from '../../../plugins/errors';
import { getReview } from './get-payment-review';
import { recordRefund } from './record-order-refund';

/**
 * Closes an open review once (conditional update): `refund` records the provider's refund (its id is
 * the key, so a replay adds nothing) and raises the order's refunded amount; `dismiss` only closes it.
 * Already closed: 409 PAYMENT_REVIEW_RESOLVED.
 */
export async function resolveReview(
  tx: Tx,
  input: {
    reviewId: string;
    adminUserId: string;
    note: string | null;
    now: Date;
    refund: { id: string; amountCents: number; idempotencyKey: string } | null;
  },
) {
  const [closed] = rowsOf<{ order_id: string }>(
    await tx.execute(sql`
      UPDATE payment_reviews
      SET status = ${input.refund ? 'refunded' : 'dismissed'}, resolution_note = ${input.note},
          refund_cents = ${input.refund?.amountCents ?? 0}, resolved_by = ${input.adminUserId},
          resolved_at = ${input.now}
      WHERE id::text = ${input.reviewId} AND status = 'open'
      RETURNING order_id`),
  );
  if (!closed) {
    await getReview(tx, input.reviewId); // 404 when it does not exist
    throw conflict('PAYMENT_REVIEW_RESOLVED', 'This payment review is already resolved');
  }
  if (input.refund) await recordRefund(tx, closed.order_id, input.reviewId, input.refund);
  return getReview(tx, input.reviewId);
}
