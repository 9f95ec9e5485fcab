import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import '../../modules/sellers';

/** One storefront of the user's, or 404 as for a storefront that does not exist (another seller's included). */
export async function ownStorefront(
  doors: Pick<FastifyInstance, 'sellers'>,
  db: Db,
  userId: string,
  sellerParam: string,
): Promise<number> {
  const id = Number(sellerParam);
  const owned = await doors.sellers.ownedStorefrontIds(db, userId);
  if (!owned.includes(id)) throw notFound('SELLER_NOT_FOUND', 'Seller not found');
  return id;
}
