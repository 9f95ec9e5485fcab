import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  rfqBuyerQuerySchema,
  rfqBuyerViewSchema,
  rfqClosedResponseSchema,
  rfqCreatedResponseSchema,
  rfqCreateRequestSchema,
  rfqDeclineRequestSchema,
  rfqIdParamsSchema,
  rfqListQuerySchema,
  rfqListResponseSchema,
  rfqOkResponseSchema,
  rfqQuotedResponseSchema,
  rfqQuoteRequestSchema,
  rfqSellerBuyerParamsSchema,
  rfqSellerParamsSchema,
  rfqSellerRfqParamsSchema,
  rfqSupplierInboxSchema,
  rfqSupplierViewSchema,
} from '@maplesource/contracts';
import { errorResponses } from '../../plugins/errors';
import { declineRfq, muteRfqBuyer, quoteRfq } from './answer-rfq';
import { closeRfq } from './close-rfq';
import { compareQuotes, shown } from './compare-quotes';
import { sendRfq } from './send-rfq';
import { supplierInbox, supplierRfq } from './supplier-rfq';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);

/**
 * Requests for quotes (decision 298). Buyer: POST/GET rfqs, GET rfqs/:id (the comparison), POST rfqs/:id/close —
 * only the buyer's own (another's → 404). Supplier, under seller/:sellerId/rfqs: inbox, one request, quote or
 * revise, decline, mute a buyer — only a matched storefront of the user's (else 404).
 */
export const rfqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/rfqs',
    {
      config: { requiredRole: 'buyer', idempotency: true },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['rfq'],
        body: rfqCreateRequestSchema,
        response: { 201: rfqCreatedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await sendRfq(app, {
        buyerId: request.user!.id,
        body: request.body,
        idempotencyKey: request.idempotencyKey,
      });
      return reply.status(201).send({ rfq: shown(sent.rfq), sentTo: sent.sentTo });
    },
  );

  app.get(
    '/rfqs',
    {
      config: { requiredRole: 'buyer' },
      schema: {
        tags: ['rfq'],
        querystring: rfqListQuerySchema,
        response: { 200: rfqListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await app.rfq.ofBuyer(app.db, request.user!.id, request.query);
      return { rfqs: page.rfqs.map(shown), total: page.total };
    },
  );

  app.get(
    '/rfqs/:id',
    {
      config: { requiredRole: 'buyer' },
      schema: {
        tags: ['rfq'],
        params: rfqIdParamsSchema,
        querystring: rfqBuyerQuerySchema,
        response: { 200: rfqBuyerViewSchema, ...errors },
      },
    },
    async (request) =>
      compareQuotes(app, { buyerId: request.user!.id, rfqId: request.params.id, sort: request.query.sort }),
  );

  app.post(
    '/rfqs/:id/close',
    {
      config: { requiredRole: 'buyer' },
      bodyLimit: 1024,
      schema: {
        tags: ['rfq'],
        params: rfqIdParamsSchema,
        response: { 200: rfqClosedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const closed = await closeRfq(app, request.user!.id, request.params.id);
      return { rfq: shown(closed.rfq) };
    },
  );

  app.get(
    '/seller/:sellerId/rfqs',
    {
      config: { requiredRole: 'seller' },
      schema: {
        tags: ['rfq'],
        params: rfqSellerParamsSchema,
        response: { 200: rfqSupplierInboxSchema, ...errors },
      },
    },
    async (request) => supplierInbox(app, request.user!.id, request.params.sellerId),
  );

  app.get(
    '/seller/:sellerId/rfqs/:id',
    {
      config: { requiredRole: 'seller' },
      schema: {
        tags: ['rfq'],
        params: rfqSellerRfqParamsSchema,
        response: { 200: rfqSupplierViewSchema, ...errors },
      },
    },
    async (request) => supplierRfq(app, request.user!.id, request.params.sellerId, request.params.id),
  );

  app.post(
    '/seller/:sellerId/rfqs/:id/quotes',
    {
      config: { requiredRole: 'seller' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['rfq'],
        params: rfqSellerRfqParamsSchema,
        body: rfqQuoteRequestSchema,
        response: { 201: rfqQuotedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const quoted = await quoteRfq(app, {
        userId: request.user!.id,
        sellerId: request.params.sellerId,
        rfqId: request.params.id,
        body: request.body,
      });
      return reply.status(201).send(quoted);
    },
  );

  app.post(
    '/seller/:sellerId/rfqs/:id/decline',
    {
      config: { requiredRole: 'seller' },
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['rfq'],
        params: rfqSellerRfqParamsSchema,
        body: rfqDeclineRequestSchema,
        response: { 200: rfqOkResponseSchema, ...errors },
      },
    },
    async (request) =>
      declineRfq(app, {
        userId: request.user!.id,
        sellerId: request.params.sellerId,
        rfqId: request.params.id,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/seller/:sellerId/rfqs/buyers/:buyerId/mute',
    {
      config: { requiredRole: 'seller' },
      bodyLimit: 1024,
      schema: {
        tags: ['rfq'],
        params: rfqSellerBuyerParamsSchema,
        response: { 200: rfqOkResponseSchema, ...errors },
      },
    },
    async (request) =>
      muteRfqBuyer(app, {
        userId: request.user!.id,
        sellerId: request.params.sellerId,
        buyerId: request.params.buyerId,
      }),
  );
};
