import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import '../../modules/sellers';
import '../../modules/catalog';

/** The doors the seller centre's catalogue uses (decision 287). */
export type SellerCatalogueDoors = Pick<
  FastifyInstance,
  'db' | 'sellers' | 'catalog' | 'jobs' | 'storage' | 'events'
>;

/** The storefronts the user owns: every item, job and file route acts on these only (404 for any other). */
export const ownedSellerIds = (doors: Pick<SellerCatalogueDoors, 'sellers'>, db: Db, userId: string) =>
  doors.sellers.ownedStorefrontIds(db, userId);

/** One storefront of the user's, or 404 as for a storefront that does not exist. */
export async function ownStorefront(
  doors: Pick<SellerCatalogueDoors, 'sellers'>,
  db: Db,
  userId: string,
  sellerId: string,
): Promise<number> {
  const owned = await ownedSellerIds(doors, db, userId);
  const id = Number(sellerId);
  if (!owned.includes(id)) throw notFound('SELLER_NOT_FOUND', 'Seller not found');
  return id;
}
