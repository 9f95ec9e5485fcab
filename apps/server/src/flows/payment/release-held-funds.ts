import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction';
import type { ReleaseOutcome } from '../../modules/ledger';
import '../../modules/ledger';
import '../../modules/orders';

/**
 * Held funds (decision 296, docs/product.md §9): a seller's share of a paid order stays in pending until the
 * payment review window closes (delivery, or its estimate, + 7 calendar days in the order's zone), then moves to
 * available — unless a payment review is open, which freezes it until its resolution. A durable sweep every minute
 * (the job queue's schedule) releases what is due; each order in its own transaction.
 */
export type ReleaseHeldFundsDoors = Pick<FastifyInstance, 'db' | 'orders' | 'ledger'>;

export const releaseHeldFundsSweepJob = 'ledger.release-held-funds-sweep';
const sweepBatch = 200;

/**
 * Releases one order's held funds if due, under the order's row lock (a new payment review waits for it, and is
 * seen once committed) and then the hold's.
 */
export function releaseHeldFunds(
  doors: ReleaseHeldFundsDoors,
  orderId: string,
  now = new Date(),
): Promise<ReleaseOutcome> {
  return withTransaction(doors.db, async (tx) => {
    const facts = await doors.orders.ledgerFacts(tx, orderId);
    if (!facts) return 'no_hold';
    return doors.ledger.release(tx, orderId, now, facts.reviewOpen);
  });
}

/** Every hold due by `now`, a batch at a time; frozen ones are skipped (their review's resolution releases them). */
export async function releaseDueHeldFunds(
  doors: ReleaseHeldFundsDoors,
  now = new Date(),
  onlySellerId?: number,
) {
  let released = 0;
  const seen = new Set<string>();
  for (;;) {
    const due = (await doors.ledger.dueHolds(doors.db, now, sweepBatch + seen.size, onlySellerId)).filter(
      (orderId) => !seen.has(orderId),
    );
    if (due.length === 0) return released;
    for (const orderId of due) {
      seen.add(orderId);
      if ((await releaseHeldFunds(doors, orderId, now)) === 'released') released++;
    }
  }
}

export async function registerReleaseHeldFundsJobs(app: FastifyInstance) {
  app.jobs.register(releaseHeldFundsSweepJob, async () => void (await releaseDueHeldFunds(app)));
  await app.jobs.schedule(releaseHeldFundsSweepJob, '* * * * *');
}
