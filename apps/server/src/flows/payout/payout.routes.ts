import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  payoutAccountParamsSchema,
  payoutAccountResponseSchema,
  payoutHistoryQuerySchema,
  payoutHistoryResponseSchema,
  payoutMinimumDefaultCents,
  payoutOnboardingQuerySchema,
  payoutOnboardingResponseSchema,
  payoutSettingsSchema,
} from '@maplesource/contracts/payouts';
import { testClockPayoutRunResponseSchema, testClockRunBodySchema } from '@maplesource/contracts/ledger';
import { adminPayoutsQuerySchema, adminPayoutsResponseSchema } from '@maplesource/contracts/reconciliation';
import type { StoredPayoutAccount } from '../../modules/payout-accounts';
import type { SandboxPaymentProvider } from '../../plugins/payments';
import {
  linkNotFound,
  onboardBodySchema,
  onboardingPage,
  tokenParamsSchema,
} from './sandbox-onboarding-page';
import { ownStorefront } from './own-storefront';
import { runPayouts } from './run-payouts';
import { startPayoutOnboarding } from './start-payout-onboarding';
import { listAdminPayouts } from './list-admin-payouts';
import { errorResponses } from '../../plugins/errors';

const errors = errorResponses(400, 401, 403, 404, 409);

const visible = (account: StoredPayoutAccount | null) => {
  if (!account) return null;
  const { providerAccountId: _hidden, ...shown } = account;
  return shown;
};

/**
 * The seller centre's payout account (decision 312), under `/api/v1/seller/:id/payout-account`, for a user acting
 * as seller only (checked before the body is read): read it, start or continue the provider's onboarding, change the
 * schedule and minimum. Another user's storefront answers 404 and nothing changes.
 */
export const payoutAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.restrictScopeToRole('seller');
  const owned = (userId: string, id: string) => ownStorefront(app, app.db, userId, id);

  app.get(
    '/seller/:id/payout-account',
    {
      schema: {
        tags: ['payouts'],
        params: payoutAccountParamsSchema,
        response: { 200: payoutAccountResponseSchema, ...errors },
      },
    },
    async (request) => {
      const sellerId = await owned(request.user!.id, request.params.id);
      return {
        account: visible(await app.payoutAccounts.payoutAccountOf(app.db, sellerId)),
        defaultMinimumCents: payoutMinimumDefaultCents,
      };
    },
  );

  // The storefront's payouts (decision 297), newest first.
  app.get(
    '/seller/:id/payouts',
    {
      schema: {
        tags: ['payouts'],
        params: payoutAccountParamsSchema,
        querystring: payoutHistoryQuerySchema,
        response: { 200: payoutHistoryResponseSchema, ...errors },
      },
    },
    async (request) => {
      const sellerId = await owned(request.user!.id, request.params.id);
      const page = await app.payoutAccounts.payoutsOf(app.db, sellerId, {
        after: request.query.cursor ?? null,
        limit: request.query.limit,
      });
      return {
        items: page.items.map((payout) => ({
          id: payout.id,
          createdAt: payout.createdAt,
          amountCents: payout.amountCents,
          status: payout.status,
          failureReason: payout.failureReason,
          sentAt: payout.sentAt,
        })),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.post(
    '/seller/:id/payout-account/onboarding',
    {
      bodyLimit: 1024,
      schema: {
        tags: ['payouts'],
        params: payoutAccountParamsSchema,
        querystring: payoutOnboardingQuerySchema,
        response: { 200: payoutOnboardingResponseSchema, ...errors },
      },
    },
    async (request) =>
      startPayoutOnboarding(app, request.user!.id, request.params.id, request.query.language),
  );

  app.put(
    '/seller/:id/payout-account/settings',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['payouts'],
        params: payoutAccountParamsSchema,
        body: payoutSettingsSchema,
        response: { 200: payoutAccountResponseSchema, ...errors },
      },
    },
    async (request) => {
      const sellerId = await owned(request.user!.id, request.params.id);
      return {
        account: visible(await app.payoutAccounts.setPayoutSettings(app.db, sellerId, request.body)),
        defaultMinimumCents: payoutMinimumDefaultCents,
      };
    },
  );
};

/**
 * The sandbox provider's onboarding page (decision 312), served by the payment backend only when the sandbox is the
 * provider, outside /api/v1 and the OpenAPI document: it stands for Stripe's hosted onboarding. The link's token is
 * the authorisation, single-use and short-lived; an expired or used link sends the seller to its refresh URL, as
 * Stripe does.
 */
export function sandboxOnboardingRoutes(provider: SandboxPaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/onboard/:token',
      { schema: { hide: true, params: tokenParamsSchema } },
      async (request, reply) => {
        const found = await provider.connect.onboardingLink(request.params.token);
        if (!found) throw linkNotFound();
        if (!found.usable) return reply.redirect(found.link.refresh_url, 303);
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .type('text/html; charset=utf-8')
          .send(onboardingPage(request.params.token, found.account.id));
      },
    );

    app.post(
      '/onboard/:token',
      {
        config: { formBody: true },
        bodyLimit: 4 * 1024,
        schema: { hide: true, params: tokenParamsSchema, body: onboardBodySchema },
      },
      async (request, reply) => {
        const next = await provider.connect.completeOnboarding(
          request.params.token,
          request.body.account_number,
        );
        if (!next) throw linkNotFound();
        return reply.redirect(next, 303);
      },
    );
  };
}

/**
 * The test clock's payout run (decision 306), inside the admin scope and only with TEST_CLOCK: the daily run's code
 * for one storefront as of `advanceDays` days from now, so an end-to-end test sees a payout without waiting a day.
 */
export const testClockPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-clock/payout-run',
    {
      schema: {
        tags: ['admin'],
        body: testClockRunBodySchema,
        response: { 200: testClockPayoutRunResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const asOf = new Date(Date.now() + request.body.advanceDays * 86_400_000);
      const summary = await runPayouts(app, { now: asOf, onlySellerId: request.body.sellerId });
      return { asOf: asOf.toISOString(), ...summary };
    },
  );
};

/** The admin's payouts across storefronts (decision 304), under the admin scope (`/api/v1/admin/payouts`). */
export const payoutAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payouts',
    {
      schema: {
        tags: ['payouts'],
        querystring: adminPayoutsQuerySchema,
        response: { 200: adminPayoutsResponseSchema, ...errors },
      },
    },
    async (request) => listAdminPayouts(app, request.query),
  );
};
