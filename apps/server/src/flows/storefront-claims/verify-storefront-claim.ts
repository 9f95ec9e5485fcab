import type { FastifyInstance } from 'fastify';
import type { StorefrontClaim } from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import '../../modules/content';
import '../../modules/sellers';
import { claimCodeHash } from '../../modules/sellers';
import { publicClaim } from './public-claim';

export type VerifyStorefrontClaimDoors = Pick<
  FastifyInstance,
  'sellers' | 'content' | 'events' | 'config' | 'db'
>;

/**
 * The claimant enters the code (decision 263). A wrong code is counted in its own statement before the error
 * answers (never rolled back with it); the right one makes the claim wait for the admin, audited, and
 * `storefront-claim.changed` tells the claimant it is in the queue — one transaction.
 */
export async function verifyStorefrontClaim(
  doors: VerifyStorefrontClaimDoors,
  input: { userId: string; claimId: string; code: string },
): Promise<StorefrontClaim> {
  const now = new Date();
  const hash = (sellerId: string) =>
    claimCodeHash(doors.config.COOKIE_SECRET, sellerId, input.userId, input.code);
  const before = await doors.sellers.claims.checkCode(doors.db, {
    id: input.claimId,
    userId: input.userId,
    hash,
    now,
  });
  return withTransaction(doors.db, async (tx) => {
    const after = await doors.sellers.claims.markVerified(tx, before.id, hash(before.storefront.id), now);
    // The listed contact learns that someone claims the storefront (decision 291).
    const listed = await doors.sellers.claims.target(tx, after.storefront.id);
    await doors.content.writeAudit(
      tx,
      { userId: input.userId },
      {
        action: 'update',
        entity: 'storefront_claim',
        entityId: after.id,
        before: publicClaim(before),
        after: { ...publicClaim(after), step: 'verified' },
      },
    );
    await doors.events.emit(
      'storefront-claim.changed',
      {
        claimId: after.id,
        userId: input.userId,
        status: 'pending',
        storefrontName: after.storefront.name,
        storefrontSlug: after.storefront.slug,
        ...(listed.contactEmail ? { listedContactEmail: listed.contactEmail } : {}),
      },
      tx,
    );
    return publicClaim(after);
  });
}
