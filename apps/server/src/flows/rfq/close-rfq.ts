import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction';

/**
 * The buyer closes an open request early (decision 298): exactly once; another buyer's → 404, ended → 409. The
 * suppliers still waiting are told politely after commit (`rfq.ended`, decision 317).
 */
export async function closeRfq(
  doors: Pick<FastifyInstance, 'db' | 'rfq' | 'events'>,
  buyerId: string,
  rfqId: string,
) {
  const ended = await withTransaction(doors.db, async (tx) => {
    const result = await doors.rfq.end(tx, { rfqId, buyerId, outcome: 'closed' });
    await doors.events.emit('rfq.ended', { rfqId, outcome: 'closed' }, tx);
    return result;
  });
  return { rfq: ended.rfq };
}
