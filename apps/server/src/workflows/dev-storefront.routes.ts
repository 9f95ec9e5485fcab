import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  devStorefrontParamsSchema,
  devStorefrontResponseSchema,
  okResponseSchema,
} from '@maplesource/contracts';
import { getAuthServices } from '../modules/auth/auth.context';
import { forbidden, notFound } from '../plugins/errors';
import { createDevStorefront, deleteDevStorefront } from './dev-storefront';

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * POST /api/v1/dev/storefront and DELETE /api/v1/dev/storefront/:slug (decision 077): a fresh storefront with a
 * product for the logged-in test user, and its removal. The routes do not exist in production; elsewhere they
 * answer only connections from this machine (the socket's address, not a forwarded header).
 */
export const devStorefrontRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.isProduction) return;
  const { users } = getAuthServices(app);
  app.addHook('onRequest', async (request) => {
    if (!loopbackAddresses.has(request.socket.remoteAddress ?? '')) {
      throw forbidden('LOOPBACK_ONLY', 'This test route answers only on this machine');
    }
  });
  app.addHook('preHandler', app.requireUser);

  app.post(
    '/storefront',
    { schema: { tags: ['dev'], response: { 201: devStorefrontResponseSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createDevStorefront({ db: app.db, users }, request.user!.id)),
  );

  app.delete(
    '/storefront/:slug',
    { schema: { tags: ['dev'], params: devStorefrontParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      if (!(await deleteDevStorefront(app.db, request.user!.id, request.params.slug))) {
        throw notFound('STOREFRONT_NOT_FOUND', 'No such test storefront of yours');
      }
      return { ok: true as const };
    },
  );
};
