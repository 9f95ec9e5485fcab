import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  invoiceChatParamsSchema,
  invoiceListResponseSchema,
  invoiceResponseSchema,
  issueInvoiceBodySchema,
  rejectInvoiceWithOfferBodySchema,
  reviseInvoiceBodySchema,
  withdrawInvoiceBodySchema,
  type InvoiceKind,
  acceptInvoiceBodySchema,
  acceptInvoiceResponseSchema,
  type OrderKind,
} from '@maplesource/contracts';
import { notFound, errorResponses } from '../../plugins/errors';
import { issueInvoice } from './issue-invoice';
import { rejectInvoice } from './reject-invoice';
import { reviseInvoice } from './revise-invoice';
import { withdrawInvoice } from './withdraw-invoice';
import { acceptInvoice, prepareAcceptInvoice } from './accept-invoice';

const kinds: Array<{ kind: InvoiceKind; chats: string; invoice: string }> = [
  { kind: 'product', chats: '/chats', invoice: '/invoice' },
  { kind: 'service', chats: '/service-chats', invoice: '/service-invoice' },
];

/**
 * Invoices in conversations (decisions 131, 133), for product chats and their `service-` twins:
 * - POST chats/:chatId/invoices (role seller, Idempotency-Key): the seller user of the conversation issues one;
 * - GET chats/:chatId/invoices: the conversation's invoices for either participant (the seller's chat shows them);
 * - POST invoice/reject `{ invoiceToken, reason, counterOffer? }`: the buyer rejects a pending invoice with a reason,
 *   and perhaps a counter-offer (decision 272);
 * - POST invoice/withdraw `{ invoiceToken }` (role seller): the seller user withdraws a pending invoice (decision 271);
 * - POST invoice/revise `{ invoiceToken, …issue body }` (role seller, Idempotency-Key): the seller user issues the
 *   next version, withdrawing the pending one in the same step (decision 271).
 * Anyone who is not the right party gets 404.
 */
export const invoicesChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = errorResponses(400, 401, 403, 404, 409, 422);
  for (const { kind, chats, invoice } of kinds) {
    app.post(
      `${chats}/:chatId/invoices`,
      {
        config: { requiredRole: 'seller', idempotency: true },
        schema: {
          tags: ['invoices'],
          params: invoiceChatParamsSchema,
          body: issueInvoiceBodySchema,
          response: { 201: invoiceResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const issued = await issueInvoice(app, {
          sellerUserId: request.user!.id,
          chatId: request.params.chatId,
          kind,
          body: request.body,
          idempotencyKey: request.idempotencyKey,
        });
        return reply.status(201).send({ invoice: issued });
      },
    );
    app.get(
      `${chats}/:chatId/invoices`,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['invoices'],
          params: invoiceChatParamsSchema,
          response: { 200: invoiceListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const userId = request.user!.id;
        const participants = await app.chat.participants(request.params.chatId);
        if (
          !participants ||
          participants.subjectKind !== kind ||
          (participants.buyerId !== userId && participants.sellerUserId !== userId)
        )
          throw notFound('CHAT_NOT_FOUND', 'Chat not found');
        reply.header('cache-control', 'private, no-store');
        return { items: await app.invoices.listForChat(app.db, request.params.chatId, new Date()) };
      },
    );
    app.post(
      `${invoice}/reject`,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['invoices'],
          body: rejectInvoiceWithOfferBodySchema,
          response: { 200: invoiceResponseSchema, ...errors },
        },
      },
      async (request) => ({
        invoice: await rejectInvoice(app, {
          buyerUserId: request.user!.id,
          token: request.body.invoiceToken,
          kind,
          reason: request.body.reason,
          ...(request.body.counterOffer ? { counterOffer: request.body.counterOffer } : {}),
        }),
      }),
    );
    app.post(
      `${invoice}/withdraw`,
      {
        config: { requiredRole: 'seller' },
        schema: {
          tags: ['invoices'],
          body: withdrawInvoiceBodySchema,
          response: { 200: invoiceResponseSchema, ...errors },
        },
      },
      async (request) => ({
        invoice: await withdrawInvoice(app, {
          sellerUserId: request.user!.id,
          token: request.body.invoiceToken,
          kind,
        }),
      }),
    );
    app.post(
      `${invoice}/revise`,
      {
        config: { requiredRole: 'seller', idempotency: true },
        schema: {
          tags: ['invoices'],
          body: reviseInvoiceBodySchema,
          response: { 201: invoiceResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { invoiceToken, ...body } = request.body;
        const revised = await reviseInvoice(app, {
          sellerUserId: request.user!.id,
          token: invoiceToken,
          kind,
          body,
          idempotencyKey: request.idempotencyKey,
        });
        return reply.status(201).send({ invoice: revised });
      },
    );
  }
};

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
