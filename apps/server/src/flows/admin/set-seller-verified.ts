import type { AdminSeller } from '@maplesource/contracts';
import type { Tx } from '../../db/transaction';
import type { WorkflowActor, WorkflowDoors } from '../workflow-doors';
import { auditUpdate } from './audit-update';

/**
 * Admin marks a storefront verified or not (sellers); audited (content's log) and announced (`seller.changed`:
 * listing cards and page heads show the badge), all in the caller's transaction.
 */
export async function setSellerVerifiedWorkflow(
  doors: WorkflowDoors,
  tx: Tx,
  input: { actor: WorkflowActor; id: string; verified: boolean },
): Promise<AdminSeller> {
  const { before, after } = await doors.sellers.setSellerVerified(tx, input.id, input.verified);
  await auditUpdate(doors, tx, input.actor, { entity: 'seller', before, after }, 'seller.changed', {
    sellerId: after.id,
    change: 'verified',
  });
  return after;
}
