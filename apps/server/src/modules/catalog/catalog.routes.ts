import { createHmac } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryListQuerySchema,
  categoryListResponseSchema,
  categoryTreeResponseSchema,
  errorResponseSchema,
  frequentTermsQuerySchema,
  frequentTermsResponseSchema,
  likedProductsResponseSchema,
  likedServicesResponseSchema,
  pageQuerySchema,
  productItemsResponseSchema,
  listingFacetsResponseSchema,
  productFacetsQuerySchema,
  productListQuerySchema,
  productListResponseSchema,
  productStatsQuerySchema,
  serviceFacetsQuerySchema,
  serviceListQuerySchema,
  serviceListResponseSchema,
  subCategoryQuerySchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
  toggleLikeBodySchema,
  toggleLikeResponseSchema,
  toggleServiceLikeBodySchema,
  trackCategoryViewBodySchema,
  trackedResponseSchema,
  trackSearchBodySchema,
  trackStatusBodySchema,
  trackViewBodySchema,
} from '@maplesource/contracts';
import { listingKey } from './listing-cache';
import { foldText } from './search-query';
import { tooManyRequests } from '../../plugins/errors';

const tracked = { ok: true as const };
/** One visitor recording the same term again and again adds nothing; past this it is refused (decision 056). */
const trackSearchPerTermPerVisitorPerHour = 10;
const trackLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/**
 * docs/product.md §7 Catalogue and search: categories, products, services, stats, likes, search. A product's or service's
 * page is served by flows/item-page/item-page.routes.ts (it adds the reviews module's answer); business types by
 * the sellers module.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const userId = (request: { user: { id: string } | null }) => request.user?.id ?? null;
  const catalog = app.catalog;
  // Listing result cache of this catalogue instance (decision 041); CATALOG_LISTING_CACHE_MS=0 turns it off.
  const listingCache = catalog.state.listings;
  /**
   * A visitor's listing answer, checked against the response schema and serialized once, when computed (what
   * the type provider's serializer does per request); a cached hit is sent as the stored JSON (decision 041).
   */
  const sendCachedJson = async <T>(
    reply: FastifyReply,
    kind: string,
    query: Record<string, unknown>,
    schema: { encode(value: T): unknown },
    compute: () => Promise<T>,
  ) => {
    const json = await listingCache.get(app.db, listingKey(query, kind), async () =>
      JSON.stringify(schema.encode(await compute())),
    );
    return reply.type('application/json; charset=utf-8').send(json);
  };

  // ---- categories
  app.get(
    '/category',
    {
      schema: {
        tags: ['catalog'],
        querystring: categoryListQuerySchema,
        response: { 200: categoryTreeResponseSchema },
      },
    },
    async (request) => ({ items: await catalog.listCategoryTree(app.db, request.query.kind) }),
  );
  app.get(
    '/category/sub-category',
    {
      schema: {
        tags: ['catalog'],
        querystring: subCategoryQuerySchema,
        response: { 200: categoryListResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      items: await catalog.listSubcategories(app.db, request.query.kind, request.query.parent),
    }),
  );
  app.get(
    '/category-stats/popular',
    {
      schema: {
        tags: ['catalog'],
        querystring: productStatsQuerySchema,
        response: { 200: categoryListResponseSchema },
      },
    },
    async (request) => ({ items: await catalog.popularCategories(app.db, request.query.limit) }),
  );
  app.get(
    '/category-stats/user-frequent',
    {
      schema: {
        tags: ['catalog'],
        querystring: productStatsQuerySchema,
        response: { 200: categoryListResponseSchema },
      },
    },
    async (request) => ({
      items: await catalog.userFrequentCategories(app.db, userId(request), request.query.limit),
    }),
  );
  app.post(
    '/category-stats/track-search',
    {
      schema: {
        tags: ['catalog'],
        body: trackSearchBodySchema,
        response: { 200: trackedResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      // A visitor is an HMAC of the user id or the IP: counted without keeping raw addresses (decision 056).
      const visitor = createHmac('sha256', app.config.COOKIE_SECRET)
        .update(request.user ? `user:${request.user.id}` : `ip:${request.ip}`)
        .digest('base64url')
        .slice(0, 32);
      const decision = await app.rateLimiter.consume([
        {
          key: `track-search:ip:${request.ip}`,
          max: app.config.RATE_LIMIT_TRACK_SEARCH_PER_IP_PER_HOUR,
          windowMs: 60 * 60 * 1000,
        },
        {
          key: `track-search:term:${visitor}:${foldText(request.body.term).slice(0, 120)}`,
          max: trackSearchPerTermPerVisitorPerHour,
          windowMs: 60 * 60 * 1000,
        },
      ]);
      if (!decision.allowed) {
        throw tooManyRequests(
          'RATE_LIMITED',
          'Too many searches recorded; please try again later',
          decision.retryAfterSeconds,
        );
      }
      await catalog.trackSearch(app.db, userId(request), request.body.term, visitor, request.body.language);
      return tracked;
    },
  );
  app.post(
    '/category-stats/track-view',
    {
      config: trackLimit,
      schema: {
        tags: ['catalog'],
        body: trackCategoryViewBodySchema,
        response: { 200: trackedResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await catalog.trackCategoryView(app.db, userId(request), request.body.categoryId);
      return tracked;
    },
  );

  // ---- products
  app.get(
    '/product',
    {
      schema: {
        tags: ['catalog'],
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (request, reply) => {
      const user = userId(request);
      // `suggested` depends on the user's history: only visitors' answers are shared.
      if (request.query.type === 'suggested' && user)
        return catalog.listProducts(app.db, request.query, user);
      return sendCachedJson(reply, 'product', request.query, productListResponseSchema, () =>
        catalog.listProducts(app.db, request.query, null),
      );
    },
  );
  app.get(
    '/product/facets',
    {
      schema: {
        tags: ['catalog'],
        querystring: productFacetsQuerySchema,
        response: { 200: listingFacetsResponseSchema },
      },
    },
    async (request, reply) => {
      const user = userId(request);
      if (request.query.type === 'suggested' && user)
        return catalog.productFacets(app.db, request.query, user);
      return sendCachedJson(reply, 'product-facets', request.query, listingFacetsResponseSchema, () =>
        catalog.productFacets(app.db, request.query, null),
      );
    },
  );
  const statsList = (path: string, load: (limit: number, user: string | null) => Promise<unknown>) =>
    app.get(
      `/product-stats/${path}`,
      {
        schema: {
          tags: ['catalog'],
          querystring: productStatsQuerySchema,
          response: { 200: productItemsResponseSchema },
        },
      },
      async (request) => ({ items: (await load(request.query.limit, userId(request))) as never }),
    );
  statsList('popular', (limit) => catalog.popularProducts(app.db, limit));
  statsList('best-seller', (limit) => catalog.bestSellerProducts(app.db, limit));
  statsList('new-arrivals', (limit) => catalog.newArrivalProducts(app.db, limit));
  statsList('suggested', (limit, user) => catalog.suggestedProducts(app.db, user, limit));
  app.post(
    '/product-stats/track-view',
    {
      config: trackLimit,
      schema: {
        tags: ['catalog'],
        body: trackViewBodySchema,
        response: { 200: trackedResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await catalog.trackProductView(app.db, userId(request), request.body.productId);
      return tracked;
    },
  );
  app.post(
    '/product-stats/track-status',
    {
      preHandler: app.requireUser,
      config: trackLimit,
      schema: {
        tags: ['catalog'],
        body: trackStatusBodySchema,
        response: {
          200: trackedResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await catalog.trackProductStatus(app.db, request.body.productId, request.body.status);
      return tracked;
    },
  );

  // ---- likes (wishlist)
  const authErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
  app.get(
    '/like',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['catalog'],
        querystring: pageQuerySchema,
        response: { 200: likedProductsResponseSchema, ...authErrors },
      },
    },
    async (request) =>
      catalog.likedProducts(app.db, request.user!.id, request.query.page, request.query.pageSize),
  );
  app.post(
    '/like/toggle',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['catalog'],
        body: toggleLikeBodySchema,
        response: { 200: toggleLikeResponseSchema, ...authErrors },
      },
    },
    async (request) => ({
      liked: await catalog.toggleProductLike(app.db, request.user!.id, request.body.productId),
    }),
  );
  app.get(
    '/service-like',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['catalog'],
        querystring: pageQuerySchema,
        response: { 200: likedServicesResponseSchema, ...authErrors },
      },
    },
    async (request) =>
      catalog.likedServices(app.db, request.user!.id, request.query.page, request.query.pageSize),
  );
  app.post(
    '/service-like/toggle',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['catalog'],
        body: toggleServiceLikeBodySchema,
        response: { 200: toggleLikeResponseSchema, ...authErrors },
      },
    },
    async (request) => ({
      liked: await catalog.toggleServiceLike(app.db, request.user!.id, request.body.serviceId),
    }),
  );

  // ---- services
  app.get(
    '/service',
    {
      schema: {
        tags: ['catalog'],
        querystring: serviceListQuerySchema,
        response: { 200: serviceListResponseSchema },
      },
    },
    async (request, reply) => {
      return sendCachedJson(reply, 'service', request.query, serviceListResponseSchema, () =>
        catalog.listServices(app.db, request.query),
      );
    },
  );
  app.get(
    '/service/facets',
    {
      schema: {
        tags: ['catalog'],
        querystring: serviceFacetsQuerySchema,
        response: { 200: listingFacetsResponseSchema },
      },
    },
    async (request, reply) => {
      return sendCachedJson(reply, 'service-facets', request.query, listingFacetsResponseSchema, () =>
        catalog.serviceFacets(app.db, request.query),
      );
    },
  );
  app.post(
    '/service-stats/track-view',
    {
      config: trackLimit,
      schema: {
        tags: ['catalog'],
        body: z.object({ serviceId: z.string().min(1).max(200) }),
        response: { 200: trackedResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await catalog.trackServiceView(app.db, request.body.serviceId);
      return tracked;
    },
  );

  // ---- search (GET /search, across modules, is the search module's)
  app.get(
    '/search/suggestions',
    {
      schema: {
        tags: ['search'],
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsResponseSchema },
      },
    },
    async (request) => ({
      items: await catalog.termSuggestions(app.db, request.query.q, request.query.limit),
    }),
  );
  app.get(
    '/search/frequent',
    {
      schema: {
        tags: ['search'],
        querystring: frequentTermsQuerySchema,
        response: { 200: frequentTermsResponseSchema },
      },
    },
    async (request) => ({
      items: await catalog.frequentSearchTerms(app.db, request.query.limit, request.query.language),
    }),
  );
};
