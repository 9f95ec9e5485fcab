import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamSchema,
  productDetailSchema,
  serviceDetailSchema,
} from '@maplesource/contracts';

/**
 * docs/product.md §7 `product/:id` and `service/:id`: an item's page, composed of two modules' answers (decision 112). The
 * catalogue gives the item (with whether the viewer liked it); the reviews module, which sits above the
 * catalogue, says which review the viewer wrote of it. Neither module reads the other's tables, and the
 * catalogue never calls upwards.
 */
export const itemPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const notFoundResponses = { 403: errorResponseSchema, 404: errorResponseSchema };
  const viewer = (request: { user: { id: string } | null }) => request.user?.id ?? null;

  app.get(
    '/product/:id',
    {
      schema: {
        tags: ['catalog'],
        params: idParamSchema,
        response: { 200: productDetailSchema, ...notFoundResponses },
      },
    },
    async (request) => {
      const userId = viewer(request);
      const product = await app.catalog.getProductDetail(app.db, request.params.id, userId);
      const itemId = Number(product.id);
      return {
        ...product,
        myReviewId: await app.reviews.myReviewId(app.db, { kind: 'product', itemId, userId }),
      };
    },
  );
  app.get(
    '/service/:id',
    {
      schema: {
        tags: ['catalog'],
        params: idParamSchema,
        response: { 200: serviceDetailSchema, ...notFoundResponses },
      },
    },
    async (request) => {
      const userId = viewer(request);
      const service = await app.catalog.getServiceDetail(app.db, request.params.id, userId);
      const itemId = Number(service.id);
      return {
        ...service,
        myReviewId: await app.reviews.myReviewId(app.db, { kind: 'service', itemId, userId }),
      };
    },
  );
};
