import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  orderIdParamsSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  paymentReviewRequestSchema,
  paymentReviewResponseSchema,
  sellerOrderListQuerySchema,
  type OrderKind,
} from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { exportErrorResponses, exportRouteAccess, sendCsv } from '../../plugins/csv-export';
import { orderCsvHeader, type OrderExportParty } from './orders.export';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
} as const;

/** The buyer's paths of each kind (docs/product.md §7: `orders`, `service-orders`). */
const buyerPaths: Array<[string, OrderKind]> = [
  ['/orders', 'product'],
  ['/service-orders', 'service'],
];

/**
 * The buyer's orders (`orders`, `orders/:id`, `service-orders`, `service-orders/:id`; search by order id, product
 * or seller name, status filter, pages) and payment review requests; the seller user's orders
 * (`seller/orders`, `seller/orders/:id`, role seller). Another user's order is 404 ORDER_NOT_FOUND. Status
 * changes run as a workflow (flows/fulfilment/fulfilment.routes.ts): they write in the chat too.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, kind] of buyerPaths) {
    app.get(
      path,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['orders'],
          querystring: orderListQuerySchema,
          response: { 200: orderListResponseSchema, ...errors },
        },
      },
      async (request) => app.orders.listForBuyer(app.db, request.user!.id, kind, request.query),
    );
    app.get(
      `${path}/:id`,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['orders'],
          params: orderIdParamsSchema,
          response: { 200: orderResponseSchema, ...errors },
        },
      },
      async (request) => ({
        order: await app.orders.getForBuyer(app.db, request.user!.id, kind, request.params.id),
      }),
    );
    app.post(
      `${path}/:id/payment-review`,
      {
        preHandler: app.requireUser,
        config: { idempotency: true },
        schema: {
          tags: ['orders'],
          params: orderIdParamsSchema,
          body: paymentReviewRequestSchema,
          response: { 201: paymentReviewResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const review = await withTransaction(app.db, async (tx) => {
          const opened = await app.orders.requestReview(
            tx,
            request.user!.id,
            kind,
            request.params.id,
            request.body.reason,
            new Date(),
          );
          // Announced with the review, in its transaction: both parties are e-mailed once (decision 260).
          const order = await app.orders.getForBuyer(tx, request.user!.id, kind, request.params.id);
          await app.events.emit(
            'order.payment-review-changed',
            { reviewId: opened.id, orderId: order.id, kind, chatId: order.chatId, change: 'opened' },
            tx,
          );
          return opened;
        });
        return reply.code(201).send({ review });
      },
    );
  }

  app.get(
    '/seller/orders',
    {
      config: { requiredRole: 'seller' },
      schema: {
        tags: ['orders'],
        querystring: sellerOrderListQuerySchema,
        response: { 200: orderListResponseSchema, ...errors },
      },
    },
    async (request) => app.orders.listForSeller(app.db, request.user!.id, request.query),
  );
  app.get(
    '/seller/orders/:id',
    {
      config: { requiredRole: 'seller' },
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => ({
      order: await app.orders.getForSeller(app.db, request.user!.id, request.params.id),
    }),
  );

  // The accountants' export (decision 251): the caller's own orders of a period, both kinds, as a CSV stream.
  for (const [path, party] of [
    ['/orders/export', 'buyer'],
    ['/seller/orders/export', 'seller'],
  ] as Array<[string, OrderExportParty]>) {
    app.get(
      path,
      {
        ...exportRouteAccess(app, party),
        schema: {
          tags: ['orders'],
          querystring: orderExportQuerySchema,
          response: exportErrorResponses,
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        return sendCsv(reply, {
          filename: `maplesource-${party === 'seller' ? 'sales' : 'purchase'}-orders-${from}-${to}.csv`,
          header: orderCsvHeader,
          records: app.orders.exportRecords(app.db, { party, userId: request.user!.id, from, to }),
        });
      },
    );
  }
};
