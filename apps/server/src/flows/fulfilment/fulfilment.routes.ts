import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  sellerOrderStatusBodySchema,
} from '@maplesource/contracts';
import { changeOrderStatus } from './change-order-status';

/**
 * POST seller/orders/:id/status (role seller): `{ status, trackingNumber?, carrier? }`; shipped needs both.
 * Only the seller user of the order (anyone else: 404); an illegal transition: 409.
 */
export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seller/orders/:id/status',
    {
      config: { requiredRole: 'seller' },
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema,
        body: sellerOrderStatusBodySchema,
        response: {
          200: orderResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      order: await changeOrderStatus(app, request.user!.id, request.params.id, request.body),
    }),
  );
};
