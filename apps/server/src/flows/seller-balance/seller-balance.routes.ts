import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dateInTimeZone,
  errorResponseSchema,
  heldFundsResponseSchema,
  ledgerAccountQuerySchema,
  ledgerAccountResponseSchema,
  ledgerEntriesResponseSchema,
  ledgerOrderParamsSchema,
  platformFeeQuerySchema,
  platformFeeQuoteSchema,
  provinceCodeSchema,
  sellerBalanceSchema,
  sellerStatementParamsSchema,
  sellerStatementQuerySchema,
  sellerStorefrontParamsSchema,
} from '@maplesource/contracts';
import { z } from 'zod';
import { notFound } from '../../plugins/errors';
import { downloadStatement } from './download-statement';
import '../../modules/ledger';
import '../../modules/orders';
import '../../modules/sellers';

/** The seller's province, for the GST/HST on the platform's fee (decision 296); null if it is not one. */
async function sellerProvince(app: FastifyInstance, sellerId: string) {
  const { province } = await app.sellers.getSeller(app.db, sellerId);
  return provinceCodeSchema.safeParse(province).data ?? null;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * The seller centre's balance (decision 296, docs/product.md §9) under `/api/v1/seller/…`, for a user acting as
 * seller only: another seller's storefront answers 404, as one that does not exist.
 */
export const sellerBalanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.restrictScopeToRole('seller');
  const ownStorefront = async (userId: string, sellerId: string) => {
    const owned = await app.sellers.ownedStorefrontIds(app.db, userId);
    if (!owned.includes(Number(sellerId))) throw notFound('SELLER_NOT_FOUND', 'Seller not found');
    return sellerId;
  };

  // Pending, available and paid out (one row each), and the paid orders with their fee and release date.
  app.get(
    '/seller/:sellerId/balance',
    {
      schema: {
        tags: ['ledger'],
        params: sellerStorefrontParamsSchema,
        response: { 200: sellerBalanceSchema, ...errors },
      },
    },
    async (request) => {
      // The reads go with the ownership check rather than after it (one round trip, decision 296: a balance read in 10 ms);
      // nothing read leaves the process unless the storefront is the user's.
      const { sellerId } = request.params;
      const [, balance, orders, underReview] = await Promise.all([
        ownStorefront(request.user!.id, sellerId),
        app.ledger.sellerBalance(app.db, sellerId),
        app.ledger.sellerOrders(app.db, sellerId),
        app.orders.ordersUnderReview(app.db, sellerId),
      ]);
      return {
        ...balance,
        orders: orders.map((order) => ({
          ...order,
          frozen: order.heldCents > 0 && underReview.has(order.orderId),
        })),
      };
    },
  );

  // The platform's fee on a payment of this amount in this category today, with GST/HST on it by the seller's
  // province: what the invoice form shows before the seller issues it.
  app.get(
    '/seller/:sellerId/platform-fee',
    {
      schema: {
        tags: ['ledger'],
        params: sellerStorefrontParamsSchema,
        querystring: platformFeeQuerySchema,
        response: { 200: platformFeeQuoteSchema, ...errors },
      },
    },
    async (request) => {
      const sellerId = await ownStorefront(request.user!.id, request.params.sellerId);
      const date = dateInTimeZone(new Date(), 'America/Toronto');
      const rateBps = await app.ledger.feeRateBps(app.db, request.query.category, date);
      const province = await sellerProvince(app, sellerId);
      return app.ledger.quoteFee({ grossCents: request.query.grossCents, rateBps, province, date });
    },
  );

  // A monthly statement, `2026-11.csv` or `2026-11.pdf`, in the language asked (docs/product.md §9).
  app.get(
    '/seller/:sellerId/statements/:file',
    {
      schema: {
        tags: ['ledger'],
        params: sellerStatementParamsSchema,
        querystring: sellerStatementQuerySchema,
        response: { 200: z.string().describe('text/csv or application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const sellerId = await ownStorefront(request.user!.id, request.params.sellerId);
      return downloadStatement(app, reply, {
        sellerId,
        file: request.params.file,
        language: request.query.lang,
        now: new Date(),
      });
    },
  );
};

/** The admin's read-only ledger explorer (decision 296), under the admin scope. */
export const ledgerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ledger/orders/:orderId',
    {
      schema: {
        tags: ['ledger'],
        params: ledgerOrderParamsSchema,
        response: { 200: ledgerEntriesResponseSchema, ...errors },
      },
    },
    async (request) => ({ entries: await app.ledger.orderEntries(app.db, request.params.orderId) }),
  );
  app.get(
    '/ledger/accounts',
    {
      schema: {
        tags: ['ledger'],
        querystring: ledgerAccountQuerySchema,
        response: { 200: ledgerAccountResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { holder, holderId, account, before } = request.query;
      const ref =
        holder === 'platform'
          ? ({ holder, kind: account } as const)
          : ({ holder, id: holderId, kind: account } as const);
      const valid =
        (holder === 'seller' && ['pending', 'available', 'paid_out'].includes(account)) ||
        (holder === 'buyer' && account === 'refunds') ||
        (holder === 'platform' && ['fees', 'fee_tax', 'provider_fees', 'cash_at_provider'].includes(account));
      // A seller is a storefront id, a buyer a user id: anything else names no account.
      const holderIdValid =
        holder === 'platform' ||
        (holder === 'seller'
          ? /^\d{1,18}$/.test(holderId)
          : /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(holderId));
      if (!valid || !holderIdValid) throw notFound('LEDGER_ACCOUNT_NOT_FOUND', 'No such ledger account');
      const typed = ref as Parameters<typeof app.ledger.balanceOf>[1];
      return {
        balanceCents: await app.ledger.balanceOf(app.db, typed),
        entries: await app.ledger.accountEntries(app.db, typed, before),
      };
    },
  );
  app.get(
    '/ledger/held',
    { schema: { tags: ['ledger'], response: { 200: heldFundsResponseSchema, ...errors } } },
    async () => app.ledger.heldFunds(app.db),
  );
};
