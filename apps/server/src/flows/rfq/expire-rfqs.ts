import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction';

export type ExpireRfqsDoors = Pick<FastifyInstance, 'db' | 'rfq' | 'events'>;

export const expireRfqsSweepJob = 'rfq.expire-sweep';
const sweepBatch = 100;

/**
 * Requests for quotes past their deadline end as `expired` (decision 317, as the payment review escalation of
 * decision 316): a durable sweep every minute takes the due requests a batch per transaction (the rfq module's
 * `expireDue`: `FOR UPDATE SKIP LOCKED`, `UPDATE … WHERE status = 'open'`, the open slot given back once) and
 * announces each as `rfq.ended` in the same transaction, so two sweeps at once expire and announce each once.
 * Returns how many it expired.
 */
export async function expireDueRfqs(doors: ExpireRfqsDoors, now = new Date()) {
  let expired = 0;
  for (;;) {
    const batch = await withTransaction(doors.db, async (tx) => {
      const ids = await doors.rfq.expireDue(tx, now, sweepBatch);
      for (const rfqId of ids) await doors.events.emit('rfq.ended', { rfqId, outcome: 'expired' }, tx);
      return ids.length;
    });
    expired += batch;
    if (batch < sweepBatch) return expired;
  }
}

export async function registerExpireRfqsJobs(app: FastifyInstance) {
  app.jobs.register(expireRfqsSweepJob, async () => void (await expireDueRfqs(app)));
  await app.jobs.schedule(expireRfqsSweepJob, '* * * * *');
}
