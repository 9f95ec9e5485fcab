import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type CatalogCategoryReads,
  claimStore,
  countPublicSellers,
  createOwnedStorefront,
  deleteOwnedStorefront,
  getSeller,
  listSellers,
  publicSellerSlugs,
  randomUnclaimed,
  recentSellers,
  releaseStorefrontsOf,
  searchSellers,
  setStorefrontProductCount,
  storefrontOwner,
  unclaimedByCategory,
} from './sellers.service';
import { sellersReferenceUpload } from './upload-references';
import { listSellersForAdmin, setSellerVerified, updateSellerProfile } from './seller-admin.service';
import { setTaxProfile, taxProfile } from './seller-tax-profile';
import type { Db } from '../../db/client';
import type { SellerListInput } from './sellers.service';
import '../catalog';

/**
 * The sellers module's door (storefronts, directory, claims): `app.sellers`, its route plugins and public types.
 * Every method takes the database or the transaction it runs in first (a `Tx` passes as a `Db`). The directory
 * reads the catalogue's top-level categories through the catalogue's service.
 */
export const createSellersService = (catalog: CatalogCategoryReads) => ({
  listSellers: (db: Db, query: SellerListInput) => listSellers(db, catalog, query),
  searchSellers: (db: Db, q: string, limit: number) => searchSellers(db, catalog, q, limit),
  unclaimedByCategory: (db: Db, perCategory: number) => unclaimedByCategory(db, catalog, perCategory),
  getSeller,
  recentSellers,
  randomUnclaimed,
  claimStore,
  countPublicSellers,
  publicSellerSlugs,
  listSellersForAdmin,
  setSellerVerified,
  updateSellerProfile,
  releaseStorefrontsOf,
  createOwnedStorefront,
  deleteOwnedStorefront,
  setStorefrontProductCount,
  /** Who answers a storefront's inquiries (quotes): its owner user, or null while unclaimed. */
  storefrontOwner,
  /** Whether a storefront shows this admin upload (the content module's unreferenced-upload clean-up asks). */
  referencesUpload: sellersReferenceUpload,
  /** Legal name, GST/HST and QST numbers or small-supplier declaration printed on invoices (decision 132). */
  taxProfile,
  setTaxProfile,
});
export type SellersService = ReturnType<typeof createSellersService>;

declare module 'fastify' {
  interface FastifyInstance {
    sellers: SellersService;
  }
}

export type { NewOwnedStorefront, SellerListInput } from './sellers.service';
export type { SellerProfileEdit } from './seller-admin.service';
export { sellersRoutes, recentSellersRoutes } from './sellers.routes';
export { sellersAdminRoutes } from './sellers.admin.routes';
export { sellerTaxProfileRoutes } from './seller-tax-profile.routes';
export type { StorefrontTaxProfile } from './seller-tax-profile';
export { sellerTaxProfileSeedStep } from './seller-tax-profile.seed';

async function sellersModule(app: FastifyInstance) {
  app.decorate('sellers', createSellersService(app.catalog));
}

export const sellersModulePlugin = fp(sellersModule, {
  name: 'sellers-module',
  dependencies: ['context', 'catalog-module'],
});
