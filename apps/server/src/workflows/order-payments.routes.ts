import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOrderIntentBodySchema,
  createOrderIntentResponseSchema,
  errorResponseSchema,
  type OrderKind,
} from '@maplesource/contracts';
import { prepareOnConnect } from '../db/prepared';
import { payableOrderWarmUp } from '../modules/orders';
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
  // The order's read with the session check, prepared on every new pool connection (decisions 215, 225).
  prepareOnConnect(app.db, payableOrderWarmUp(app.auth.sessions.warmUpCheck()));
  for (const [path, kind] of paths) {
    app.post(
      path,
      {
        preHandler: app.requireUserOrSessionCheck,
        // The order's read checks the buyer's session (decision 225).
        config: { sessionInStatement: true },
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
      async (request) => {
        const { orderId } = request.body;
        const check = request.sessionCheck;
        // Refused by the read's session check (or before it): the usual lookup answers 401/403, or, for a live
        // session, the intent without the check.
        const intent = check ? await createOrderIntent(app, check, kind, orderId) : null;
        return (
          intent ??
          (await createOrderIntent(
            app,
            request.user?.id ?? (await app.resolveSession(request)).id,
            kind,
            orderId,
          ))
        );
      },
    );
  }
};
