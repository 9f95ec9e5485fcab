import type { FastifyInstance } from 'fastify';
import type { StorefrontClaim } from '@maplesource/contracts';
import type { Tx } from '../../db/transaction';
import type { WorkflowActor } from '../workflow-doors';
import '../../modules/auth';
import '../../modules/content';
import '../../modules/sellers';
import type { StoredStorefrontClaim } from '../../modules/sellers';
import { publicClaim } from './public-claim';

export type DecideStorefrontClaimDoors = Pick<FastifyInstance, 'auth' | 'sellers' | 'content' | 'events'>;

const changed = (
  claim: StoredStorefrontClaim,
  status: 'approved' | 'refused',
  listedContactEmail?: string | null,
) => ({
  claimId: claim.id,
  userId: claim.userId,
  status,
  storefrontName: claim.storefront.name,
  storefrontSlug: claim.storefront.slug,
  ...(claim.refusalReason ? { reason: claim.refusalReason } : {}),
  ...(listedContactEmail ? { listedContactEmail } : {}),
});

/** The storefront's listed contact e-mail (decision 291); a claim never changes it, so it is the one before the claim. */
const listedContactOf = async (doors: DecideStorefrontClaimDoors, tx: Tx, storefrontId: string) =>
  (await doors.sellers.claims.target(tx, storefrontId)).contactEmail;

/**
 * An admin approves a verified claim (decision 263), in one transaction: the storefront (with its products,
 * services and their reviews, which hang on it) becomes the claimant's under the storefront's row lock and only
 * while unclaimed, so of two approvals racing exactly one wins (the other answers 409); the claimant gets the
 * `seller` role; the competing claims are refused; every change is audited and each claimant hears of it.
 */
export async function approveStorefrontClaim(
  doors: DecideStorefrontClaimDoors,
  tx: Tx,
  input: { actor: WorkflowActor; id: string },
): Promise<StorefrontClaim> {
  const { before, after, refused } = await doors.sellers.claims.approve(tx, input.id, input.actor.userId);
  await doors.auth.users.addRole(after.userId, 'seller', tx);
  const audit = (claim: StoredStorefrontClaim, was: StorefrontClaim | null) =>
    doors.content.writeAudit(tx, input.actor, {
      action: 'update',
      entity: 'storefront_claim',
      entityId: claim.id,
      before: was,
      after: publicClaim(claim),
    });
  await audit(after, publicClaim(before));
  // A competing claim's audit row keeps its refusal (its earlier state is in its own audit rows).
  for (const claim of refused) await audit(claim, null);
  await doors.content.writeAudit(tx, input.actor, {
    action: 'update',
    entity: 'seller',
    entityId: after.storefront.id,
    before: { ownerUserId: null, claimed: false },
    after: { ownerUserId: after.userId, claimed: true, businessNumber: after.businessNumber },
  });
  await doors.events.emit(
    'storefront-claim.changed',
    changed(after, 'approved', await listedContactOf(doors, tx, after.storefront.id)),
    tx,
  );
  // The listed contact hears of the approval; the competing claims' refusals go to their claimants only.
  for (const claim of refused)
    await doors.events.emit('storefront-claim.changed', changed(claim, 'refused'), tx);
  await doors.events.emit('seller.changed', { sellerId: after.storefront.id, change: 'profile' }, tx);
  return publicClaim(after);
}

/** An admin refuses a verified claim with a reason: kept, audited, and sent to the claimant. */
export async function refuseStorefrontClaim(
  doors: DecideStorefrontClaimDoors,
  tx: Tx,
  input: { actor: WorkflowActor; id: string; reason: string },
): Promise<StorefrontClaim> {
  const { before, after } = await doors.sellers.claims.refuse(tx, input.id, input.reason, input.actor.userId);
  await doors.content.writeAudit(tx, input.actor, {
    action: 'update',
    entity: 'storefront_claim',
    entityId: after.id,
    before: publicClaim(before),
    after: publicClaim(after),
  });
  await doors.events.emit(
    'storefront-claim.changed',
    changed(after, 'refused', await listedContactOf(doors, tx, after.storefront.id)),
    tx,
  );
  return publicClaim(after);
}
