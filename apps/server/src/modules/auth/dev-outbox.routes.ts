import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxQuerySchema, outboxResponseSchema } from '@maplesource/contracts';
import { z } from 'zod';
import { forbidden, notFound } from '../../plugins/errors';
import { isLoopbackAddress } from '../../plugins/loopback';

/**
 * GET /api/v1/dev/outbox?to=… — what the sandbox SMS and mail providers "sent" to one address,
 * newest first. Registered only while a sandbox provider is active and NODE_ENV is not production;
 * otherwise the route does not exist (404). It answers only a request whose socket peer is this machine (not
 * X-Forwarded-For, which a client writes) or a logged-in admin: the codes in it reset any account (decision 017).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.messaging.outboxEnabled || app.config.isProduction) return;
  const localOrAdmin = async (request: {
    socket: { remoteAddress?: string };
    user?: { roles: string[] } | null;
  }) => {
    if (isLoopbackAddress(request.socket.remoteAddress)) return;
    if (request.user?.roles.includes('admin')) return;
    throw forbidden(
      'OUTBOX_LOCAL_ONLY',
      'The sandbox outbox answers only requests from this machine or from a logged-in admin',
    );
  };
  /**
   * GET /api/v1/dev/outbox/:id/html — one sandbox e-mail's HTML part, under the outbox's access rule, as an inert
   * document (decision 260): a CSP sandbox with no script, no form and nothing fetched but images, never framed by
   * another site, never sniffed as something else.
   */
  app.get(
    '/outbox/:id/html',
    {
      schema: { tags: ['dev'], params: z.object({ id: z.uuid() }) },
      preHandler: localOrAdmin,
    },
    async (request, reply) => {
      const html = await app.messaging.readOutboxHtml(request.params.id);
      if (html === null)
        throw notFound('OUTBOX_MESSAGE_NOT_FOUND', 'No e-mail with an HTML part has this id');
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "sandbox; default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'SAMEORIGIN')
        .send(html);
    },
  );
  app.get(
    '/outbox',
    {
      schema: { tags: ['dev'], querystring: outboxQuerySchema, response: { 200: outboxResponseSchema } },
      preHandler: localOrAdmin,
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
