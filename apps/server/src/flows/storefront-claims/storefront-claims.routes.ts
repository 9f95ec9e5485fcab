import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStorefrontClaimListSchema,
  errorResponseSchema,
  idParamSchema,
  myStorefrontClaimsResponseSchema,
  refuseStorefrontClaimInputSchema,
  startStorefrontClaimInputSchema,
  storefrontClaimParamsSchema,
  storefrontClaimSchema,
  storefrontClaimSettingsSchema,
  verifyStorefrontClaimInputSchema,
} from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { approveStorefrontClaim, refuseStorefrontClaim } from './decide-storefront-claim';
import { publicClaim } from './public-claim';
import { setClaimsOpen } from './set-claims-open';
import { startStorefrontClaim } from './start-storefront-claim';
import { verifyStorefrontClaim } from './verify-storefront-claim';
import { errorResponses } from '../../plugins/errors';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);

/**
 * Storefront claims (decision 263), under /api/v1: `POST claim-stores/:id/claims` (start: a code to the listed
 * e-mail domain or phone), `POST storefront-claims/:id/verify` (the code), `GET storefront-claims/mine`. The
 * claim button's own check (`POST claim-stores/:id/claim`) is the sellers module's.
 */
export const storefrontClaimsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/claim-stores/:id/claims',
    {
      preHandler: app.requireUser,
      config: {
        // Codes cost a message each: per address, on top of the database's cap per claim.
        rateLimit: { max: 30, timeWindow: '1 hour' },
      },
      schema: {
        tags: ['sellers'],
        params: idParamSchema,
        body: startStorefrontClaimInputSchema,
        response: { 201: storefrontClaimSchema, ...errors },
      },
    },
    async (request, reply) => {
      const claim = await startStorefrontClaim(app, {
        userId: request.user!.id,
        storefront: request.params.id,
        body: request.body,
      });
      return reply.status(201).send(claim);
    },
  );
  app.post(
    '/storefront-claims/:id/verify',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['sellers'],
        params: storefrontClaimParamsSchema,
        body: verifyStorefrontClaimInputSchema,
        response: { 200: storefrontClaimSchema, ...errors },
      },
    },
    async (request) =>
      verifyStorefrontClaim(app, {
        userId: request.user!.id,
        claimId: request.params.id,
        code: request.body.code,
      }),
  );
  app.get(
    '/storefront-claims/mine',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['sellers'],
        response: { 200: myStorefrontClaimsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      items: (await app.sellers.claims.of(app.db, request.user!.id)).map(publicClaim),
    }),
  );
};

/**
 * The admin's side, under /api/v1/admin (inside the admin scope of services/buyer.ts): the switch, the queue of
 * verified claims grouped by storefront, approve, refuse with a reason. Every write is audited.
 */
export const storefrontClaimsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/storefront-claims/settings',
    { schema: { tags, response: { 200: storefrontClaimSettingsSchema, ...errors } } },
    async () => ({ claimsOpen: await app.sellers.claims.open(app.db) }),
  );
  app.put(
    '/storefront-claims/settings',
    {
      schema: {
        tags,
        body: storefrontClaimSettingsSchema,
        response: { 200: storefrontClaimSettingsSchema, ...errors },
      },
    },
    async (request) =>
      withTransaction(app.db, (tx) =>
        setClaimsOpen(app, tx, {
          actor: { userId: request.user?.id ?? null },
          claimsOpen: request.body.claimsOpen,
        }),
      ),
  );
  app.get(
    '/storefront-claims',
    { schema: { tags, response: { 200: adminStorefrontClaimListSchema, ...errors } } },
    async () => ({ items: await app.sellers.claims.pendingGroups(app.db, app.auth.users) }),
  );
  app.post(
    '/storefront-claims/:id/approve',
    {
      schema: {
        tags,
        params: storefrontClaimParamsSchema,
        response: { 200: storefrontClaimSchema, ...errors },
      },
    },
    async (request) =>
      withTransaction(app.db, (tx) =>
        approveStorefrontClaim(app, tx, {
          actor: { userId: request.user?.id ?? null },
          id: request.params.id,
        }),
      ),
  );
  app.post(
    '/storefront-claims/:id/refuse',
    {
      schema: {
        tags,
        params: storefrontClaimParamsSchema,
        body: refuseStorefrontClaimInputSchema,
        response: { 200: storefrontClaimSchema, ...errors },
      },
    },
    async (request) =>
      withTransaction(app.db, (tx) =>
        refuseStorefrontClaim(app, tx, {
          actor: { userId: request.user?.id ?? null },
          id: request.params.id,
          reason: request.body.reason,
        }),
      ),
  );
};
