import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dependencyChecks } from './dependency-checks';

const healthSchema = z.object({ status: z.literal('ok') });
const dependencyState = z.enum(['ok', 'unreachable']);
const readySchema = z.object({
  status: z.enum(['ready', 'unavailable', 'draining']),
  database: dependencyState.optional(),
  /** Only when REDIS_URL is set. */
  redis: dependencyState.optional(),
  storage: dependencyState.optional(),
});

/**
 * Liveness (the process answers) and readiness: the database, Redis (when configured) and file storage answer
 * (decision 303), and the process is not shutting down — from the moment it is told to stop, readiness is 503 so
 * the proxy sends new work elsewhere (decision 295). A 503 names the dependency that failed.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkDependencies = dependencyChecks(app);
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
      const report = await checkDependencies();
      const allOk = Object.values(report).every((state) => state === 'ok');
      return reply.status(allOk ? 200 : 503).send({ status: allOk ? 'ready' : 'unavailable', ...report });
    },
  );
};
