import type { CategoryNamesInput } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import * as items from './catalog.service';
import type { CatalogState } from './catalog-state';
import { listCategoriesForAdmin, renameCategory } from './category-admin.service';
import { catalogPageDataLinks, catalogPageLinks } from './catalog.queries';
import { getCatalogItemForAdmin, renameCatalogItem } from './item-admin.service';
import { resolveQuery } from './search-query';
import type { SearchFeed } from './search-index';
import { createStorefrontProduct } from './storefront-product';
import { itemsOfStorefronts, rfqSubjectItem } from './rfq-items';
import { addSearchWords, syncSellerCopies } from './search-words.service';
import { putSellerCard } from './seller-cards.service';
import * as sellerItems from './seller-items.service';
import * as sellerImport from './seller-import.service';
import { countQuotationOutcome, sellerStats, sellerStatsItems } from './seller-stats.service';

type Rest<F> = F extends (db: Db, state: CatalogState, ...rest: infer R) => infer T
  ? (db: Db, ...rest: R) => T
  : never;

/**
 * The catalogue's service (`app.catalog`): every method takes the database or the transaction it runs in first
 * (a `Tx` passes as a `Db`); the methods that need the instance's knobs and caches have them bound here.
 */
export function createCatalogService(state: CatalogState) {
  const bind =
    <A extends unknown[], T>(fn: (db: Db, state: CatalogState, ...rest: A) => T) =>
    (db: Db, ...rest: A): T =>
      fn(db, state, ...rest);
  return {
    state,
    pageLinks: catalogPageLinks,
    pageDataLinks: catalogPageDataLinks,
    // categories
    listCategoryTree: items.listCategoryTree,
    topCategories: items.topCategories,
    topCategoryId: items.topCategoryId,
    listSubcategories: items.listSubcategories,
    popularCategories: items.popularCategories,
    userFrequentCategories: items.userFrequentCategories,
    // products
    listProducts: bind(items.listProducts) as Rest<typeof items.listProducts>,
    productFacets: bind(items.productFacets) as Rest<typeof items.productFacets>,
    popularProducts: items.popularProducts,
    bestSellerProducts: items.bestSellerProducts,
    newArrivalProducts: items.newArrivalProducts,
    suggestedProducts: bind(items.suggestedProducts) as Rest<typeof items.suggestedProducts>,
    getProductDetail: items.getProductDetail,
    resolveProductId: items.resolveProductId,
    resolveServiceId: items.resolveServiceId,
    resolveActiveItemId: items.resolveActiveItemId,
    // services
    listServices: bind(items.listServices) as Rest<typeof items.listServices>,
    serviceFacets: bind(items.serviceFacets) as Rest<typeof items.serviceFacets>,
    getServiceDetail: items.getServiceDetail,
    searchServices: bind(items.searchServices) as Rest<typeof items.searchServices>,
    searchProducts: bind(items.searchProducts) as Rest<typeof items.searchProducts>,
    searchCategories: bind(items.searchCategories) as Rest<typeof items.searchCategories>,
    // stats and likes
    trackSearch: bind(items.trackSearch) as Rest<typeof items.trackSearch>,
    trackCategoryView: items.trackCategoryView,
    trackProductView: items.trackProductView,
    trackProductStatus: items.trackProductStatus,
    trackServiceView: items.trackServiceView,
    /** A quotation's step on its product or service, by id (the inquiry flow; decision 273). */
    countQuotationOutcome,
    /** One storefront's stats over a period (decision 273); the caller checks the storefront is the user's. */
    sellerStats,
    /** Every item of one storefront over a period, in a chosen order (the items CSV, decision 314). */
    sellerStatsItems,
    toggleProductLike: items.toggleProductLike,
    toggleServiceLike: items.toggleServiceLike,
    likedProducts: items.likedProducts,
    likedServices: items.likedServices,
    // search
    resolveSearchText: (db: Db, text: string | undefined) => resolveQuery(db, state.words, text),
    /** Which engine answers the grouped search now (decision 329): the index once built, SQL before or without it. */
    searchIndexState: (): 'ready' | 'building' | 'off' =>
      state.searchEngine !== 'memory' ? 'off' : state.searchIndex.ready ? 'ready' : 'building',
    /**
     * Another module's part of the in-process index (decision 334: storefronts), built and fed with it; false with
     * the SQL engine, when nothing is fed.
     */
    addSearchFeed: (feed: SearchFeed): boolean => {
      if (state.searchEngine !== 'memory') return false;
      state.searchIndex.addFeed(feed);
      return true;
    },
    /** Reads what changed if the last look is older than the feed's period (what a search does first). */
    syncSearchIndex: (db: Db) => state.searchIndex.sync(db),
    frequentSearchTerms: items.frequentSearchTerms,
    termSuggestions: bind(items.termSuggestions) as Rest<typeof items.termSuggestions>,
    // sitemaps (content module); ratings arrive as `review.changed` events (catalog.subscribers.ts)
    countPublicItems: items.countPublicItems,
    publicItemSlugs: items.publicItemSlugs,
    // admin console (the audited writes run inside workflows' transactions)
    listCategoriesForAdmin,
    getCatalogItemForAdmin,
    renameCategory: async (db: Db, id: string, names: CategoryNamesInput) => {
      const change = await renameCategory(db, id, names);
      state.forgetSearchWords();
      return change;
    },
    renameCatalogItem: async (...args: Parameters<typeof renameCatalogItem>) => {
      const change = await renameCatalogItem(...args);
      state.forgetSearchWords();
      return change;
    },
    /** A seller's province and business type changed: its items' copies follow; new words join the vocabulary. */
    applySellerProfile: async (
      db: Db,
      sellerId: number,
      profile: { province: string; businessType: string; newWords: readonly string[] },
    ) => {
      await syncSellerCopies(db, sellerId, profile);
      if (profile.newWords.some(Boolean)) {
        await addSearchWords(db, profile.newWords);
        state.forgetSearchWords();
      }
    },
    /** A storefront was created or its card fields changed: the catalogue's copy for listing cards follows. */
    putSellerCard,
    /** A product of a storefront created outside the seed (test storefronts, decision 077). */
    createStorefrontProduct,
    /** The listed item a request for quotes' conversation with a storefront is about (decision 317). */
    rfqSubjectItem,
    /** Each storefront's active product and service ids (a supplier's rating, decision 317). */
    itemsOfStorefronts,
    // the seller centre's catalogue (decisions 287, 288): each takes the storefronts the caller owns
    sellerItems: {
      list: sellerItems.listSellerItems,
      getProduct: sellerItems.getSellerProduct,
      getService: sellerItems.getSellerService,
      create: sellerItems.createSellerItem,
      update: sellerItems.updateSellerItem,
      changeStatus: sellerItems.changeSellerItemStatus,
      duplicate: sellerItems.duplicateSellerItem,
      checkCsv: sellerImport.checkCsv,
      createImportJob: sellerImport.createImportJob,
      getImportJob: sellerImport.getImportJob,
      listImportJobs: sellerImport.listImportJobs,
      runImportJob: sellerImport.runImportJob,
      exportBatch: sellerImport.exportBatch,
      subcategorySlugs: sellerImport.subcategorySlugs,
      importJobName: sellerImport.importJobName,
    },
    /** Drops this instance's cached listing pages (tests; admin edits do it through events). */
    forgetListings: () => state.forgetListings(),
    /**
     * A visitor's answer built from catalogue data (the global search), cached as JSON (decisions 041, 180): at most
     * SEARCH_CACHE_MS old and only while the catalogue version is current; concurrent misses compute it once.
     */
    cachedAnswer: (db: Db, key: string, compute: () => Promise<string>) =>
      state.searchAnswers.get(db, key, compute),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
