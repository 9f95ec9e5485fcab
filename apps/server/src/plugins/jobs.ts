import { createHash } from 'node:crypto';
import { trace, type TracerProvider } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type SQL } from 'drizzle-orm';
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  systemClock,
  type Clock,
  type ConstructorOptions,
  type Job,
  type SendOptions,
} from 'pg-boss';
import type { ZodType } from 'zod';
import type { DatabaseConnection } from '../db/client';
import { rowsOf, type Tx } from '../db/transaction';
import { runForRequest, takeRequestId, withRequestId } from './request-context';
import { ATTR_REQUEST_ID } from './tracing';

/** What a handler learns about the job it runs, besides its data. */
export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first attempt, 1 on the first retry, … */
  retryCount: number;
  /** Aborted when the job expires or the app stops; long handlers should pass it on. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface RegisterJobOptions<T> {
  /** Checks each job's data before the handler runs; a job whose data fails is failed, not retried. */
  schema?: ZodType<T>;
  /** Retries after the first failure (default 5). */
  retryLimit?: number;
  /** First retry delay in seconds, doubling with jitter up to `retryDelayMaxSeconds` (default 5 s, max 10 min). */
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /** How long one attempt may run before it counts as failed (default 15 min). */
  expireInSeconds?: number;
  /** Jobs this process runs at once for this name (default 1). */
  concurrency?: number;
}

export interface SendJobOptions {
  /** Not before this moment (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /**
   * At most one job per name and key: a second send with a key whose job is still kept (queued,
   * running, or finished within the 7-day retention) is dropped and answers null. For work that must
   * be queued once per thing, e.g. `invoice.expire` per invoice id.
   */
  singletonKey?: string;
  /** Overrides the name's retry limit for this job. */
  retryLimit?: number;
  /**
   * Queues the job inside the caller's transaction: it exists only if that transaction commits.
   * Always pass it when sending from inside a transaction (on PGlite, the single connection is held
   * by the transaction, so a send outside it would wait for it forever).
   */
  tx?: Tx;
}

export interface Jobs {
  /** Declares the handler of a job name. Only before the app is ready (a module's plugin does it). */
  register<T extends object>(name: string, handler: JobHandler<T>, options?: RegisterJobOptions<T>): void;
  /** Queues a job; answers its id, or null when a singletonKey made it a duplicate. */
  send<T extends object>(name: string, data: T, options?: SendJobOptions): Promise<string | null>;
  /** Recurring work: a job of `name` (registered here) every time the cron expression (UTC) comes due. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Each registered queue's jobs by state (metrics); empty before the queue started or after it stopped. */
  queueStats(): Promise<QueueStats[]>;
}

