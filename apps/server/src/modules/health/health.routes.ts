import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ready', 'unavailable', 'draining']),
  database: z.enum(['ok', 'unreachable']).optional(),
});

/**
 * Liveness (the process answers) and readiness (the database answers, and the process is not shutting down: from
 * the moment it is told to stop, readiness is 503 so the proxy sends new work elsewhere — decision 295).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: healthSchema } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readySchema, 503: readySchema } }, logLevel: 'warn' },
    async (_request, reply) => {
      if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining' });
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
        ]);
        return { status: 'ready' as const, database: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );
};
