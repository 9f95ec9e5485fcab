import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvoiceBodySchema,
  acceptInvoiceResponseSchema,
  errorResponseSchema,
  type OrderKind,
} from '@maplesource/contracts';
import { prepareOnConnect } from '../db/prepared';
import { acceptInvoice, acceptInvoiceWarmUp } from './accept-invoice';

const paths: Array<[string, OrderKind]> = [
  ['/invoice/accept', 'product'],
  ['/service-invoice/accept', 'service'],
];

/**
 * POST invoice/accept and service-invoice/accept (the buyer of the invoice): accepts it and creates its one
 * order (201), or answers the order already made for it (200) — a double click or 50 concurrent requests
 * all get the same `orderId`. Idempotency-Key is honoured (decision 067).
 */
export const acceptInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  // The accept statement is prepared on every new pool connection (decision 215).
  prepareOnConnect(app.db, acceptInvoiceWarmUp(app));
  for (const [path, kind] of paths) {
    app.post(
      path,
      {
        preHandler: app.requireUser,
        config: { idempotency: true },
        bodyLimit: 256 * 1024,
        schema: {
          tags: ['orders'],
          body: acceptInvoiceBodySchema,
          response: {
            200: acceptInvoiceResponseSchema,
            201: acceptInvoiceResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const userAgent = request.headers['user-agent'];
        const accepted = await acceptInvoice(app, {
          kind,
          buyerUserId: request.user!.id,
          body: request.body,
          ip: request.ip,
          userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
          now: new Date(),
        });
        return reply
          .code(accepted.created ? 201 : 200)
          .send({ orderId: accepted.orderId, kind: accepted.kind });
      },
    );
  }
};
