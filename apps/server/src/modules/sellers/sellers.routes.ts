import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessTypesResponseSchema,
  claimCategoryWiseResponseSchema,
  claimStoreResponseSchema,
  errorResponseSchema,
  idParamSchema,
  randomSellersQuerySchema,
  recentSellersQuerySchema,
  sellerDetailSchema,
  sellerItemsResponseSchema,
  sellerListQuerySchema,
  sellerListResponseSchema,
  trackedResponseSchema,
  trackStorefrontVisitBodySchema,
} from '@maplesource/contracts';
import { getSeller, randomUnclaimed, recentSellers } from './sellers.service';
import { claimStore } from './storefront-claims';

/** docs/product.md §7 `seller`, `seller/{id}`, `claim-stores` (category-wise, list, random, claim), `business-types`. */
export const sellersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/business-types',
    { schema: { tags: ['sellers'], response: { 200: businessTypesResponseSchema } } },
    async () => ({ items: await app.sellers.listBusinessTypes(app.db) }),
  );
  app.get(
    '/seller',
    {
      schema: {
        tags: ['sellers'],
        querystring: sellerListQuerySchema,
        response: { 200: sellerListResponseSchema },
      },
    },
    async (request) => app.sellers.listSellers(app.db, request.query),
  );
  app.get(
    '/seller/:id',
    {
      schema: {
        tags: ['sellers'],
        params: idParamSchema,
        response: { 200: sellerDetailSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getSeller(app.db, request.params.id),
  );
  // A visit of the storefront's page (decision 290), fire and forget, rate-limited as product views are.
  app.post(
    '/seller-stats/track-visit',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['sellers'],
        body: trackStorefrontVisitBodySchema,
        response: { 200: trackedResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await app.sellers.recordStorefrontVisit(app.db, request.body.sellerId);
      return { ok: true as const };
    },
  );
  app.get(
    '/claim-stores/category-wise',
    { schema: { tags: ['sellers'], response: { 200: claimCategoryWiseResponseSchema } } },
    async () => ({ items: await app.sellers.unclaimedByCategory(app.db, 4) }),
  );
  app.get(
    '/claim-stores/list',
    {
      schema: {
        tags: ['sellers'],
        querystring: sellerListQuerySchema,
        response: { 200: sellerListResponseSchema },
      },
    },
    async (request) => app.sellers.listSellers(app.db, { ...request.query, claimed: 'false' }),
  );
  app.get(
    '/claim-stores/random',
    {
      schema: {
        tags: ['sellers'],
        querystring: randomSellersQuerySchema,
        response: { 200: sellerItemsResponseSchema },
      },
    },
    async (request) => ({ items: await randomUnclaimed(app.db, request.query.limit) }),
  );
  app.post(
    '/claim-stores/:id/claim',
    {
      schema: {
        tags: ['sellers'],
        params: idParamSchema,
        response: {
          200: claimStoreResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => claimStore(app.db, request.params.id),
  );
};

/** docs/product.md §7 `home-page/recent-sellers`: the newest storefronts. */
export const recentSellersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/home-page/recent-sellers',
    {
      schema: {
        tags: ['sellers'],
        querystring: recentSellersQuerySchema,
        response: { 200: sellerItemsResponseSchema },
      },
    },
    async (request) => ({ items: await recentSellers(app.db, request.query.limit) }),
  );
};
