import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction';
import '../../modules/orders';

export type EscalatePaymentReviewsDoors = Pick<FastifyInstance, 'db' | 'orders' | 'events'>;

export const escalatePaymentReviewsSweepJob = 'orders.escalate-payment-reviews-sweep';
const sweepBatch = 100;

/**
 * A seller answers a payment review within 3 business days (decision 316); an open review left unanswered past
 * that date goes to an administrator once. A durable sweep every five minutes marks the due reviews, a batch per
 * transaction, and announces each in the same transaction (the buyer, the seller and the administrators are
 * e-mailed once). Returns how many it escalated.
 */
export async function escalateDuePaymentReviews(doors: EscalatePaymentReviewsDoors, now = new Date()) {
  let escalated = 0;
  for (;;) {
    const batch = await withTransaction(doors.db, async (tx) => {
      const changes = await doors.orders.escalateDueReviews(tx, now, sweepBatch);
      for (const change of changes)
        await doors.events.emit('order.payment-review-changed', { ...change, change: 'escalated' }, tx);
      return changes.length;
    });
    escalated += batch;
    if (batch < sweepBatch) return escalated;
  }
}

export async function registerEscalatePaymentReviewsJobs(app: FastifyInstance) {
  app.jobs.register(escalatePaymentReviewsSweepJob, async () => void (await escalateDuePaymentReviews(app)));
  await app.jobs.schedule(escalatePaymentReviewsSweepJob, '*/5 * * * *');
}
