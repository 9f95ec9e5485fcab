import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '@maplesource/contracts';

/**
 * Spec §7 `search`: one answer across the catalogue (products, services), the seller directory and the blog.
 * It reads three modules through their doors, so it sits above all of them (the search module has no tables).
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    { schema: { tags: ['search'], querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request) => {
      const { q, type, limit } = request.query;
      const userId = request.user?.id ?? null;
      const want = (kind: string) => type === 'all' || type === kind;
      const resolved = await app.catalog.resolveSearchText(app.db, q);
      const products = want('products')
        ? (await app.catalog.listProducts(app.db, { q, type: 'all', page: 1, pageSize: limit }, userId)).items
        : [];
      const services = want('services') ? await app.catalog.searchServices(app.db, q, limit) : [];
      const sellers = want('sellers') ? await app.sellers.searchSellers(app.db, q, limit) : [];
      const blogs = want('blogs')
        ? await app.content.searchBlogs(app.db, resolved?.tsquery ?? null, limit)
        : [];
      return { query: q, correctedQuery: resolved?.corrected ?? null, products, services, sellers, blogs };
    },
  );
};
