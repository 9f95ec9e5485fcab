import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction';

/** The buyer closes an open request early (decision 298): exactly once; another buyer's → 404, ended → 409. */
export async function closeRfq(doors: Pick<FastifyInstance, 'db' | 'rfq'>, buyerId: string, rfqId: string) {
  const ended = await withTransaction(doors.db, (tx) =>
    doors.rfq.end(tx, { rfqId, buyerId, outcome: 'closed' }),
  );
  return { rfq: ended.rfq };
}
