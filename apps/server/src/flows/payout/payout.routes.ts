import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  payoutAccountParamsSchema,
  payoutAccountResponseSchema,
  payoutMinimumDefaultCents,
  payoutOnboardingResponseSchema,
  payoutSettingsSchema,
} from '@maplesource/contracts';
import type { StoredPayoutAccount } from '../../modules/payout-accounts';
import { ownStorefront } from '../seller-catalogue/own-storefronts';
import { startPayoutOnboarding } from './start-payout-onboarding';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

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

  app.post(
    '/seller/:id/payout-account/onboarding',
    {
      bodyLimit: 1024,
      schema: {
        tags: ['payouts'],
        params: payoutAccountParamsSchema,
        response: { 200: payoutOnboardingResponseSchema, ...errors },
      },
    },
    async (request) => startPayoutOnboarding(app, request.user!.id, request.params.id),
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