export interface QueueStats {
  name: string;
  /** Due now. */
  ready: number;
  /** Queued for later (`startAfter`, a retry's delay). */
  deferred: number;
  /** Running. */
  active: number;
  /** Failed for good, still retained (pg-boss's retention). */
  failed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export interface JobsOptions {
  /** How often an idle worker looks for due jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /**
   * Traces the queue with pg-boss's own instrumentation (decision 319): a span per send, per run (its handler's
   * statements as children, in the trace of the request that queued it) and per completion. Unset when tracing is
   * off, and pg-boss's instrumentation is then switched off too.
   */
  tracerProvider?: TracerProvider | undefined;
}

interface Registration {
  handler: JobHandler<object>;
  options: RegisterJobOptions<object>;
}

const jobNamePattern = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

/** A UUID derived from the job name and key: the job table's primary key then keeps the job unique. */
export function singletonJobId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** pg-boss's drizzle adapter over our transaction handle (both drivers answer `{ rows }`). */
const inTransaction = (tx: Tx) =>
  fromDrizzle(
    {
      execute: async (query: unknown) => ({
        rows: rowsOf<Record<string, unknown>>(await tx.execute(query as SQL)),
      }),
    },
    sql,
  );

/**
 * The queue's clock: wall time read from the monotonic clock. pg-boss times each worker's poll as "now after the
 * fetch minus now before it" and sleeps the rest of the interval; with `Date.now()`, a wall clock stepped back
 * during a fetch (an NTP correction, a resumed VM, a test that sets the date) made that worker sleep for the whole
 * step, hours, with its jobs waiting.
 */
export const monotonicClock: Clock = {
  ...systemClock,
  now: () => performance.timeOrigin + performance.now(),
};

/**
 * pg-boss's OpenTelemetry options (decision 319). Off without a provider: its instrumentation would otherwise make
 * (no-op) spans on every send and run. On, a run continues the trace that was active when its job was sent (the
 * context is stored on the job row), so a request's trace shows the jobs it queued.
 */
function queueTelemetry(tracerProvider: TracerProvider | undefined): ConstructorOptions['openTelemetry'] {
  return tracerProvider ? { enabled: true, tracerProvider, propagateContext: true } : { enabled: false };
}

function createBoss(
  connection: DatabaseConnection,
  extra: ConstructorOptions = {},
  tracerProvider?: TracerProvider,
): PgBoss {
  const common = {
    schema: 'pgboss',
    migrate: true,
    persistWarnings: false,
    clock: monotonicClock,
    openTelemetry: queueTelemetry(tracerProvider),
    ...extra,
  } as const;
  if (connection.driver === 'pglite')
    return new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' });
  return new PgBoss({
    ...common,
    connectionString: connection.url,
    max: 4,
    application_name: 'maplesource-jobs',
  });
}

/**
 * Installs (or migrates) the queue's `pgboss` schema without starting workers. The test setup runs it
 * on its template database, so each test database starts with the schema in place.
 */
export async function installJobQueueSchema(connection: DatabaseConnection): Promise<void> {
  const boss = createBoss(connection, { supervise: false, schedule: false, registerInstance: false });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

/**
 * The durable job queue (decision 070): pg-boss on the app's own database, PGlite or PostgreSQL.
 * Jobs are rows, so they survive restarts; a job is claimed with `FOR UPDATE SKIP LOCKED`, so with
 * several server processes each job runs once; a failing job is retried with exponential backoff.
 * Modules `register` handlers before ready; the queue starts when the app is ready and stops
 * (waiting briefly for running handlers) when it closes.
 */
async function jobsPlugin(app: FastifyInstance, options: JobsOptions) {
  const pollingIntervalSeconds = Math.max(0.5, options.pollingIntervalSeconds ?? 2);
  const registrations = new Map<string, Registration>();
  const schedules: { name: string; cron: string; data: object }[] = [];
  let boss: PgBoss | undefined;
  /** Set when the app gets ready; resolves once every queue exists, so sends may go. */
  let started: Promise<PgBoss> | undefined;
  let stopping = false;

  const ensureRegistered = (name: string) => {
    if (!registrations.has(name)) throw new Error(`job "${name}" has no registered handler`);
  };

  /**
   * One attempt of a job, as caused by the request that queued it (decision 303): its data carries that request's
   * id, which the handler's logs, events and jobs carry on.
   */
  async function runJob(name: string, registration: Registration, job: Job<object>) {
    const { requestId: reqId, rest } = takeRequestId(job.data);
    // pg-boss's span of this run (decision 319) names the request that caused it, as the run's log lines do.
    if (reqId && options.tracerProvider) trace.getActiveSpan()?.setAttribute(ATTR_REQUEST_ID, reqId);
    const { schema } = registration.options;
    let data = rest as object;
    if (schema) {
      const parsed = schema.safeParse(rest);
      if (!parsed.success) {
        app.log.error(
          { job: name, id: job.id, reqId, issues: parsed.error.issues },
          'job data refused by its schema',
        );
        return; // completing it: retrying cannot make bad data good
      }
      data = parsed.data;
    }
    app.log.debug({ job: name, id: job.id, reqId, retryCount: job.retryCount }, 'job started');
    try {
      await runForRequest(reqId, () =>
        registration.handler(data, { id: job.id, name, retryCount: job.retryCount, signal: job.signal }),
      );
    } catch (error) {
      app.metrics.jobFailures.inc({ queue: name });
      app.log.warn(
        { err: error, job: name, id: job.id, reqId, retryCount: job.retryCount },
        'job attempt failed',
      );
      throw error;
    }
  }

  /** What a registration asks of its queue, in pg-boss's terms. */
  function queueOptionsOf(registration: Registration) {
    const {
      retryLimit = 5,
      retryDelaySeconds = 5,
      retryDelayMaxSeconds = 600,
      expireInSeconds = 900,
    } = registration.options;
    return {
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: retryDelayMaxSeconds,
      expireInSeconds,
    };
  }

  /**
   * Starts pg-boss and makes sure every registered queue exists with its options: one read for all of them,
   * then a write only for a queue that is new or whose options changed (start-up on a busy machine).
   */
  async function openQueues(): Promise<PgBoss> {
    const instance = createBoss(app.database.connection, {}, options.tracerProvider);
    instance.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    await instance.start();
    boss = instance;
    const existing = new Map(
      (await instance.getQueues([...registrations.keys()])).map((queue) => [queue.name, queue]),
    );
    for (const [name, registration] of registrations) {
      const wanted = queueOptionsOf(registration);
      const current = existing.get(name);
      if (!current) await instance.createQueue(name, wanted).catch(() => instance.updateQueue(name, wanted));
      else if (Object.entries(wanted).some(([key, value]) => current[key as keyof typeof current] !== value))
        await instance.updateQueue(name, wanted);
    }
    return instance;
  }

  /**
   * Workers start last, once every queue exists: a handler that queues a job (inside its transaction) must not
   * wait for a start still in progress, which on PGlite waits for that transaction's hold on the one
   * connection: a restart with a due job hung for good (decision 224).
   */
  async function startWorkers(instance: PgBoss) {
    for (const { name, cron, data } of schedules) await instance.schedule(name, cron, data, { tz: 'UTC' });
    for (const [name, registration] of registrations)
      await instance.work<object>(
        name,
        { pollingIntervalSeconds, batchSize: 1, localConcurrency: registration.options.concurrency ?? 1 },
        async (jobs) => {
          for (const job of jobs) await runJob(name, registration, job);
        },
      );
  }

  const queue = async (): Promise<PgBoss> => {
    if (stopping) throw new Error('the job queue is stopped');
    if (!started) throw new Error('the job queue starts when the app is ready');
    return started;
  };

  const jobs: Jobs = {
    register(name, handler, registerOptions = {}) {
      if (started) throw new Error(`job "${name}" registered after the queue started`);
      if (!jobNamePattern.test(name)) throw new Error(`invalid job name "${name}"`);
      if (registrations.has(name)) throw new Error(`job "${name}" is already registered`);
      registrations.set(name, {
        handler: handler as JobHandler<object>,
        options: registerOptions as RegisterJobOptions<object>,
      });
    },
    async send(name, data, sendOptions = {}) {
      ensureRegistered(name);
      const instance = await queue();
      const options: SendOptions = {};
      if (sendOptions.startAfter !== undefined) options.startAfter = sendOptions.startAfter;
      if (sendOptions.singletonKey !== undefined) {
        options.id = singletonJobId(name, sendOptions.singletonKey);
        options.singletonKey = sendOptions.singletonKey;
      }
      if (sendOptions.retryLimit !== undefined) options.retryLimit = sendOptions.retryLimit;
      if (sendOptions.tx) options.db = inTransaction(sendOptions.tx);
      return instance.send(name, withRequestId(data), options);
    },
    async schedule(name, cron, data = {}) {
      ensureRegistered(name);
      if (!started) {
        schedules.push({ name, cron, data });
        return;
      }
      await (await queue()).schedule(name, cron, data, { tz: 'UTC' });
    },
    async queueStats() {
      if (!boss || stopping) return [];
      // Counted now: pg-boss's own queue counts (`getQueues`) are refreshed once a minute.
      const rows = rowsOf<{ name: string; ready: number; deferred: number; active: number; failed: number }>(
        await app.db.execute(sql`
          SELECT name,
            count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS ready,
            count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after > now())::int AS deferred,
            count(*) FILTER (WHERE state = 'active')::int AS active,
            count(*) FILTER (WHERE state = 'failed')::int AS failed
          FROM pgboss.job
          WHERE name = ANY(${sql.param([...registrations.keys()])}::text[])
            AND state IN ('created', 'retry', 'active', 'failed')
          GROUP BY name`),
      );
      const byName = new Map(rows.map((row) => [row.name, row]));
      return [...registrations.keys()].map((name) => {
        const row = byName.get(name);
        return {
          name,
          ready: row?.ready ?? 0,
          deferred: row?.deferred ?? 0,
          active: row?.active ?? 0,
          failed: row?.failed ?? 0,
        };
      });
    },
  };

  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    const begun = performance.now();
    started = openQueues();
    await startWorkers(await started);
    app.log.info(
      { ms: Math.round(performance.now() - begun), queues: registrations.size },
      'job queue started',
    );
  });
  app.addHook('onClose', async () => {
    stopping = true;
    if (!boss) return;
    await boss.stop({ graceful: true, close: true, timeout: 10_000 });
  });
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['context', 'metrics', 'request-context'] });
