import { randomBytes } from 'node:crypto';
import type { DevStorefrontResponse } from '@maplesource/contracts';
import type { Db } from '../db/client';
import { withTransaction } from '../db/transaction';
import type { UserService } from '../modules/auth/users.service';
import { createStorefrontProduct } from '../modules/catalog/storefront-product';
import {
  createOwnedStorefront,
  deleteOwnedStorefront,
  setStorefrontProductCount,
} from '../modules/sellers/sellers.service';

/**
 * Test support (decision 077): gives a test user a storefront of their own with one product, so end-to-end
 * tests act as a seller without sharing the demo seller. Slugs start with `dev-`; only those are removable here.
 */
export async function createDevStorefront(
  deps: { db: Db; users: UserService },
  userId: string,
): Promise<DevStorefrontResponse> {
  const suffix = randomBytes(5).toString('hex');
  const slug = `dev-${suffix}`;
  const name = `Test Storefront ${suffix}`;
  const productSlug = `dev-${suffix}-bracket`;
  const productName = `Test Bracket ${suffix}`;
  return withTransaction(deps.db, async (tx) => {
    await deps.users.addRole(userId, 'seller', tx);
    const sellerId = await createOwnedStorefront(tx, {
      slug,
      name,
      ownerUserId: userId,
      province: 'ON',
      city: 'Toronto',
      postalCode: 'M5V 2T6',
    });
    const productId = await createStorefrontProduct(tx, {
      sellerId,
      slug: productSlug,
      nameEn: productName,
      nameFr: `Support d’essai ${suffix}`,
      province: 'ON',
      unitPriceCents: 1_250,
    });
    await setStorefrontProductCount(tx, sellerId, 1);
    return {
      seller: { id: sellerId, slug, name },
      product: { id: productId, slug: productSlug, name: productName },
    };
  });
}

/** Deletes a `dev-` storefront the user owns, with its products. False when there is none. */
export function deleteDevStorefront(db: Db, userId: string, slug: string): Promise<boolean> {
  return deleteOwnedStorefront(db, slug, userId);
}
