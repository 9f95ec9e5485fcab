import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListQuerySchema,
  applySeoEntry,
  auditListSchema,
  errorResponseSchema,
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
  deleteGlobalParagraph,
  deleteSeoEntry,
  getSeoEntry,
  listAudit,
  listGlobalParagraphs,
  listSeoEntries,
  saveGlobalParagraph,
  saveSeoEntry,
  type Actor,
} from '../content/content.service';
import { sanitizeSeoMarkup } from '../content/seo-markup';
import { invalidateHeadCache } from '../content/head-cache';
import type { FastifyRequest } from 'fastify';

const uuidParams = z.object({ id: z.uuid() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user?.id ?? null });

/**
 * Admin console API under /api/v1/admin (issue 5). Every route needs a logged-in admin acting as
 * admin (`role: admin` header); every change is audited by the service it calls.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireRole('admin'));
  const tags = ['admin'];

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
      invalidateHeadCache();
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
      invalidateHeadCache();
      return saved;
    },
  );
  app.delete(
    '/seo/:id',
    { schema: { tags, params: uuidParams, response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      await deleteSeoEntry(app.db, actorOf(request), request.params.id);
      invalidateHeadCache();
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
