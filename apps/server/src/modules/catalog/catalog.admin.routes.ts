import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCatalogItemParamsSchema,
  adminCatalogItemSchema,
  adminCategoryListSchema,
  errorResponseSchema,
} from '@maplesource/contracts';
import { listCategoriesForAdmin } from './category-admin.service';
import { getCatalogItemForAdmin } from './item-admin.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * The catalogue's admin console reads under /api/v1/admin (registered inside the admin scope of
 * services/buyer.ts, whose one hook requires an admin acting as admin). The audited renames are workflows
 * (they also write the audit log, which the content module keeps).
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/categories',
    {
      schema: {
        tags,
        querystring: z.object({ kind: z.enum(['product', 'service']).default('product') }),
        response: { 200: adminCategoryListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listCategoriesForAdmin(app.db, request.query.kind) }),
  );
  app.get(
    '/catalog-items/:kind/:idOrSlug',
    {
      schema: {
        tags,
        params: adminCatalogItemParamsSchema,
        response: { 200: adminCatalogItemSchema, ...errors },
      },
    },
    async (request) => getCatalogItemForAdmin(app.db, request.params.kind, request.params.idOrSlug),
  );
};
