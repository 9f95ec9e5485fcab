import type { FastifyInstance } from 'fastify';
import type { CncRatesInput } from '@maplesource/contracts';
import type { CncRates } from '@maplesource/contracts/cnc-pricing';
import { addCncRates } from '../../modules/cnc-quotes';
import '../../modules/content';
import type { Tx } from '../../db/transaction';
import type { WorkflowActor } from '../workflow-doors';

/**
 * Admin adds the CNC quote's rates for a date (decision 322): the dated row (cnc-quotes) and its audit row (content's
 * log) commit together in the caller's transaction.
 */
export async function addCncRatesWorkflow(
  doors: Pick<FastifyInstance, 'content'>,
  tx: Tx,
  input: { actor: WorkflowActor; rates: CncRatesInput; at: Date },
): Promise<CncRates> {
  const added = await addCncRates(tx, input.rates, input.at);
  await doors.content.writeAudit(tx, input.actor, {
    action: 'create',
    entity: 'cnc-rates',
    entityId: added.effectiveFrom,
    before: null,
    after: added,
  });
  return added;
}
