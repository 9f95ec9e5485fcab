import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addCalendarDays,
  unpaidOrderCancelDays,
  type ChatOrderPayload,
  type DocumentTimeZone,
} from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import '../../modules/chat';
import '../../modules/orders';

/**
 * Unpaid orders (decision 166). An order whose payment has not succeeded is cancelled `unpaidOrderCancelDays` after
 * it was placed, by a sweep every minute (decision 181: no job queued per order at acceptance any more; the per-order
 * job stays registered for the jobs queued before).
 * A payment that succeeds after all on a cancelled order (a checkout tab left open) is refunded through the
 * provider by a job the payment webhook queues.
 */
export type UnpaidOrderDoors = Pick<
  FastifyInstance,
  'db' | 'orders' | 'chat' | 'events' | 'payments' | 'log'
>;

export const expireUnpaidOrderJob = 'orders.expire-unpaid';
export const expireUnpaidSweepJob = 'orders.expire-unpaid-sweep';
export const refundCancelledPaymentJob = 'orders.refund-cancelled-payment';

const sweepBatch = 100;

/**
 * When an order placed at `placedAt` is cancelled if no payment succeeded: `unpaidOrderCancelDays` calendar days
 * later in the order's time zone (decision 265), the same wall-clock time across a daylight-saving change.
 */
export const unpaidOrderDeadline = (placedAt: Date, timeZone: DocumentTimeZone) =>
  addCalendarDays(placedAt, unpaidOrderCancelDays, timeZone);

/**
 * Cancels one order if it is still unpaid past its deadline; 'skipped' when it no longer applies (paid, being
 * paid, cancelled already, not due). The provider is asked first, outside the transaction (on PGlite the
 * transaction holds the only connection): a payment it is processing, or that succeeded before its webhook
 * reached us, keeps the order. Then `cancelUnpaidOrder`. Repeats change nothing.
 */
export async function expireUnpaidOrder(
  doors: UnpaidOrderDoors,
  orderId: string,
  now = new Date(),
): Promise<'cancelled' | 'skipped'> {
  const days = unpaidOrderCancelDays;
  const [due] = await doors.orders.unpaidPastDeadline(doors.db, { now, days, limit: 1, orderId });
  if (!due) return 'skipped';
  const { provider } = doors.payments;
  // An intent of another provider (the deployment changed provider since) cannot be paid any more.
  if (due.payment && due.payment.provider === provider.name) {
    const intent = await provider.retrieveIntent(due.payment.intentId);
    if (intent.status === 'processing' || intent.status === 'succeeded') return 'skipped';
  }
  return cancelUnpaidOrder(doors, orderId, now);
}

/**
 * The transactional half of the expiry: under the order's row lock (the payment webhook takes it too), the orders
 * module checks again and cancels; `order_cancelled` goes into the chat (the buyer is notified by it) and
 * `order.changed` tells the seller's notification. A payment landing just after is refunded (decision 166).
 */
export function cancelUnpaidOrder(
  doors: UnpaidOrderDoors,
  orderId: string,
  now: Date,
): Promise<'cancelled' | 'skipped'> {
  return withTransaction(doors.db, async (tx) => {
    const cancelled = await doors.orders.cancelUnpaid(tx, { orderId, days: unpaidOrderCancelDays, now });
    if (!cancelled) return 'skipped';
    const { order, buyerUserId, sellerUserId } = cancelled;
    const payload: ChatOrderPayload = {
      orderId: order.id,
      kind: order.kind,
      status: 'cancelled',
      invoiceToken: order.invoiceToken,
      reason: 'payment_not_received',
    };
    // Posted on the seller's side of the conversation (the side that stops holding the order); its recipient,
    // the buyer, is notified by it like by any business action (decision 105).
    await doors.chat.postBusinessAction(tx, {
      chatId: order.chatId,
      senderId: sellerUserId,
      action: 'order_cancelled',
      payload,
    });
    await doors.events.emit(
      'order.changed',
      {
        orderId: order.id,
        kind: order.kind,
        chatId: order.chatId,
        status: 'cancelled',
        change: 'unpaid',
        buyerUserId,
        sellerUserId,
      },
      tx,
    );
    return 'cancelled';
  });
}

