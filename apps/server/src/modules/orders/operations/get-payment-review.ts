import { sql } from 'drizzle-orm';
import type { AdminPaymentReview, OrderStatus } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';
import { paymentReviewNotFound } from '../orders.present';
import { adminReviewSelect, toAdminReview, type AdminReviewRow } from '../orders.reviews';

/** One payment review with what resolving it needs; unknown: PAYMENT_REVIEW_NOT_FOUND. */
export async function getReview(
  db: Db,
  reviewId: string,
): Promise<
  AdminPaymentReview & {
    intentId: string | null;
    chatId: string;
    orderStatus: OrderStatus;
    invoiceToken: string;
    sellerUserId: string;
  }
> {
  const [row] = rowsOf<AdminReviewRow>(
    await db.execute(sql`${adminReviewSelect} WHERE r.id::text = ${reviewId}`),
  );
  if (!row) throw paymentReviewNotFound();
  return {
    ...toAdminReview(row),
    intentId: row.intent_id,
    chatId: row.chat_id,
    orderStatus: row.order_status,
    invoiceToken: row.invoice_token,
    sellerUserId: row.seller_user_id,
  };
}
