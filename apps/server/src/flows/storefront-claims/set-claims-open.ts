import type { FastifyInstance } from 'fastify';
import type { StorefrontClaimSettings } from '@maplesource/contracts';
import type { Tx } from '../../db/transaction';
import type { WorkflowActor } from '../workflow-doors';
import '../../modules/content';
import '../../modules/sellers';

export type SetClaimsOpenDoors = Pick<FastifyInstance, 'sellers' | 'content'>;

/** The admin's switch that opens or closes storefront claims (decision 263), stored and audited together. */
export async function setClaimsOpen(
  doors: SetClaimsOpenDoors,
  tx: Tx,
  input: { actor: WorkflowActor; claimsOpen: boolean },
): Promise<StorefrontClaimSettings> {
  const change = await doors.sellers.claims.setOpen(tx, input.claimsOpen, input.actor.userId);
  await doors.content.writeAudit(tx, input.actor, {
    action: 'update',
    entity: 'storefront_claim_settings',
    entityId: '1',
    before: change.before,
    after: change.after,
  });
  return change.after;
}
