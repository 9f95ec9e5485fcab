import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  employerLookupQuerySchema,
  employerStatusInputSchema,
  employerStatusParamsSchema,
  employerStatusSchema,
} from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { notFound, forbidden, errorResponses } from '../../plugins/errors';
import { setEmployerStatusWorkflow } from './set-employer-status';
import { isLoopbackAddress } from '../../plugins/loopback';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The admin console's employer controls under /api/v1/admin (inside the admin scope of services/buyer.ts): find
 * an account by e-mail and mark it a verified business and/or a premium employer, audited.
 */
export const employerStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/employers',
    {
      schema: {
        tags: ['admin'],
        querystring: employerLookupQuerySchema,
        response: { 200: employerStatusSchema, ...errors },
      },
    },
    async (request) => {
      const user = await app.auth.users.findByEmail(request.query.email);
      if (!user) throw notFound('USER_NOT_FOUND', 'Account not found');
      return {
        userId: user.id,
        email: user.email,
        fullName: user.fullName,
        isVerifiedBusiness: user.isVerifiedBusiness,
        isPremiumEmployer: user.isPremiumEmployer,
      };
    },
  );
  app.put(
    '/employers/:userId',
    {
      schema: {
        tags: ['admin'],
        params: employerStatusParamsSchema,
        body: employerStatusInputSchema,
        response: { 200: employerStatusSchema, ...errors },
      },
    },
    async (request) =>
      withTransaction(app.db, (tx) =>
        setEmployerStatusWorkflow(app, tx, {
          actor: { userId: request.user?.id ?? null },
          userId: request.params.userId,
          status: request.body,
        }),
      ),
  );
};

/**
 * POST /api/v1/dev/premium-employer (like decision 077's test storefront): makes the logged-in test
 * account a verified business on the premium employer plan, so end-to-end tests need no demo login. The route
 * exists only under NODE_ENV=test and answers only connections from this machine.
 */
export const devEmployerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Test support only: never registered in development or production. A reverse proxy on the same host makes
  // every visitor's socket peer loopback, so the loopback check alone would not keep these routes private.
  if (app.config.NODE_ENV !== 'test') return;
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) {
      throw forbidden('LOOPBACK_ONLY', 'This test route answers only on this machine');
    }
  });
  app.addHook('preHandler', app.requireUser);

  app.post(
    '/premium-employer',
    { schema: { tags: ['dev'], response: { 200: employerStatusSchema } } },
    async (request) =>
      withTransaction(app.db, (tx) =>
        setEmployerStatusWorkflow(app, tx, {
          actor: { userId: request.user!.id },
          userId: request.user!.id,
          status: { isVerifiedBusiness: true, isPremiumEmployer: true },
        }),
      ),
  );
};
