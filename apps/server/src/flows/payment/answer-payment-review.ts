import type { FastifyInstance } from 'fastify';
import type { Order } from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import '../../modules/orders';

export type AnswerPaymentReviewDoors = Pick<FastifyInstance, 'db' | 'orders' | 'events'>;

/**
 * The seller answers the buyer's open payment review (decision 316, docs/product.md §9): once, in their words. An
 * answer given after the answer date still counts (an escalated review stays with the administrator, who now reads
 * both sides). The buyer is e-mailed the answer once (the event, in the answer's transaction).
 */
export function answerPaymentReview(
  doors: AnswerPaymentReviewDoors,
  sellerUserId: string,
  orderId: string,
  answer: string,
  now = new Date(),
): Promise<Order> {
  return withTransaction(doors.db, async (tx) => {
    const change = await doors.orders.answerReview(tx, { sellerUserId, orderId, answer, now });
    await doors.events.emit('order.payment-review-changed', { ...change, change: 'answered' }, tx);
    return doors.orders.getForSeller(tx, sellerUserId, change.orderId);
  });
}
