import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOrderIntentBodySchema,
  createOrderIntentResponseSchema,
  errorResponseSchema,
  type OrderKind,
} from '@maplesource/contracts';
import { createOrderIntent } from './order-payments';

const paths: Array<[string, OrderKind]> = [
  ['/create-order-intent', 'product'],
  ['/create-service-order-intent', 'service'],
];

/**
 * POST payment/create-order-intent and payment/create-service-order-intent `{ orderId }` (the order's buyer):
 * the order's one intent, created on the first call and answered again after. Another user's order: 404.
 */
export const orderIntentRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, kind] of paths) {
    app.post(
      path,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['payment'],
          body: createOrderIntentBodySchema,
          response: {
            200: createOrderIntentResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => createOrderIntent(app, request.user!.id, kind, request.body.orderId),
    );
  }
};
