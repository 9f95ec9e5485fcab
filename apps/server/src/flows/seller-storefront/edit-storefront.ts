import type { FastifyInstance } from 'fastify';
import type { SellerStorefront, SellerStorefrontInput } from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import '../../modules/sellers';

export type SellerStorefrontDoors = Pick<FastifyInstance, 'db' | 'sellers' | 'events' | 'storage'>;

/**
 * The seller saves their storefront (decision 261): one UPDATE conditioned on the ownership (another storefront
 * answers 404, nothing changed) and `seller.changed` in the same transaction, which drops this process's cached
 * listing pages and page heads after the commit; the directory and search read the storefront's own row.
 */
export function editStorefront(
  doors: Pick<SellerStorefrontDoors, 'db' | 'sellers' | 'events'>,
  userId: string,
  sellerId: string,
  input: SellerStorefrontInput,
): Promise<SellerStorefront> {
  return withTransaction(doors.db, async (tx) => {
    const saved = await doors.sellers.updateOwnedStorefront(tx, userId, sellerId, input);
    await doors.events.emit('seller.changed', { sellerId: saved.id, change: 'storefront' }, tx);
    return saved;
  });
}
