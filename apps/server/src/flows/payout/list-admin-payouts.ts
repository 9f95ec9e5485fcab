import type { FastifyInstance } from 'fastify';
import type { AdminPayoutsQuery, AdminPayoutsResponse } from '@maplesource/contracts/reconciliation';
import '../../modules/payout-accounts';
import '../../modules/sellers';

export type AdminPayoutDoors = Pick<FastifyInstance, 'db' | 'payoutAccounts' | 'sellers'>;

/**
 * The admin's payouts across storefronts (decision 304): newest first, one status or all, each with its
 * storefront's name and, when it failed, why. A storefront removed since its payout shows its id.
 */
export async function listAdminPayouts(
  doors: AdminPayoutDoors,
  query: AdminPayoutsQuery,
): Promise<AdminPayoutsResponse> {
  const page = await doors.payoutAccounts.payoutsForAdmin(doors.db, {
    status: query.status ?? null,
    after: query.cursor ?? null,
    limit: query.limit,
  });
  const names = await doors.sellers.storefrontNames(
    doors.db,
    page.items.map((payout) => payout.sellerId),
  );
  return {
    items: page.items.map((payout) => {
      const storefront = names.get(payout.sellerId);
      return {
        id: payout.id,
        sellerId: payout.sellerId,
        storefrontName: storefront?.name ?? `#${payout.sellerId}`,
        storefrontSlug: storefront?.slug ?? '',
        runDate: payout.runDate,
        amountCents: payout.amountCents,
        provider: payout.provider,
        status: payout.status,
        failureReason: payout.failureReason,
        transferId: payout.transferId,
        createdAt: payout.createdAt,
        sentAt: payout.sentAt,
        failedAt: payout.failedAt,
      };
    }),
    nextCursor: page.nextCursor,
  };
}
