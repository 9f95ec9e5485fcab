import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvoiceBodySchema,
  acceptInvoiceResponseSchema,
  errorResponseSchema,
  type OrderKind,
} from '@maplesource/contracts';
import { acceptInvoice, prepareAcceptInvoice } from './accept-invoice';

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
  // The accept statement, with and without its session check, is prepared on every new pool connection
  // (decisions 215, 225).
  prepareAcceptInvoice(app);
  prepareAcceptInvoice(app, app.auth.sessions.warmUpCheck());
  for (const [path, kind] of paths) {
    app.post(
      path,
      {
        preHandler: app.requireUserOrSessionCheck,
        // The accept statement checks the buyer's session itself (decision 225).
        config: { idempotency: true, sessionInStatement: true },
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
        const accept = (buyerUserId: string) => ({
          kind,
          buyerUserId,
          body: request.body,
          ip: request.ip,
          userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
          now: new Date(),
        });
        const check = request.sessionCheck;
        // Refused by the statement's session check (or before it): the usual lookup answers 401/403, or, for a
        // live session, the accept without the check gives the refusal.
        const accepted =
          (check && (await acceptInvoice(app, { ...accept(check.userId), session: check }))) ||
          (await acceptInvoice(app, accept(request.user?.id ?? (await app.resolveSession(request)).id)));
        return reply
          .code(accepted.created ? 201 : 200)
          .send({ orderId: accepted.orderId, kind: accepted.kind });
      },
    );
  }
};
