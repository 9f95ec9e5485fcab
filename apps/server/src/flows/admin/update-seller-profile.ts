import type { AdminSellerProfile } from '@maplesource/contracts';
import type { Tx } from '../../db/transaction';
import type { SellerProfileEdit } from '../../modules/sellers';
import type { WorkflowActor, WorkflowDoors } from '../workflow-doors';
import { auditUpdate } from './audit-update';

/**
 * Admin edits a storefront's name, city, province or business type (sellers); the catalogue's copies of
 * province and business type on the seller's items and its typo vocabulary follow (decision 040); the change
 * is audited (content's log) and announced (`seller.changed`). All in the caller's transaction: listings
 * never show half of it.
 */
export async function updateSellerProfileWorkflow(
  doors: WorkflowDoors,
  tx: Tx,
  input: { actor: WorkflowActor; id: string; edit: SellerProfileEdit },
): Promise<AdminSellerProfile> {
  const { before, after } = await doors.sellers.updateSellerProfile(tx, input.id, input.edit);
  const copiesChanged = input.edit.province !== undefined || input.edit.businessType !== undefined;
  const wordsChanged = input.edit.name !== undefined || input.edit.city !== undefined;
  if (copiesChanged || wordsChanged) {
    await doors.catalog.applySellerProfile(tx, Number(after.id), {
      province: after.province,
      businessType: after.businessType,
      newWords: wordsChanged ? [input.edit.name ?? '', input.edit.city ?? ''] : [],
    });
  }
  await auditUpdate(doors, tx, input.actor, { entity: 'seller', before, after }, 'seller.changed', {
    sellerId: after.id,
    change: 'profile',
  });
  return after;
}
