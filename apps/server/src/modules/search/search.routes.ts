import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '@maplesource/contracts';
import { searchEverything } from './search.service';

/**
 * docs/product.md §7 `search`: one answer across the catalogue (products, services, categories), the seller directory and
 * the blog. It reads three modules through their doors, so it sits above all of them (the search module has no
 * tables). The answer does not depend on who asks: it is checked against the schema, serialized once and cached
 * with the catalogue's listings (CATALOG_LISTING_CACHE_MS, dropped when the catalogue version changes).
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    { schema: { tags: ['search'], querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request, reply) => {
      const { q, type, limit } = request.query;
      const key = `search|${JSON.stringify([q, type, limit])}`;
      const json = await app.catalog.cachedAnswer(app.db, key, async () =>
        JSON.stringify(searchResponseSchema.encode(await searchEverything(app, app.db, { q, type, limit }))),
      );
      // Sent as the stored JSON (already checked against the schema), like the cached listings. The header says
      // whether the in-process index answered (decision 329): the benches wait for it before measuring.
      const raw: FastifyReply = reply;
      return raw
        .header('x-search-index', app.catalog.searchIndexState())
        .type('application/json; charset=utf-8')
        .send(json);
    },
  );
};
