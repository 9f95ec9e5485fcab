import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  globalParagraphQuerySchema,
  globalParagraphSchema,
  seoByPathQuerySchema,
  seoEntrySchema,
} from '@maplesource/contracts';
import { notFound } from '../../plugins/errors';
import { findGlobalParagraph, findSeoByPath } from './content.service';

/** Public content routes under /api/v1 (docs/product.md §7 "SEO and search"). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/seo/by-path',
    {
      schema: {
        tags: ['content'],
        summary: 'Admin-defined head markup for one lowercase page path',
        querystring: seoByPathQuerySchema,
        response: { 200: seoEntrySchema, 204: z.null(), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const entry = await findSeoByPath(app.db, request.query.path);
      reply.header('cache-control', 'public, max-age=60');
      if (!entry && request.query.optional === '1') return reply.status(204).send(null);
      if (!entry) throw notFound('SEO_NOT_FOUND', 'No SEO entry for this path');
      return entry;
    },
  );

  app.get(
    '/global-paragraph',
    {
      schema: {
        tags: ['content'],
        summary: 'Admin-written text block for a listing page path',
        querystring: globalParagraphQuerySchema,
        response: { 200: globalParagraphSchema, 204: z.null(), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const paragraph = await findGlobalParagraph(app.db, request.query.path);
      reply.header('cache-control', 'public, max-age=60');
      if (!paragraph && request.query.optional === '1') return reply.status(204).send(null);
      if (!paragraph) throw notFound('GLOBAL_PARAGRAPH_NOT_FOUND', 'No paragraph for this path');
      return paragraph;
    },
  );
};
