import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  devStorefrontParamsSchema,
  devStorefrontQuerySchema,
  devStorefrontResponseSchema,
  okResponseSchema,
} from '@maplesource/contracts';
import { isLoopbackAddress } from '../../plugins/loopback';
import { forbidden, notFound } from '../../plugins/errors';
import { createDevStorefront, deleteDevStorefront } from './dev-storefront';

/**
 * POST /api/v1/dev/storefront and DELETE /api/v1/dev/storefront/:slug (decision 077): a fresh storefront with a
 * product for the logged-in test user, and its removal. The routes exist only under NODE_ENV=test, where they
 * answer only connections from this machine (the socket's address, not a forwarded header).
 */
export const devStorefrontRoutes: FastifyPluginAsyncZod = async (app) => {
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
    '/storefront',
    {
      schema: {
        tags: ['dev'],
        querystring: devStorefrontQuerySchema,
        response: { 201: devStorefrontResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createDevStorefront(app, request.user!.id, { topCategorySlug: request.query.category })),
  );

  app.delete(
    '/storefront/:slug',
    { schema: { tags: ['dev'], params: devStorefrontParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      if (!(await deleteDevStorefront(app, request.user!.id, request.params.slug))) {
        throw notFound('STOREFRONT_NOT_FOUND', 'No such test storefront of yours');
      }
      return { ok: true as const };
    },
  );
};
