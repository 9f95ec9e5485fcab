import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogState, type CatalogOptions } from './catalog-state';
import { createCatalogService, type CatalogService } from './create-catalog-service';
import { subscribeCatalog } from './catalog.subscribers';
import { importJobName, runImportJob } from './seller-import.service';
import { z } from 'zod';

/**
 * The catalogue module's door (categories, products, services, stats, likes, search): its plugin, which
 * decorates `app.catalog` with a service holding this instance's knobs and caches, its route plugins and
 * its public types. Other modules, workflows, services/*.ts and app.ts import only this file.
 */
declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
  }
}

export type { CatalogService } from './create-catalog-service';
export type { CatalogProductDetail, CatalogServiceDetail } from './catalog.service';
export type { SellerCardCopy } from './seller-cards.service';
export type { CatalogOptions } from './catalog-state';
export type { SearchEngine, SearchFeed } from './search-index';
export { DEFAULT_FREQUENT_TEXT_THRESHOLD } from './catalog-state';
export { DEFAULT_EXACT_ROW_LIMIT } from './listing-engine';
export type { ResolvedQuery } from './search-query';
export { catalogRoutes } from './catalog.routes';
export { catalogAdminRoutes } from './catalog.admin.routes';
export { mediaRoutes } from './media.routes';

async function catalogModule(app: FastifyInstance, options: Partial<CatalogOptions>) {
  const listingCacheMs =
    options.listingCacheMs ??
    app.config.CATALOG_LISTING_CACHE_MS ??
    (app.config.NODE_ENV === 'test' ? 0 : 5_000);
  // Search answers live longer than listing pages (decision 180): every change of what they show bumps the
  // catalogue version, which drops them; only their popularity order can age, for at most this long.
  const searchCacheMs =
    options.searchCacheMs ?? app.config.SEARCH_CACHE_MS ?? (listingCacheMs === 0 ? 0 : 300_000);
  const searchWordsCacheMs = options.searchWordsCacheMs ?? app.config.SEARCH_WORDS_CACHE_MS;
  // The in-process index answers by default (decision 339); SEARCH_ENGINE=sql keeps SQL alone.
  const searchEngine = options.searchEngine ?? app.config.SEARCH_ENGINE ?? 'memory';
  // Tests write the catalogue and search at once, as a user of one process does through its routes (which mark the
  // index due): under test the feed is read before every search unless a test sets its own period.
  const searchIndex =
    app.config.NODE_ENV === 'test' ? { syncMs: 0, ...options.searchIndex } : options.searchIndex;
  const state = new CatalogState({
    ...options,
    listingCacheMs,
    searchCacheMs,
    searchWordsCacheMs,
    searchEngine,
    searchIndex,
  });
  app.decorate('catalog', createCatalogService(state));
  subscribeCatalog(app, state);
  // CSV imports run as durable jobs (decision 288): resumed after a restart from their last committed batch.
  app.jobs.register<{ jobId: string }>(importJobName, async ({ jobId }) => runImportJob(app.db, jobId), {
    schema: z.object({ jobId: z.string().regex(/^\d{1,15}$/) }),
    expireInSeconds: 30 * 60,
  });
  // The index is built after start-up, without delaying it: searches go through SQL until it is ready (decision 329).
  if (searchEngine === 'memory')
    app.addHook('onReady', async () =>
      state.searchIndex.start(
        app.db,
        (error) => app.log.error({ err: error }, 'search index: feed failed'),
        (figures) => app.log.info(figures, 'search index: built'),
      ),
    );
  app.addHook('onClose', async () => state.dispose());
}

/** Options default from the config (CATALOG_LISTING_CACHE_MS); tests pass their own knobs per app. */
export const catalogModulePlugin = fp(catalogModule, {
  name: 'catalog-module',
  dependencies: ['context', 'events', 'jobs'],
});