/** The sweep: every order past its deadline, oldest first, in batches; one order's failure does not stop the rest. */
export async function expireUnpaidOrders(doors: UnpaidOrderDoors, now = new Date()): Promise<number> {
  const days = unpaidOrderCancelDays;
  let cancelled = 0;
  const tried = new Set<string>();
  for (;;) {
    const batch = (await doors.orders.unpaidPastDeadline(doors.db, { now, days, limit: sweepBatch })).filter(
      (order) => !tried.has(order.id),
    );
    if (batch.length === 0) return cancelled;
    for (const { id } of batch) {
      tried.add(id);
      try {
        if ((await expireUnpaidOrder(doors, id, now)) === 'cancelled') cancelled += 1;
      } catch (error) {
        // The provider unreachable for one intent, say: the next sweep tries again.
        doors.log.warn({ err: error, orderId: id }, 'unpaid order expiry failed; the next sweep retries');
      }
    }
  }
}

/**
 * Refunds, in full, a payment that succeeded on a cancelled order (decision 166). The provider call carries the key
 * `cancelled-order:<orderId>`, so a repeated job refunds once; the refund is recorded once (its id), and
 * `order_updated` in the chat tells the buyer (and `order.changed` the rest).
 */
export async function refundPaidCancelledOrder(doors: UnpaidOrderDoors, orderId: string): Promise<boolean> {
  const due = await doors.orders.paidAfterCancellation(doors.db, orderId);
  if (!due) return false;
  const idempotencyKey = `cancelled-order:${orderId}`;
  const made = await doors.payments.provider.refund(due.intentId, { idempotencyKey });
  await withTransaction(doors.db, async (tx) => {
    const after = await doors.orders.recordOrderRefund(tx, orderId, {
      id: made.id,
      amountCents: made.amountCents,
      idempotencyKey,
    });
    const participants = await doors.chat.participants(due.chatId, tx);
    if (participants) {
      const payload: ChatOrderPayload = {
        orderId,
        kind: due.kind,
        status: after.orderStatus,
        invoiceToken: due.invoiceToken,
        reason: 'payment_not_received',
        paymentStatus: after.paymentStatus,
      };
      await doors.chat.postBusinessAction(tx, {
        chatId: due.chatId,
        senderId: participants.sellerUserId,
        action: 'order_updated',
        payload,
      });
    }
    await doors.events.emit(
      'order.changed',
      {
        orderId,
        kind: due.kind,
        chatId: due.chatId,
        status: after.orderStatus,
        change: 'refund',
        paymentStatus: after.paymentStatus,
      },
      tx,
    );
  });
  return true;
}

const orderJobSchema = z.object({ orderId: z.uuid() });

/**
 * Registers the three jobs in every process (any backend may queue them), and the sweep every minute: it is the one
 * way unpaid orders are cancelled (decision 181), within a minute of their deadline; `orders.expire-unpaid` runs the
 * per-order jobs queued at acceptance before that change.
 */
export async function registerUnpaidOrderJobs(app: FastifyInstance) {
  app.jobs.register(
    expireUnpaidOrderJob,
    async ({ orderId }) => void (await expireUnpaidOrder(app, orderId)),
    {
      schema: orderJobSchema,
      retryLimit: 5,
    },
  );
  app.jobs.register(expireUnpaidSweepJob, async () => void (await expireUnpaidOrders(app)));
  app.jobs.register(
    refundCancelledPaymentJob,
    async ({ orderId }) => void (await refundPaidCancelledOrder(app, orderId)),
    { schema: orderJobSchema, retryLimit: 10 },
  );
  await app.jobs.schedule(expireUnpaidSweepJob, '* * * * *');
}
