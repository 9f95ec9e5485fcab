import type { FastifyInstance } from 'fastify';
import type { SellerApplication } from '@maplesource/contracts';
import type { Tx } from '../../db/transaction';
import type { WorkflowActor } from '../workflow-doors';
import '../../modules/auth';
import '../../modules/content';
import '../../modules/sellers';
import { publicApplication } from './apply-to-sell';

export type DecideSellerApplicationDoors = Pick<FastifyInstance, 'auth' | 'sellers' | 'content' | 'events'>;

/**
 * An admin approves a pending application (decision 280): the account becomes a seller (its `seller` role: the
 * seller badge on its profile and the seller centre), its storefront is listed (directory, search, sitemaps), and
 * the business number stays on the storefront as an input of the verified badge the admin grants separately.
 * Audited in the content module's log; `seller-application.changed` notifies and e-mails the applicant;
 * `seller.changed` drops the caches that show storefronts. One transaction; an approval racing a refusal ends in
 * one state (the application's row, decided once).
 */
export async function approveSellerApplication(
  doors: DecideSellerApplicationDoors,
  tx: Tx,
  input: { actor: WorkflowActor; id: string },
): Promise<SellerApplication> {
  const before = publicApplication(await doors.sellers.applications.get(tx, input.id));
  const decided = await doors.sellers.applications.decide(
    tx,
    input.id,
    { status: 'approved' },
    input.actor.userId,
  );
  await doors.auth.users.addRole(decided.userId, 'seller', tx);
  if (decided.storefront) await doors.sellers.listStorefront(tx, decided.storefront.id);
  const after = publicApplication(decided);
  await doors.content.writeAudit(tx, input.actor, {
    action: 'update',
    entity: 'seller_application',
    entityId: decided.id,
    before,
    after,
  });
  await doors.events.emit(
    'seller-application.changed',
    {
      applicationId: decided.id,
      userId: decided.userId,
      status: 'approved',
      ...(decided.storefront ? { storefrontSlug: decided.storefront.slug } : {}),
    },
    tx,
  );
  if (decided.storefront) {
    await doors.events.emit('seller.changed', { sellerId: decided.storefront.id, change: 'profile' }, tx);
  }
  return after;
}

/**
 * An admin refuses a pending application with a reason (decision 280): the reason is kept and sent to the
 * applicant, the draft storefront is removed (it was never listed), audited; the account may apply again.
 */
export async function refuseSellerApplication(
  doors: DecideSellerApplicationDoors,
  tx: Tx,
  input: { actor: WorkflowActor; id: string; reason: string },
): Promise<SellerApplication> {
  const before = publicApplication(await doors.sellers.applications.get(tx, input.id));
  const decided = await doors.sellers.applications.decide(
    tx,
    input.id,
    { status: 'refused', reason: input.reason },
    input.actor.userId,
  );
  if (decided.storefront) await doors.sellers.deleteDraftStorefront(tx, decided.storefront.id);
  const after = publicApplication(await doors.sellers.applications.get(tx, input.id));
  await doors.content.writeAudit(tx, input.actor, {
    action: 'update',
    entity: 'seller_application',
    entityId: decided.id,
    before,
    after,
  });
  await doors.events.emit(
    'seller-application.changed',
    { applicationId: decided.id, userId: decided.userId, status: 'refused', reason: input.reason },
    tx,
  );
  return after;
}
