import type { FastifyInstance } from 'fastify';
import type { SellerApplication, SellerApplicationInput } from '@maplesource/contracts';
import type { Tx } from '../../db/transaction';
import { badRequest } from '../../plugins/errors';
import '../../modules/catalog';
import '../../modules/sellers';

export type ApplyToSellDoors = Pick<FastifyInstance, 'catalog' | 'sellers' | 'events'>;

const publicApplication = ({ userId: _userId, ...application }: SellerApplication & { userId: string }) =>
  application;

/**
 * A signed-in account applies to sell (decision 280): the application (one open per account, the database
 * decides), its draft storefront at `/seller/{slug}` (owned by the applicant, not listed; the legal name and
 * tax numbers are its invoices' tax profile, its contact e-mail and phone its contact details, decision 291) and `seller-application.changed`, which notifies and e-mails the
 * applicant — all in the caller's transaction.
 */
export async function applyToSell(
  doors: ApplyToSellDoors,
  tx: Tx,
  userId: string,
  input: SellerApplicationInput,
): Promise<SellerApplication> {
  const tops = await doors.catalog.topCategories(tx);
  const bySlug = new Map(tops.map((category) => [category.slug, Number(category.id)]));
  const unknown = input.categories.filter((slug) => !bySlug.has(slug));
  if (unknown.length > 0) {
    throw badRequest('SELLER_CATEGORY_UNKNOWN', `Unknown category: ${unknown.join(', ')}`);
  }
  const categories = [...new Set(input.categories)];
  const applicationId = await doors.sellers.applications.insert(tx, userId, { ...input, categories });
  const storefront = await doors.sellers.createDraftStorefront(tx, {
    ownerUserId: userId,
    name: input.operatingName,
    legalName: input.legalName,
    businessNumber: input.businessNumber,
    businessType: input.businessType,
    province: input.province,
    city: input.city,
    primaryCategoryId: bySlug.get(categories[0]!) ?? null,
    gstHstNumber: input.gstHstNumber,
    qstNumber: input.qstNumber,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
  });
  await doors.sellers.applications.attachDraftStorefront(tx, applicationId, storefront.id);
  await doors.events.emit(
    'seller-application.changed',
    { applicationId, userId, status: 'pending', storefrontSlug: storefront.slug },
    tx,
  );
  return publicApplication(await doors.sellers.applications.get(tx, applicationId));
}

export { publicApplication };
