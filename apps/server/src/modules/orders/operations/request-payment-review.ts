import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { paymentReviewAnswerBusinessDays, type OrderKind, type PaymentReview } from '@maplesource/contracts';
import { addBusinessDays } from '@maplesource/contracts/business-days';
import { rowsOf, type Tx } from '../../../db/transaction';
import { conflict } from '../../../plugins/errors';
import { orderNotFound } from '../orders.present';
import {
  orderSelect,
  orderTimeZone,
  paidThroughUs,
  paymentReviewDeadline,
  toPaymentReview,
  type OrderRow,
} from '../orders.rows';
import type { OrdersDirectory } from '../orders.types';

/**
 * The buyer requests a payment review (docs/product.md §9): paid through us, verified supplier, not cancelled,
 * until 7 days after the expected delivery; one open review per order (a partial unique index).
 */
export async function requestReview(
  directory: OrdersDirectory,
  tx: Tx,
  buyerId: string,
  kind: OrderKind,
  orderId: string,
  reason: string,
  now: Date,
): Promise<PaymentReview> {
  const [row] = rowsOf<OrderRow>(
    await tx.execute(
      sql`${orderSelect} WHERE o.id::text = ${orderId} AND o.buyer_user_id = ${buyerId} AND o.kind = ${kind}`,
    ),
  );
  if (!row) throw orderNotFound();
  const allowed =
    paidThroughUs(row.p_status) &&
    row.status !== 'cancelled' &&
    now <= paymentReviewDeadline(row) &&
    (await directory.sellerVerified(tx, Number(row.seller_id)));
  if (!allowed)
    throw conflict(
      'PAYMENT_REVIEW_NOT_ALLOWED',
      'A payment review is possible for a paid order of a verified supplier, until 7 days after the expected delivery',
    );
  const [created] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO payment_reviews (id, order_id, buyer_user_id, reason, created_at, answer_due_at)
      VALUES (${randomUUID()}, ${row.id}, ${buyerId}, ${reason}, ${now},
        ${addBusinessDays(now, paymentReviewAnswerBusinessDays, null, orderTimeZone(row))})
      ON CONFLICT (order_id) WHERE status = 'open' DO NOTHING
      RETURNING id`),
  );
  if (!created) throw conflict('PAYMENT_REVIEW_EXISTS', 'A payment review is already open for this order');
  const [fresh] = rowsOf<OrderRow>(await tx.execute(sql`${orderSelect} WHERE o.id = ${row.id}`));
  return toPaymentReview(fresh!)!;
}
