import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPaymentReviewListQuerySchema,
  adminPaymentReviewListResponseSchema,
  adminPaymentReviewResponseSchema,
  errorResponseSchema,
  paymentReviewIdParamsSchema,
  resolvePaymentReviewBodySchema,
} from '@maplesource/contracts';
import { resolvePaymentReview } from './resolve-payment-review';

/**
 * The admin console's payment-review queue (inside the admin scope, which requires an admin acting as
 * admin): GET payment-reviews (open first, oldest first; status filter) and POST payment-reviews/:id/resolve.
 */
export const paymentReviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment-reviews',
    {
      schema: {
        tags: ['admin'],
        querystring: adminPaymentReviewListQuerySchema,
        response: { 200: adminPaymentReviewListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => app.orders.listReviews(app.db, request.query),
  );
  app.post(
    '/payment-reviews/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        params: paymentReviewIdParamsSchema,
        body: resolvePaymentReviewBodySchema,
        response: {
          200: adminPaymentReviewResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      review: await resolvePaymentReview(app, request.user!.id, request.params.id, request.body),
    }),
  );
};
