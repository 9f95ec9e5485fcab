import type { FastifyInstance } from 'fastify';
import type { AdminPaymentReview, ChatOrderPayload, ResolvePaymentReviewBody } from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { conflict } from '../../plugins/errors';
import '../../modules/chat';
import '../../modules/ledger';
import '../../modules/orders';

export type ResolvePaymentReviewDoors = Pick<
  FastifyInstance,
  'db' | 'orders' | 'chat' | 'events' | 'payments' | 'ledger'
>;

/**
 * An admin resolves an open payment review (docs/product.md §9): dismiss, or refund in full or in part through the
 * provider within 30 days of the payment. The provider call carries the idempotency key
 * `payment-review:<id>`, so two admins resolving at once (or a retry after a crash) refund once; the review
 * closes once (conditional update: the second gets 409 PAYMENT_REVIEW_RESOLVED). The provider is called
 * outside the transaction: on PGlite the transaction holds the only connection. A refund posts `order_updated`
 * (the payment's new status) in the order's conversation, in the transaction that closes the review, so once
 * per refund (decision 211). The ledger's held funds move in that transaction too (decision 296).
 */
export async function resolvePaymentReview(
  doors: ResolvePaymentReviewDoors,
  adminUserId: string,
  reviewId: string,
  body: ResolvePaymentReviewBody,
  now = new Date(),
): Promise<AdminPaymentReview> {
  const review = await doors.orders.getReview(doors.db, reviewId);
  if (review.status !== 'open')
    throw conflict('PAYMENT_REVIEW_RESOLVED', 'This payment review is already resolved');
  let refund: { id: string; amountCents: number; idempotencyKey: string } | null = null;
  if (body.outcome === 'refund') {
    const paidAt = review.order.paidAt ? new Date(review.order.paidAt) : null;
    if (!paidAt || !review.intentId)
      throw conflict('PAYMENT_REVIEW_NOT_ALLOWED', 'This order was not paid through MapleSource');
    if (now > doors.orders.refundDeadline(paidAt, review.order.timeZone))
      throw conflict('REFUND_WINDOW_CLOSED', 'Refunds are possible within 30 days of the payment');
    const idempotencyKey = `payment-review:${review.id}`;
    const made = await doors.payments.provider.refund(review.intentId, {
      ...(body.amountCents !== undefined ? { amountCents: body.amountCents } : {}),
      idempotencyKey,
    });
    refund = { id: made.id, amountCents: made.amountCents, idempotencyKey };
  }
  return withTransaction(doors.db, async (tx) => {
    const resolved = await doors.orders.resolveReview(tx, {
      reviewId,
      adminUserId,
      note: body.note ?? null,
      now,
      refund,
    });
    // The held funds (decision 296), in this transaction: the refund comes out of them (or out of the available
    // balance once released), and the rest is released if its date has passed — else the release sweep does it.
    // The order's row lock first, then the hold's: the order the webhook and the release sweep take them in.
    const facts = await doors.orders.ledgerFacts(tx, resolved.orderId);
    if (refund)
      await doors.ledger.postRefundTotal(tx, {
        orderId: resolved.orderId,
        refundedTotalCents: resolved.order.refundedCents,
      });
    if (facts) await doors.ledger.release(tx, resolved.orderId, now, facts.reviewOpen);
    // The parties are e-mailed the outcome once (decision 260).
    await doors.events.emit(
      'order.payment-review-changed',
      {
        reviewId,
        orderId: resolved.orderId,
        kind: resolved.orderKind,
        chatId: resolved.chatId,
        change: 'resolved',
      },
      tx,
    );
    if (refund) {
      // On the seller's side of the conversation, like the refund of a cancelled order's payment (decision 166):
      // its recipient, the buyer whose money goes back, is notified by it.
      const payload: ChatOrderPayload = {
        orderId: resolved.orderId,
        kind: resolved.orderKind,
        status: resolved.orderStatus,
        invoiceToken: resolved.invoiceToken,
        paymentStatus: resolved.order.paymentStatus,
      };
      await doors.chat.postBusinessAction(tx, {
        chatId: resolved.chatId,
        senderId: resolved.sellerUserId,
        action: 'order_updated',
        payload,
      });
      await doors.events.emit(
        'order.changed',
        {
          orderId: resolved.orderId,
          kind: resolved.orderKind,
          chatId: resolved.chatId,
          status: resolved.orderStatus,
          change: 'refund',
          paymentStatus: resolved.order.paymentStatus,
        },
        tx,
      );
    }
    const {
      intentId: _intent,
      chatId: _chat,
      orderStatus: _status,
      invoiceToken: _token,
      sellerUserId: _seller,
      ...review
    } = resolved;
    return review;
  });
}
