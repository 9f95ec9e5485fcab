import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/** How long readiness waits for one dependency before calling it unreachable. */
export const dependencyTimeoutMs = 2_000;

export type DependencyState = 'ok' | 'unreachable';

/** What `/readyz` checks: the database always, Redis when REDIS_URL is set, file storage always. */
export interface DependencyReport {
  database: DependencyState;
  redis?: DependencyState;
  storage: DependencyState;
}

async function stateOf(check: () => Promise<unknown>): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), dependencyTimeoutMs);
      }),
    ]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The checks of every dependency a node needs to serve (decision 303), run together. Redis is asked with its own
 * connection: the rate limiter's and the socket adapter's clients queue commands while disconnected, and a PING
 * queued behind them would say nothing about Redis now.
 */
export function dependencyChecks(app: FastifyInstance): () => Promise<DependencyReport> {
  const redisUrl = app.config.REDIS_URL;
  const redis = redisUrl
    ? new Redis(redisUrl, {
        lazyConnect: true,
        connectTimeout: dependencyTimeoutMs,
        // A PING while Redis is down fails at the first failed reconnection instead of waiting in the queue.
        maxRetriesPerRequest: 0,
      })
    : undefined;
  redis?.on('error', (error) => app.log.debug({ err: error }, 'redis (readiness) error'));
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  return async () => {
    const [database, redisState, storage] = await Promise.all([
      stateOf(() => app.database.ping()),
      redis ? stateOf(() => redis.ping()) : Promise.resolve(undefined),
      stateOf(() => app.storage.probe()),
    ]);
    return { database, ...(redisState ? { redis: redisState } : {}), storage };
  };
}
