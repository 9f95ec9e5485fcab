import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListQuerySchema,
  applySeoEntry,
  auditListSchema,
  adminBlogListSchema,
  adminBlogSchema,
  blogInputSchema,
  heroSettingsInputSchema,
  heroSettingsSchema,
  landingFeaturesInputSchema,
  landingFeaturesResponseSchema,
  globalParagraphInputSchema,
  globalParagraphListSchema,
  globalParagraphSchema,
  okResponseSchema,
  seoEntryAdminSchema,
  seoEntryInputSchema,
  seoEntryListSchema,
  seoPreviewRequestSchema,
  seoPreviewResponseSchema,
} from '@maplesource/contracts';
import {
  deleteBlog,
  deleteGlobalParagraph,
  deleteSeoEntry,
  getHeroSettings,
  getSeoEntry,
  listAudit,
  listBlogsForAdmin,
  listGlobalParagraphs,
  listLandingFeatures,
  listSeoEntries,
  replaceLandingFeatures,
  saveBlog,
  saveGlobalParagraph,
  saveHeroSettings,
  saveSeoEntry,
  type Actor,
} from './content.service';
import { sanitizeSeoMarkup } from './seo-markup';
import type { FastifyRequest } from 'fastify';
import { adminUploadRoutes } from './uploads.admin.routes';
import { errorResponses } from '../../plugins/errors';

const uuidParams = z.object({ id: z.uuid() });
const errors = errorResponses(400, 401, 403, 404, 409);
const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user?.id ?? null });

/**
 * The content module's admin console API under /api/v1/admin: SEO entries, global paragraphs, the
 * landing page, blogs, uploads and the audit log. Registered inside the admin scope of services/buyer.ts,
 * whose one hook requires a logged-in admin acting as admin (`role: admin` header); every change is audited
 * by the service it calls.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // A successful write here may change a page head (SEO entry, blog): drop the rendered heads before the
  // answer leaves, so the admin's next page view is already fresh.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400)
      app.content.forgetPageHeads();
  });
  const tags = ['admin'];
  await app.register(adminUploadRoutes); // POST /uploads (images for blog posts), multipart in its own scope

  app.get(
    '/seo',
    { schema: { tags, querystring: adminListQuerySchema, response: { 200: seoEntryListSchema, ...errors } } },
    async (request) => listSeoEntries(app.db, request.query.page, request.query.pageSize, request.query.q),
  );
  app.get(
    '/seo/:id',
    { schema: { tags, params: uuidParams, response: { 200: seoEntryAdminSchema, ...errors } } },
    async (request) => getSeoEntry(app.db, request.params.id),
  );
  app.post(
    '/seo',
    { schema: { tags, body: seoEntryInputSchema, response: { 201: seoEntryAdminSchema, ...errors } } },
    async (request, reply) => {
      const saved = await saveSeoEntry(app.db, actorOf(request), request.body);
      return reply.status(201).send(saved);
    },
  );
  app.put(
    '/seo/:id',
    {
      schema: {
        tags,
        params: uuidParams,
        body: seoEntryInputSchema,
        response: { 200: seoEntryAdminSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await saveSeoEntry(app.db, actorOf(request), { id: request.params.id, ...request.body });
      return saved;
    },
  );
  app.delete(
    '/seo/:id',
    { schema: { tags, params: uuidParams, response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      await deleteSeoEntry(app.db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/seo/preview',
    {
      schema: { tags, body: seoPreviewRequestSchema, response: { 200: seoPreviewResponseSchema, ...errors } },
    },
    async (request) => {
      const sanitizedCode = sanitizeSeoMarkup(request.body.code);
      const head = applySeoEntry({
        pathname: request.body.path,
        origin: app.config.PUBLIC_URL,
        entry: { path: request.body.path, code: sanitizedCode },
      });
      return { sanitizedCode, head };
    },
  );

  app.get(
    '/global-paragraphs',
    {
      schema: {
        tags,
        querystring: adminListQuerySchema,
        response: { 200: globalParagraphListSchema, ...errors },
      },
    },
    async (request) =>
      listGlobalParagraphs(app.db, request.query.page, request.query.pageSize, request.query.q),
  );
  app.post(
    '/global-paragraphs',
    {
      schema: { tags, body: globalParagraphInputSchema, response: { 201: globalParagraphSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await saveGlobalParagraph(app.db, actorOf(request), request.body)),
  );
  app.put(
    '/global-paragraphs/:id',
    {
      schema: {
        tags,
        params: uuidParams,
        body: globalParagraphInputSchema,
        response: { 200: globalParagraphSchema, ...errors },
      },
    },
    async (request) =>
      saveGlobalParagraph(app.db, actorOf(request), { id: request.params.id, ...request.body }),
  );
  app.delete(
    '/global-paragraphs/:id',
    { schema: { tags, params: uuidParams, response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      await deleteGlobalParagraph(app.db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  // ---------- landing page ----------
  app.get(
    '/hero-settings',
    { schema: { tags, response: { 200: heroSettingsSchema, ...errors } } },
    async () => getHeroSettings(app.db),
  );
  app.put(
    '/hero-settings',
    { schema: { tags, body: heroSettingsInputSchema, response: { 200: heroSettingsSchema, ...errors } } },
    async (request) => saveHeroSettings(app.db, actorOf(request), request.body),
  );
  app.get(
    '/landing-features',
    { schema: { tags, response: { 200: landingFeaturesResponseSchema, ...errors } } },
    async () => ({
      items: await listLandingFeatures(app.db),
    }),
  );
  app.put(
    '/landing-features',
    {
      schema: {
        tags,
        body: landingFeaturesInputSchema,
        response: { 200: landingFeaturesResponseSchema, ...errors },
      },
    },
    async (request) => replaceLandingFeatures(app.db, actorOf(request), request.body),
  );

  // ---------- blogs (Markdown; the web renders it escaped) ----------
  const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
  app.get(
    '/blogs',
    {
      schema: { tags, querystring: adminListQuerySchema, response: { 200: adminBlogListSchema, ...errors } },
    },
    async (request) => listBlogsForAdmin(app.db, request.query.page, request.query.pageSize),
  );
  app.post(
    '/blogs',
    { schema: { tags, body: blogInputSchema, response: { 201: adminBlogSchema, ...errors } } },
    async (request, reply) => {
      const saved = await saveBlog(app.db, actorOf(request), request.body);
      return reply.status(201).send(saved);
    },
  );
  app.put(
    '/blogs/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: blogInputSchema,
        response: { 200: adminBlogSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await saveBlog(app.db, actorOf(request), { ...request.body, id: request.params.id });
      return saved;
    },
  );
  app.delete(
    '/blogs/:id',
    { schema: { tags, params: idParams, response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      await deleteBlog(app.db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        tags,
        querystring: adminListQuerySchema.extend({ entity: z.string().max(60).optional() }),
        response: { 200: auditListSchema, ...errors },
      },
    },
    async (request) => listAudit(app.db, request.query.page, request.query.pageSize, request.query.entity),
  );
};
