import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The request a piece of work was caused by (decision 303): the id pino logs as `reqId`, kept while the request's
 * handler runs, then carried with the outbox events and jobs it writes, and set again around their delivery, so
 * the delivery's log lines (and what it causes in turn) carry the same id.
 */
const requestIds = new AsyncLocalStorage<string>();

/** The key under which an outbox event's payload or a job's data carries the id (no event field starts with `$`). */
export const requestIdKey = '$requestId';

/** The id of the request the current work was caused by, if any. */
export const currentRequestId = (): string | undefined => requestIds.getStore();

/** Runs `work` as caused by the request `requestId` (or by none). */
export function runForRequest<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? requestIds.run(requestId, work) : requestIds.exit(work);
}

/** `value` with the current request id under `requestIdKey`, when there is one. */
export function withRequestId<T extends object>(value: T): T {
  const requestId = currentRequestId();
  return requestId ? { ...value, [requestIdKey]: requestId } : value;
}

/** The request id a stored payload carries (an outbox event's, a job's data), and the payload without it. */
export function takeRequestId(stored: unknown): { requestId: string | undefined; rest: unknown } {
  if (stored === null || typeof stored !== 'object' || !(requestIdKey in stored))
    return { requestId: undefined, rest: stored };
  const { [requestIdKey]: requestId, ...rest } = stored as Record<string, unknown>;
  return { requestId: typeof requestId === 'string' ? requestId : undefined, rest };
}

/** Every request's handling runs with its id in the async context. */
async function requestContextPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    requestIds.run(request.id, done);
  });
}

export default fp(requestContextPlugin, { name: 'request-context' });
