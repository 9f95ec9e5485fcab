import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/transaction';
import { conflict, notFound } from '../../plugins/errors';

/**
 * The seller's side of a payment review (decision 316): the seller of the order answers an open review once, before
 * or after its answer date; an open review left unanswered past that date escalates to an administrator once.
 */

/** What an answer or an escalation changed, for the events and e-mails that follow in the same transaction. */
export interface ReviewChange {
  reviewId: string;
  orderId: string;
  kind: 'product' | 'service';
  chatId: string;
}

/**
 * Records the seller's answer (conditional update: of two answers at once, one is kept). Not the seller user's
 * order, or no review on it: 404; resolved: 409 PAYMENT_REVIEW_RESOLVED; already answered: 409
 * PAYMENT_REVIEW_ANSWERED.
 */
export async function answerPaymentReview(
  tx: Tx,
  input: { sellerUserId: string; orderId: string; answer: string; now: Date },
): Promise<ReviewChange> {
  const [answered] = rowsOf<{ id: string; order_id: string; kind: ReviewChange['kind']; chat_id: string }>(
    await tx.execute(sql`
      UPDATE payment_reviews r SET seller_answer = ${input.answer}, seller_answered_at = ${input.now}
      FROM orders o
      WHERE o.id = r.order_id AND o.id::text = ${input.orderId} AND o.seller_user_id = ${input.sellerUserId}
        AND r.status = 'open' AND r.seller_answered_at IS NULL
      RETURNING r.id, o.id AS order_id, o.kind, o.chat_id`),
  );
  if (answered)
    return {
      reviewId: answered.id,
      orderId: answered.order_id,
      kind: answered.kind,
      chatId: answered.chat_id,
    };
  // Why not: the latest review of the seller's order says.
  const [latest] = rowsOf<{ status: string; seller_answered_at: Date | string | null }>(
    await tx.execute(sql`
      SELECT r.status, r.seller_answered_at FROM payment_reviews r JOIN orders o ON o.id = r.order_id
      WHERE o.id::text = ${input.orderId} AND o.seller_user_id = ${input.sellerUserId}
      ORDER BY r.created_at DESC, r.id LIMIT 1`),
  );
  if (!latest) throw notFound('PAYMENT_REVIEW_NOT_FOUND', 'Payment review not found');
  if (latest.status !== 'open')
    throw conflict('PAYMENT_REVIEW_RESOLVED', 'This payment review is already resolved');
  throw conflict('PAYMENT_REVIEW_ANSWERED', 'This payment review is already answered');
}

/**
 * Marks up to `limit` open, unanswered reviews whose answer date has passed as escalated, once each (the
 * condition is in the update, and `SKIP LOCKED` lets two sweeps share the work), and returns them.
 */
export async function escalateDuePaymentReviews(tx: Tx, now: Date, limit: number): Promise<ReviewChange[]> {
  const rows = rowsOf<{ id: string; order_id: string; kind: ReviewChange['kind']; chat_id: string }>(
    await tx.execute(sql`
      WITH due AS (
        SELECT id FROM payment_reviews
        WHERE status = 'open' AND seller_answered_at IS NULL AND escalated_at IS NULL AND answer_due_at <= ${now}
        ORDER BY answer_due_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE payment_reviews r SET escalated_at = ${now}
      FROM due, orders o
      WHERE r.id = due.id AND o.id = r.order_id AND r.escalated_at IS NULL
      RETURNING r.id, r.order_id, o.kind, o.chat_id`),
  );
  return rows.map((row) => ({
    reviewId: row.id,
    orderId: row.order_id,
    kind: row.kind,
    chatId: row.chat_id,
  }));
}
