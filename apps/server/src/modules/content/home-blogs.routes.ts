import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blogDetailSchema,
  blogListQuerySchema,
  blogListResponseSchema,
  errorResponseSchema,
  heroSettingsSchema,
  landingFeaturesResponseSchema,
  slugParamSchema,
} from '@maplesource/contracts';
import { getBlog, getHeroSettings, listBlogs, listLandingFeatures } from './content.service';

/** docs/product.md §7 `home-page` (landing-features, hero-settings) and `blogs`, `blogs/{slug}`. recent-sellers: sellers module. */
export const homeBlogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/home-page/landing-features',
    { schema: { tags: ['content'], response: { 200: landingFeaturesResponseSchema } } },
    async () => ({ items: await listLandingFeatures(app.db) }),
  );
  app.get(
    '/home-page/hero-settings',
    { schema: { tags: ['content'], response: { 200: heroSettingsSchema } } },
    async () => getHeroSettings(app.db),
  );
  app.get(
    '/blogs',
    {
      schema: {
        tags: ['content'],
        querystring: blogListQuerySchema,
        response: { 200: blogListResponseSchema },
      },
    },
    async (request) => {
      const { page, pageSize, category, q } = request.query;
      // The text is resolved by the catalogue's typo vocabulary (blog titles are in it), like the global search.
      const tsquery = q ? ((await app.catalog.resolveSearchText(app.db, q))?.tsquery ?? null) : undefined;
      return listBlogs(app.db, page, pageSize, category, tsquery);
    },
  );
  app.get(
    '/blogs/:slug',
    {
      schema: {
        tags: ['content'],
        params: slugParamSchema,
        response: { 200: blogDetailSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getBlog(app.db, request.params.slug),
  );
};
