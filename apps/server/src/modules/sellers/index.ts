import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type CatalogCategoryReads,
  type CatalogSearchFeeds,
  type CatalogSellerCards,
  copySellerCard,
  countByBusinessType,
  countPublicSellers,
  createOwnedStorefront,
  deleteOwnedStorefront,
  getSeller,
  storefrontNames,
  listBusinessTypes,
  listSellers,
  publicSellerSlugs,
  randomUnclaimed,
  recentSellers,
  releaseStorefrontsOf,
  searchSellers,
  setStorefrontProductCount,
  setStorefrontReach,
  storefrontOwner,
  unclaimedByCategory,
} from './sellers.service';
import { sellersReferenceUpload } from './upload-references';
import { StorefrontSearchIndex } from './storefront-search-index';
import { listSellersForAdmin, setSellerVerified, updateSellerProfile } from './seller-admin.service';
import { ownedStorefrontIds, setTaxProfile, taxProfile } from './seller-tax-profile';
import {
  attachDraftStorefront,
  createDraftStorefront,
  decideApplication,
  deleteDraftStorefront,
  getApplication,
  insertApplication,
  latestApplicationOf,
  listStorefront,
  pendingApplications,
  type DraftStorefront,
} from './seller-applications';
import { readOwnedStorefront, updateOwnedStorefront } from './storefront-edit';
import { recordStorefrontVisit, storefrontStats } from './storefront-stats';
import { rfqCandidates, rfqSupplierCards } from './rfq-candidates';
import {
  approveClaim,
  checkClaimCode,
  claimsOf,
  claimsOpen,
  claimStore,
  claimTarget,
  getClaim,
  markClaimVerified,
  ownClaim,
  pendingClaimGroups,
  putClaimCode,
  refuseClaim,
  setClaimsOpen,
} from './storefront-claims';
import type { Db } from '../../db/client';
import type { NewOwnedStorefront, SellerListInput } from './sellers.service';
import type { SellerProfileEdit } from './seller-admin.service';
import '../catalog';

/**
 * The sellers module's door (storefronts, directory, claims): `app.sellers`, its route plugins and public types.
 * Every method takes the database or the transaction it runs in first (a `Tx` passes as a `Db`). The directory
 * reads the catalogue's top-level categories through the catalogue's service; every write of a storefront's
 * card fields (name, slug, city, province, business type, verified) hands the catalogue its new card in the
 * same transaction (decision 110).
 */
export const createSellersService = (
  catalog: CatalogCategoryReads & CatalogSellerCards & CatalogSearchFeeds,
) => {
  // The listed storefronts in memory, fed with the catalogue's in-process index when it runs (decision 334).
  const storefronts = new StorefrontSearchIndex();
  const held = catalog.addSearchFeed(storefronts) ? storefronts : null;
  return {
    listSellers: (db: Db, query: SellerListInput) => listSellers(db, catalog, query),
    searchSellers: (db: Db, q: string, limit: number, resolvedWords?: readonly string[]) =>
      searchSellers(db, catalog, q, limit, held, resolvedWords),
    unclaimedByCategory: (db: Db, perCategory: number) => unclaimedByCategory(db, catalog, perCategory),
    getSeller,
    storefrontNames,
    recentSellers,
    randomUnclaimed,
    claimStore,
    countPublicSellers,
    publicSellerSlugs,
    listSellersForAdmin,
    setSellerVerified: async (db: Db, id: string, verified: boolean) => {
      const change = await setSellerVerified(db, id, verified);
      await copySellerCard(db, catalog, Number(change.after.id));
      return change;
    },
    updateSellerProfile: async (db: Db, id: string, edit: SellerProfileEdit) => {
      const change = await updateSellerProfile(db, id, edit);
      await copySellerCard(db, catalog, Number(change.after.id));
      return change;
    },
    releaseStorefrontsOf,
    createOwnedStorefront: async (db: Db, input: NewOwnedStorefront) => {
      const id = await createOwnedStorefront(db, input);
      await copySellerCard(db, catalog, Number(id));
      return id;
    },
    deleteOwnedStorefront,
    setStorefrontProductCount,
    /** A storefront's main category and served provinces (the dev storefront route's, decision 077). */
    setStorefrontReach,
    /** Who answers a storefront's inquiries (quotes): its owner user, or null while unclaimed. */
    storefrontOwner,
    /** docs/product.md §7 `business-types`: names and storefront counts (the counts alone: `countByBusinessType`). */
    listBusinessTypes,
    countByBusinessType,
    /** Whether a storefront shows this admin upload (the content module's unreferenced-upload clean-up asks). */
    referencesUpload: sellersReferenceUpload,
    /** Legal name, GST/HST and QST numbers or small-supplier declaration printed on invoices (decision 132). */
    taxProfile,
    setTaxProfile,
    /** The storefronts a user owns: the seller centre's routes act on these and answer 404 for any other. */
    ownedStorefrontIds,
    /** Applications to sell and their draft storefronts (decision 280); flows/seller-onboarding drives them. */
    applications: {
      insert: insertApplication,
      attachDraftStorefront,
      get: getApplication,
      latestOf: latestApplicationOf,
      pending: pendingApplications,
      decide: decideApplication,
    },
    createDraftStorefront: async (db: Db, input: DraftStorefront) => {
      const created = await createDraftStorefront(db, input);
      await copySellerCard(db, catalog, Number(created.id));
      return created;
    },
    listStorefront,
    deleteDraftStorefront,
    /** The owner's storefront edit (decision 261): another user's storefront answers 404. */
    readOwnedStorefront,
    updateOwnedStorefront,
    /** A visit of a storefront's page, and a storefront's figures over a period (decision 290). */
    recordStorefrontVisit,
    storefrontStats,
    /** Storefronts a request for quotes goes to (decision 298). */
    rfqCandidates,
    rfqSupplierCards,
    /** Storefront claims (decision 263); flows/storefront-claims drives them. */
    claims: {
      open: claimsOpen,
      setOpen: setClaimsOpen,
      target: claimTarget,
      putCode: putClaimCode,
      get: getClaim,
      own: ownClaim,
      of: claimsOf,
      checkCode: checkClaimCode,
      markVerified: markClaimVerified,
      pendingGroups: pendingClaimGroups,
      approve: approveClaim,
      refuse: refuseClaim,
    },
  };
};
export type SellersService = ReturnType<typeof createSellersService>;

declare module 'fastify' {
  interface FastifyInstance {
    sellers: SellersService;
  }
}

export type { NewOwnedStorefront, SellerListInput } from './sellers.service';
export type { DraftStorefront, StoredSellerApplication } from './seller-applications';
export type { StoredStorefrontClaim } from './storefront-claims';
export type { RfqCandidate } from './rfq-candidates';
export { alreadyClaimed, claimCodeHash, claimsClosed, emailDomainOf } from './storefront-claims';
export type { SellerProfileEdit } from './seller-admin.service';
export { sellersRoutes, recentSellersRoutes } from './sellers.routes';
export { sellersAdminRoutes } from './sellers.admin.routes';
export { sellerTaxProfileRoutes } from './seller-tax-profile.routes';
export type { StorefrontTaxProfile } from './seller-tax-profile';
export { demoLegalNameOf, sellerTaxProfileSeedStep } from './seller-tax-profile.seed';

async function sellersModule(app: FastifyInstance) {
  app.decorate('sellers', createSellersService(app.catalog));
}

export const sellersModulePlugin = fp(sellersModule, {
  name: 'sellers-module',
  dependencies: ['context', 'catalog-module'],
});
