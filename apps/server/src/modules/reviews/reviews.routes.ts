import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addReviewBodySchema,
  addServiceReviewBodySchema,
  errorResponseSchema,
  idParamSchema,
  okResponseSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewSchema,
  serviceReviewListQuerySchema,
} from '@maplesource/contracts';

/** docs/product.md §7 `review` and `service-review`: get (public), add and delete (logged in, own only). */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { listReviews, addReview, deleteReview } = app.reviews;
  const errors = {
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  };
  app.get(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { productId, page, pageSize } = request.query;
      return listReviews(app.db, 'product', productId, request.user?.id ?? null, page, pageSize);
    },
  );
  app.post(
    '/review',
    {
      preHandler: app.requireUser,
      schema: { tags: ['reviews'], body: addReviewBodySchema, response: { 201: reviewSchema, ...errors } },
    },
    async (request, reply) => {
      const { productId, rating, comment } = request.body;
      const review = await addReview(app.db, 'product', request.user!, productId, rating, comment);
      return reply.status(201).send(review);
    },
  );
  app.delete(
    '/review/:id',
    {
      preHandler: app.requireUser,
      schema: { tags: ['reviews'], params: idParamSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteReview(app.db, 'product', request.user!.id, request.params.id);
      return { ok: true as const };
    },
  );
  app.get(
    '/service-review',
    {
      schema: {
        tags: ['reviews'],
        querystring: serviceReviewListQuerySchema,
        response: { 200: reviewListResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { serviceId, page, pageSize } = request.query;
      return listReviews(app.db, 'service', serviceId, request.user?.id ?? null, page, pageSize);
    },
  );
  app.post(
    '/service-review',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['reviews'],
        body: addServiceReviewBodySchema,
        response: { 201: reviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { serviceId, rating, comment } = request.body;
      const review = await addReview(app.db, 'service', request.user!, serviceId, rating, comment);
      return reply.status(201).send(review);
    },
  );
  app.delete(
    '/service-review/:id',
    {
      preHandler: app.requireUser,
      schema: { tags: ['reviews'], params: idParamSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteReview(app.db, 'service', request.user!.id, request.params.id);
      return { ok: true as const };
    },
  );
};
