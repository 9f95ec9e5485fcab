import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, adminSellerListSchema, errorResponseSchema } from '@maplesource/contracts';
import { listSellersForAdmin } from './seller-admin.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * The sellers module's admin console reads under /api/v1/admin (registered inside the admin scope of
 * services/buyer.ts, whose one hook requires an admin acting as admin). Audited writes (verified, profile)
 * are workflows: they also write the audit log and the catalogue's copies.
 */
export const sellersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sellers',
    {
      schema: {
        tags: ['admin'],
        querystring: adminListQuerySchema,
        response: { 200: adminSellerListSchema, ...errors },
      },
    },
    async (request) =>
      listSellersForAdmin(app.db, request.query.page, request.query.pageSize, request.query.q),
  );
};
