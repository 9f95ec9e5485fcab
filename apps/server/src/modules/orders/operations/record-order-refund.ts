import { sql } from 'drizzle-orm';
import type { OrderPaymentStatus, OrderStatus } from '@maplesource/contracts';
import { rowsOf, type Tx } from '../../../db/transaction';

/** One refund made through the provider, recorded once (its id), and the payment's refunded total raised. */
export async function recordRefund(
  tx: Tx,
  orderId: string,
  reviewId: string | null,
  refund: { id: string; amountCents: number; idempotencyKey: string },
) {
  await tx.execute(sql`
    INSERT INTO order_refunds (id, order_id, review_id, idempotency_key, amount_cents)
    VALUES (${refund.id}, ${orderId}, ${reviewId}, ${refund.idempotencyKey}, ${refund.amountCents})
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    UPDATE order_payments p
    SET refunded_cents = GREATEST(p.refunded_cents, s.total),
        status = CASE WHEN GREATEST(p.refunded_cents, s.total) >= p.amount_cents THEN 'refunded'
                      ELSE 'partially_refunded' END,
        updated_at = now()
    FROM (SELECT COALESCE(sum(amount_cents), 0) AS total FROM order_refunds WHERE order_id = ${orderId}) s
    WHERE p.order_id = ${orderId}`);
}

/** Records a refund made through the provider for an order outside any review (a cancelled, paid order). */
export async function recordOrderRefund(
  tx: Tx,
  orderId: string,
  refund: { id: string; amountCents: number; idempotencyKey: string },
): Promise<{ paymentStatus: OrderPaymentStatus; orderStatus: OrderStatus }> {
  await recordRefund(tx, orderId, null, refund);
  const [row] = rowsOf<{ payment_status: OrderPaymentStatus; order_status: OrderStatus }>(
    await tx.execute(sql`
      SELECT p.status AS payment_status, o.status AS order_status
      FROM order_payments p JOIN orders o ON o.id = p.order_id WHERE p.order_id = ${orderId}`),
  );
  return { paymentStatus: row!.payment_status, orderStatus: row!.order_status };
}
