import { randomBytes } from 'node:crypto';
import type { DevStorefrontResponse } from '@maplesource/contracts';
import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction';
import '../../modules/auth';
import '../../modules/catalog';
import '../../modules/sellers';

/** The doors a test storefront goes through. */
export type DevStorefrontDeps = Pick<FastifyInstance, 'db' | 'auth' | 'catalog' | 'sellers'>;

/**
 * Test support (decision 077): gives a test user a storefront of their own with one product, so end-to-end
 * tests act as a seller without sharing the demo seller; in its product's category (the first, or the top category
 * asked for), serving Ontario, so a request for quotes of that category delivered in Ontario reaches it. Slugs start with `dev-`; only those are removable here.
 */
export async function createDevStorefront(
  deps: DevStorefrontDeps,
  userId: string,
  options: { topCategorySlug?: string | undefined } = {},
): Promise<DevStorefrontResponse> {
  const suffix = randomBytes(5).toString('hex');
  const slug = `dev-${suffix}`;
  const name = `Test Storefront ${suffix}`;
  const productSlug = `dev-${suffix}-bracket`;
  const productName = `Test Bracket ${suffix}`;
  return withTransaction(deps.db, async (tx) => {
    await deps.auth.users.addRole(userId, 'seller', tx);
    const sellerId = await deps.sellers.createOwnedStorefront(tx, {
      slug,
      name,
      ownerUserId: userId,
      province: 'ON',
      city: 'Toronto',
      postalCode: 'M5V 2T6',
    });
    const product = await deps.catalog.createStorefrontProduct(tx, {
      sellerId,
      slug: productSlug,
      nameEn: productName,
      nameFr: `Support d’essai ${suffix}`,
      province: 'ON',
      unitPriceCents: 1_250,
      topCategorySlug: options.topCategorySlug,
    });
    await deps.sellers.setStorefrontProductCount(tx, sellerId, 1);
    // In its product's category and serving its own province: requests for quotes can reach it (decision 298).
    await deps.sellers.setStorefrontReach(tx, sellerId, {
      primaryCategoryId: product.categoryId,
      serviceProvinces: ['ON'],
    });
    return {
      seller: { id: sellerId, slug, name },
      product: { id: product.id, slug: productSlug, name: productName },
    };
  });
}

/** Deletes a `dev-` storefront the user owns, with its products. False when there is none. */
export function deleteDevStorefront(deps: DevStorefrontDeps, userId: string, slug: string): Promise<boolean> {
  return deps.sellers.deleteOwnedStorefront(deps.db, slug, userId);
}
