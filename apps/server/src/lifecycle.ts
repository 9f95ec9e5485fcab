import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';

/**
 * A node's graceful stop (decision 295): readiness turns 503 at once (`/readyz`), the node keeps serving for
 * `drainMs` while the proxy notices and sends new work elsewhere, then Fastify closes: the sockets' connections
 * close first (their clients reconnect, through the proxy, to another node; decision 303), it stops accepting, lets
 * in-flight requests finish, stops the job workers (running jobs finish or go back to the queue) and the event dispatcher; the
 * database pool closes last. A request still running `requestTimeoutMs` after the close began has its connection cut
 * (its client gets a reset, the proxy retries or answers 502), so a stuck request cannot keep the node from exiting.
 */
export async function drainAndClose(
  app: FastifyInstance,
  database: Database,
  drainMs: number,
  requestTimeoutMs = 10_000,
): Promise<void> {
  app.lifecycle.draining = true;
  app.log.info({ drainMs }, 'draining: readiness is off');
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  // A connection whose request finishes during the close goes idle but stays open (the proxy's keep-alive, up to
  // Fastify's 72 s keepAliveTimeout), and the close would wait for it: close idle connections as they appear.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  const cutStuck = setTimeout(() => {
    app.log.warn(
      { requestTimeoutMs },
      'requests still running at the end of the shutdown timeout: cutting them',
    );
    app.server.closeAllConnections();
  }, requestTimeoutMs);
  try {
    await app.close();
  } finally {
    clearInterval(closeIdle);
    clearTimeout(cutStuck);
    await database.close().catch(() => undefined);
  }
}
