import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxQuerySchema, outboxResponseSchema } from '@maplesource/contracts';
import { forbidden } from '../../plugins/errors';
import { isLoopbackAddress } from '../../plugins/loopback';

/**
 * GET /api/v1/dev/outbox?to=… — what the sandbox SMS and mail providers "sent" to one address,
 * newest first. Registered only while a sandbox provider is active and NODE_ENV is not production;
 * otherwise the route does not exist (404). It answers only a request whose socket peer is this machine (not
 * X-Forwarded-For, which a client writes) or a logged-in admin: the codes in it reset any account (decision 017).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.messaging.outboxEnabled || app.config.isProduction) return;
  app.get(
    '/outbox',
    {
      schema: { tags: ['dev'], querystring: outboxQuerySchema, response: { 200: outboxResponseSchema } },
      preHandler: async (request) => {
        if (isLoopbackAddress(request.socket.remoteAddress)) return;
        if (request.user?.roles.includes('admin')) return;
        throw forbidden(
          'OUTBOX_LOCAL_ONLY',
          'The sandbox outbox answers only requests from this machine or from a logged-in admin',
        );
      },
    },
    async (request) => {
      let to = request.query.to.trim();
      // A phone may be asked for in any usual shape; the outbox keys phones in E.164.
      if (!to.includes('@')) {
        const digits = to.replace(/\D/g, '');
        to = digits.length === 10 ? `+1${digits}` : `+${digits}`;
      }
      return { messages: await app.messaging.readOutbox(to) };
    },
  );
};
