import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/transaction';
import { sendError } from './errors';

/** The counters other plugins and modules move (`app.metrics`); gauges are read at scrape time. */
export interface AppMetrics {
  registry: Registry;
  /** One per stored (not repeated) chat message, by the conversation's subject kind. */
  chatMessagesSent: Counter<'kind'>;
  /** One per payment webhook call: `accepted` (signature good) or `refused`. */
  paymentWebhooks: Counter<'outcome'>;
  /** One per failed job attempt in this process, by queue. */
  jobFailures: Counter<'queue'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Seconds; from a cached page answer (a few ms) to the 30 s request timeout. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route's template (`/api/v1/products/:id`), never the raw URL: one series per route, not per id. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? '(unmatched)';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Deliveries not yet made, and how long the oldest one's event has waited (decision 065's outbox). */
async function outboxBacklog(app: FastifyInstance) {
  const [row] = rowsOf<{ pending: number | string; oldest_seconds: number | string | null }>(
    await app.db.execute(sql`
      SELECT count(*) AS pending, extract(epoch FROM clock_timestamp() - min(e.occurred_at)) AS oldest_seconds
      FROM event_deliveries d JOIN domain_events e ON e.id = d.event_id
      WHERE d.delivered_at IS NULL`),
  );
  return { pending: Number(row?.pending ?? 0), oldestSeconds: Number(row?.oldest_seconds ?? 0) };
}

function registerFamilies(app: FastifyInstance, registry: Registry): AppMetrics {
  const requestDuration = new Histogram({
    name: 'maplesource_http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: durationBuckets,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      {
        method: request.method,
        route: routeOf(request),
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'maplesource_open_sockets',
    help: 'Socket.IO connections open on this node',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('io') ? app.io.engine.clientsCount : 0);
    },
  });

  new Gauge({
    name: 'maplesource_event_outbox_pending',
    help: 'Event deliveries not yet made (every subscriber, every node)',
    registers: [registry],
    async collect() {
      this.set((await outboxBacklog(app)).pending);
    },
  });
  new Gauge({
    name: 'maplesource_event_outbox_oldest_age_seconds',
    help: 'Age of the oldest event with a delivery not yet made; 0 when none is pending',
    registers: [registry],
    async collect() {
      this.set((await outboxBacklog(app)).oldestSeconds);
    },
  });

  new Gauge({
    name: 'maplesource_job_queue_jobs',
    help: 'Jobs per queue and state: ready (due now), deferred (later), active (running), failed (retained)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const queue of await app.jobs.queueStats())
        for (const state of ['ready', 'deferred', 'active', 'failed'] as const)
          this.set({ queue: queue.name, state }, queue[state]);
    },
  });

  new Gauge({
    name: 'maplesource_db_pool_connections',
    help: 'PostgreSQL pool connections: in_use, idle, and waiting (checkouts waiting for one); absent on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = app.database.poolStats();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    chatMessagesSent: new Counter({
      name: 'maplesource_chat_messages_sent_total',
      help: 'Chat messages stored (a repeated client message id is not counted again)',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    paymentWebhooks: new Counter({
      name: 'maplesource_payment_webhooks_total',
      help: 'Payment provider webhook calls: accepted (signature verified) or refused',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: 'maplesource_job_failures_total',
      help: 'Failed job attempts in this process, by queue',
      labelNames: ['queue'] as const,
      registers: [registry],
    }),
  };
}

/**
 * Prometheus metrics (decision 303): `app.metrics` for the counters, and `GET /metrics` behind a bearer token
 * (METRICS_TOKEN). Without the token setting the route answers 404, as if it did not exist; without the right
 * token, 401. The gauges are read at scrape time only.
 */
async function metricsPlugin(app: FastifyInstance) {
  const token = app.config.METRICS_TOKEN;
  const registry = new Registry();
  const metrics = registerFamilies(app, registry);
  // Process metrics watch the event loop and garbage collection: only when someone can read them.
  if (token) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  app.decorate('metrics', metrics);

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!token) return sendError(reply, 404, 'NOT_FOUND', 'Not found');
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(given, token)) {
      reply.header('www-authenticate', 'Bearer');
      return sendError(reply, 401, 'UNAUTHENTICATED', 'A metrics token is required');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['context'] });
