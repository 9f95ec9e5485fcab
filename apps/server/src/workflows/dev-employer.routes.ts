import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { employerStatusSchema } from '@maplesource/contracts';
import { withTransaction } from '../db/transaction';
import { forbidden } from '../plugins/errors';
import { isLoopbackAddress } from '../plugins/loopback';
import { setEmployerStatusWorkflow } from './set-employer-status';

/**
 * POST /api/v1/dev/premium-employer (issue 13, like decision 077's test storefront): makes the logged-in test
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
