import { ROOT_CONTEXT, context, type Tracer } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { domainEventSchemas, type DomainEventName } from '@maplesource/contracts';
import type { Db } from '../db/client';
import { queryPrepared } from '../db/prepared';
import type { Tx } from '../db/transaction';
import { runForRequest, takeRequestId } from './request-context';
import {
  ATTR_MESSAGING_BATCH_MESSAGE_COUNT,
  ATTR_MESSAGING_CONSUMER_GROUP_NAME,
  ATTR_MESSAGING_DESTINATION_NAME,
  ATTR_MESSAGING_MESSAGE_ID,
  ATTR_MESSAGING_OPERATION_TYPE,
  ATTR_MESSAGING_SYSTEM,
  ATTR_REQUEST_ID,
  inBackgroundSpan,
  traceContextIn,
  withoutTraceContext,
} from './tracing';

/** What a handler gets besides the payload: the event's id and time, and the transaction it runs in. */
export interface EventContext {
  eventId: string;
  occurredAt: Date;
  /** The handler's transaction; the handled-event mark commits or rolls back with the handler's writes. */
  tx: Tx;
  /**
   * Runs `effect` once the handler's work has committed (never when it rolls back). For effects outside the
   * database that are a fast path only, such as a live push: a crash right after the commit skips it.
   */
  afterCommit(effect: () => void): void;
}

/** One event of a batch handler's list. */
export interface BatchedEvent {
  payload: unknown;
  eventId: string;
  occurredAt: Date;
}
/** What a batch handler gets besides its events: the batch's transaction and after-commit effects. */
export type BatchContext = Pick<EventContext, 'tx' | 'afterCommit'>;

export interface Subscription {
  subscriber: string;
  name: DomainEventName;
  handler?: (payload: unknown, ctx: EventContext) => Promise<void>;
  /**
   * Handles every due delivery of this subscriber that one dispatcher batch claimed, in one call (and one
   * savepoint): one statement for many events on a hot path (decision 188). It fails or succeeds as a whole.
   */
  batchHandler?: (events: BatchedEvent[], ctx: BatchContext) => Promise<void>;
}

export interface DispatcherOptions {
  /** How often due deliveries are looked for besides the nudges (other processes' events, retries). */
  pollIntervalMs: number;
  /** First retry delay; doubled per failed attempt up to retryMaxMs, with ±20 % jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * Deliveries claimed and handled in one transaction (each handler in its own savepoint). 1 on PGlite, whose
   * single connection a long transaction would hold away from requests; more on PostgreSQL, where a burst of
   * events (a busy chat) then costs one claim and one commit per batch instead of per delivery.
   */
  batchSize: number;
  /**
   * How long after a nudge the dispatcher looks (0 on PGlite). On PostgreSQL a short wait lets the events of a
   * busy moment share one batch: its claim, handled marks, savepoints and commit are paid once for all of them
   * rather than every two or three events (decision 185).
   */
  nudgeDelayMs: number;
  /** Traces each delivery, its handler's statements as children (decision 319); unset when tracing is off. */
  tracer?: Tracer | undefined;
}

/** The span attributes of a delivery of `name` to `subscriber` (decision 319). */
const deliveryAttributes = (name: string, subscriber: string) => ({
  [ATTR_MESSAGING_SYSTEM]: 'maplesource.outbox',
  [ATTR_MESSAGING_OPERATION_TYPE]: 'process',
  [ATTR_MESSAGING_DESTINATION_NAME]: name,
  [ATTR_MESSAGING_CONSUMER_GROUP_NAME]: subscriber,
});

interface ClaimedDelivery {
  event_id: string;
  subscriber: string;
  attempts: number;
  name: string;
  payload: unknown;
  occurred_at: unknown;
}

const storedPayload = (row: ClaimedDelivery): unknown =>
  typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
/** The id of the request that emitted the event, kept in its stored payload (decision 303). */
/** The trace context of the work that emitted the event, kept in its stored payload (decision 349). */
const traceContextOf = (row: ClaimedDelivery) => {
  try {
    return traceContextIn(storedPayload(row));
  } catch {
    return undefined;
  }
};
const requestIdOf = (row: ClaimedDelivery) => {
  try {
    return takeRequestId(storedPayload(row)).requestId;
  } catch {
    return undefined;
  }
};

/** How long an emitted id is watched for its commit before the poll is left to find it. */
const NUDGE_WATCH_MS = 5_000;
/** Emitted ids watched at most at once. */
const MAX_WATCHED = 500;
/** Deliveries handled in one background cycle before the next cycle is scheduled (PGlite: let requests in). */
const CYCLE_BATCH = 50;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export function retryDelayMs(
  attempts: number,
  options: Pick<DispatcherOptions, 'retryBaseMs' | 'retryMaxMs'>,
) {
  const exponential = options.retryBaseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30);
  const capped = Math.min(exponential, options.retryMaxMs);
  return Math.max(1, Math.round(capped * (0.8 + Math.random() * 0.4)));
}

/**
 * Hands outbox events to this process's subscribers (decision 065). Each (event, subscriber) delivery is
 * claimed with FOR UPDATE SKIP LOCKED in its own transaction, so several processes share the work and
 * PGlite's single connection is released between deliveries. The handler runs in a savepoint together
 * with the handled-event mark; a failure rolls both back and records the attempt and the next due time.
 */
export class EventDispatcher {
  private readonly subscriptions = new Map<string, Subscription>();
  /** Ids emitted by this process whose transaction may not have committed yet, with when they were emitted. */
  private readonly watched = new Map<string, number>();
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private timerDueAt = Number.POSITIVE_INFINITY;
  /** When the next due time was last looked up (`backgroundCycle`). */
  private lastDueLookupAt = 0;
  /**
   * A failure of this process is waiting for its retry. Its timer (`recordFailure`) keeps only the earliest of the
   * retries' jittered due times, so the cycle that runs them looks the next due time up again until none is left:
   * otherwise a retry due a few milliseconds after the others waited for the poll.
   */
  private retryPending = false;
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: DispatcherOptions,
  ) {}

  add(subscription: Subscription) {
    if (this.started) throw new Error('Subscribe to events while the app registers, before it is ready');
    const key = `${subscription.subscriber}\u0000${subscription.name}`;
    if (this.subscriptions.has(key))
      throw new Error(`${subscription.subscriber} already subscribes to ${subscription.name}`);
    this.subscriptions.set(key, subscription);
  }

  /** True when this process runs at least one subscriber of the event. */
  handles(name: DomainEventName): boolean {
    for (const subscription of this.subscriptions.values()) if (subscription.name === name) return true;
    return false;
  }

  async start() {
    this.started = true;
    if (this.subscriptions.size === 0) return;
    const values = [...this.subscriptions.values()].map((s) => sql`(${s.subscriber}, ${s.name})`);
    await this.db.execute(
      sql`INSERT INTO event_subscriptions (subscriber, event_name) VALUES ${sql.join(values, sql`, `)}
          ON CONFLICT DO NOTHING`,
    );
    this.schedule(0); // whatever was left before a restart
  }

  /** Takes no new delivery from now on; the one in progress finishes (awaited by `stop`). */
  halt() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  async stop() {
    this.halt();
    await this.chain.catch(() => undefined);
  }

  /**
   * Called by emit: look again soon after the emitting transaction commits. An event known to be committed
   * already (an autocommit statement's) is not watched: the next cycle sees it (decision 200).
   */
  nudge(eventId: string, committed = false) {
    if (this.stopped) return;
    // A huge batch is left to the poll once enough ids are watched (one is enough to wake the cycle).
    if (!committed && this.watched.size < MAX_WATCHED) this.watched.set(eventId, Date.now());
    this.wake();
  }

  /** Events of this process's subscribers were committed: a cycle looks for them after the nudge delay. */
  wake() {
    if (this.stopped) return;
    this.schedule(this.options.nudgeDelayMs);
  }

  /** Resolves when no delivery to this process's subscribers is due (those waiting for a retry are not). */
  async drain(): Promise<void> {
    if (this.subscriptions.size === 0 || this.stopped) return;
    for (;;) {
      const handled = await this.exclusive(() => this.deliverDue(Number.POSITIVE_INFINITY));
      if (handled === 0 || this.stopped) return;
    }
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private schedule(delayMs: number) {
    if (this.stopped || !this.started || this.subscriptions.size === 0) return;
    const dueAt = Date.now() + delayMs;
    if (this.timer && this.timerDueAt <= dueAt) return;
    clearTimeout(this.timer);
    this.timerDueAt = dueAt;
    const cycle = () => {
      this.timer = undefined;
      this.timerDueAt = Number.POSITIVE_INFINITY;
      void this.exclusive(() => this.backgroundCycle());
    };
    // A timer keeps the async context it was set in: set by a request's emit, the cycle would run as part of that
    // request's trace. Traced, it runs in none; each delivery is a trace of its own (decision 319).
    this.timer = setTimeout(
      () => (this.options.tracer ? context.with(ROOT_CONTEXT, cycle) : cycle()),
      delayMs,
    );
    this.timer.unref();
  }

  private async backgroundCycle() {
    if (this.stopped) return;
    let next = this.options.pollIntervalMs;
    try {
      await this.settleWatched();
      const handled = await this.deliverDue(CYCLE_BATCH);
      if (handled === CYCLE_BATCH) next = 0;
      else {
        if (this.watched.size > 0) next = Math.min(next, 25);
        // The next due time (retries, deliveries another process holds) is looked up when the cycle found nothing,
        // and at most every quarter poll interval while nudges keep the cycles coming (a busy chat runs one every
        // ~20 ms: the lookup is a statement per cycle; decision 200), and on every cycle while one of this process's
        // failures waits for its retry (`retryPending`).
        const now = Date.now();
        if (
          handled === 0 ||
          this.retryPending ||
          now - this.lastDueLookupAt >= this.options.pollIntervalMs / 4
        ) {
          this.lastDueLookupAt = now;
          const dueInMs = await this.nextDueInMs();
          if (dueInMs === null) this.retryPending = false;
          // Due already but not claimed: another process holds it; look again a little later.
          if (dueInMs !== null) next = Math.min(next, dueInMs > 0 ? Math.max(dueInMs + 5, 25) : 250);
        }
      }
    } catch (error) {
      if (!this.stopped) this.log.error({ err: error }, 'event dispatcher cycle failed');
    }
    this.schedule(next);
  }

  /** Forgets watched ids that are now visible (committed) or too old (rolled back, or left to the poll). */
  private async settleWatched() {
    if (this.watched.size === 0) return;
    const now = Date.now();
    const ids = [...this.watched.keys()];
    // One array parameter, so the text is the same whatever the number of ids: a prepared statement (decision 228).
    const visible = await queryPrepared<{ id: string }>(
      this.db,
      sql`SELECT id FROM domain_events WHERE id = ANY(${sql.param(ids)}::uuid[])`,
    );
    for (const row of visible) this.watched.delete(String(row.id));
    for (const [id, emittedAt] of this.watched) if (now - emittedAt > NUDGE_WATCH_MS) this.watched.delete(id);
  }

  private async deliverDue(limit: number): Promise<number> {
    let handled = 0;
    while (handled < limit && !this.stopped) {
      const wanted = Math.min(this.options.batchSize, limit - handled);
      const delivered = await this.deliverBatch(wanted);
      handled += delivered;
      // A batch short of what it asked for found nothing more due: no empty claim (a transaction) after it.
      if (delivered < wanted) break;
      await yieldToRequests();
    }
    return handled;
  }

  /** Milliseconds until the next undelivered delivery of this process's subscribers is due (retries), if any. */
  private async nextDueInMs(): Promise<number | null> {
    const [row] = await queryPrepared<{ wait_ms: number | string | null }>(
      this.db,
      sql`
        SELECT extract(epoch FROM min(d.next_attempt_at) - clock_timestamp()) * 1000 AS wait_ms
        FROM event_deliveries d JOIN domain_events e ON e.id = d.event_id
        WHERE d.delivered_at IS NULL AND (d.subscriber, e.name) IN (${this.pairs()})`,
    );
    return row?.wait_ms === null || row?.wait_ms === undefined ? null : Number(row.wait_ms);
  }

  private pairs(): SQL {
    return sql.join(
      [...this.subscriptions.values()].map((s) => sql`(${s.subscriber}, ${s.name})`),
      sql`, `,
    );
  }

  /**
   * Claims up to `limit` due deliveries and handles them in one transaction: the handled marks are inserted
   * together, each handler runs in its own savepoint (a failure rolls back its writes, drops its handled mark
   * and records the attempt; the others commit). Returns how many were claimed.
   */
  private async deliverBatch(limit: number): Promise<number> {
    const effects: Array<() => void> = [];
    const claimed = await this.db.transaction(async (tx) => {
      // One round trip claims the due deliveries and inserts their handled marks (decision 200): `fresh` is false
      // for an event this subscriber handled before (a redelivery), whose mark was already there.
      // Its text is the same for every batch of this process (the subscriptions are fixed once started, the limit
      // is a parameter): a named prepared statement on the transaction's connection, parsed and planned once per
      // connection rather than per batch (decision 228).
      const rows = await queryPrepared<ClaimedDelivery & { fresh: boolean }>(
        tx,
        sql`
          WITH claimed AS MATERIALIZED (
            SELECT d.event_id, d.subscriber, d.attempts, e.name, e.payload, e.occurred_at, d.next_attempt_at
            FROM event_deliveries d JOIN domain_events e ON e.id = d.event_id
            WHERE d.delivered_at IS NULL AND d.next_attempt_at <= clock_timestamp()
              AND (d.subscriber, e.name) IN (${this.pairs()})
            ORDER BY d.next_attempt_at, e.occurred_at, d.event_id
            LIMIT ${limit}
            FOR UPDATE OF d SKIP LOCKED
          ), marked AS (
            INSERT INTO handled_events (subscriber, event_id)
            SELECT subscriber, event_id FROM claimed
            ON CONFLICT DO NOTHING RETURNING subscriber, event_id
          )
          SELECT c.event_id, c.subscriber, c.attempts, c.name, c.payload, c.occurred_at,
                 (m.event_id IS NOT NULL) AS fresh
          FROM claimed c LEFT JOIN marked m ON m.subscriber = c.subscriber AND m.event_id = c.event_id
          ORDER BY c.next_attempt_at, c.occurred_at, c.event_id`,
      );
      if (rows.length === 0) return 0;
      const key = (subscriber: string, eventId: string) => `${subscriber}\u0000${eventId}`;
      const fresh = new Set(
        rows.filter((row) => row.fresh).map((row) => key(String(row.subscriber), String(row.event_id))),
      );
      const delivered: ClaimedDelivery[] = [];
      const left: SQL[] = [];
      let savepoints = 0;
      /**
       * Runs `work` in its own savepoint, never released: a later handler's failure rolls back to its own
       * savepoint only, and COMMIT keeps the others. A release would cost a round trip per delivery.
       */
      const inSavepoint = async (work: (effects: Array<() => void>) => Promise<void>) => {
        const handlerEffects: Array<() => void> = [];
        const savepoint = sql.raw(`delivery_${(savepoints += 1)}`);
        await tx.execute(sql`SAVEPOINT ${savepoint}`);
        try {
          await work(handlerEffects);
          effects.push(...handlerEffects);
          return null;
        } catch (error) {
          await tx.execute(sql`ROLLBACK TO SAVEPOINT ${savepoint}`);
          return error;
        }
      };
      /** A batch handler's deliveries, by subscription, in the order their first one was claimed. */
      const batches = new Map<string, ClaimedDelivery[]>();
      for (const row of rows) {
        const eventId = String(row.event_id);
        // Handled before (a redelivery): nothing runs again, the delivery is only marked.
        if (!fresh.has(key(row.subscriber, eventId))) {
          delivered.push(row);
          continue;
        }
        // Closing: the handler in progress finishes, the batch's others wait for the next start.
        if (this.stopped) {
          left.push(sql`(${row.subscriber}, ${eventId}::uuid)`);
          continue;
        }
        const subscriptionKey = `${row.subscriber}\u0000${row.name}`;
        if (this.subscriptions.get(subscriptionKey)?.batchHandler) {
          const batch = batches.get(subscriptionKey);
          if (batch) batch.push(row);
          else batches.set(subscriptionKey, [row]);
          continue;
        }
        const error = await inSavepoint((handlerEffects) => this.handle(tx, row, handlerEffects));
        if (error === null) delivered.push(row);
        else await this.recordFailure(tx, row, error);
      }
      for (const [subscriptionKey, batch] of batches) {
        const subscription = this.subscriptions.get(subscriptionKey)!;
        // A payload that does not parse fails its own delivery only.
        const parsed: Array<{ row: ClaimedDelivery; event: BatchedEvent }> = [];
        for (const row of batch)
          try {
            parsed.push({ row, event: this.eventOf(row) });
          } catch (error) {
            await this.recordFailure(tx, row, error);
          }
        if (parsed.length === 0) continue;
        const error = await inSavepoint((handlerEffects) =>
          inBackgroundSpan(
            this.options.tracer,
            `process ${subscription.name}`,
            () => ({
              ...deliveryAttributes(subscription.name, subscription.subscriber),
              [ATTR_MESSAGING_BATCH_MESSAGE_COUNT]: parsed.length,
            }),
            () =>
              subscription.batchHandler!(
                parsed.map((entry) => entry.event),
                { tx, afterCommit: (effect) => handlerEffects.push(effect) },
              ),
            parsed.map((entry) => traceContextOf(entry.row)),
          ),
        );
        for (const { row } of parsed)
          if (error === null) delivered.push(row);
          else await this.recordFailure(tx, row, error);
      }
      // Two array parameters, so the text is the same for any number of deliveries: prepared (decision 228).
      if (delivered.length > 0)
        await queryPrepared(
          tx,
          sql`
          UPDATE event_deliveries d
          SET delivered_at = clock_timestamp(), attempts = d.attempts + 1, last_error = NULL
          FROM unnest(${sql.param(delivered.map((row) => String(row.event_id)))}::uuid[],
                      ${sql.param(delivered.map((row) => String(row.subscriber)))}::text[]) AS x(event_id, subscriber)
          WHERE d.event_id = x.event_id AND d.subscriber = x.subscriber`,
        );
      if (left.length > 0)
        await tx.execute(sql`
          DELETE FROM handled_events WHERE (subscriber, event_id) IN (${sql.join(left, sql`, `)})`);
      return rows.length;
    });
    for (const effect of effects)
      try {
        effect();
      } catch (error) {
        this.log.warn({ err: error }, 'event subscriber after-commit effect failed');
      }
    return claimed;
  }

  /** Runs one subscriber's handler in the batch's transaction (inside the savepoint the caller set). */
  private async handle(tx: Tx, row: ClaimedDelivery, effects: Array<() => void>) {
    const subscription = this.subscriptions.get(`${row.subscriber}\u0000${row.name}`)!;
    const { payload, eventId, occurredAt } = this.eventOf(row);
    const reqId = requestIdOf(row);
    const attributes = () => ({
      ...deliveryAttributes(row.name, row.subscriber),
      [ATTR_MESSAGING_MESSAGE_ID]: eventId,
      ...(reqId ? { [ATTR_REQUEST_ID]: reqId } : {}),
    });
    // The handler runs as caused by the event's request: its logs, events and jobs carry that id (decision 303).
    await inBackgroundSpan(
      this.options.tracer,
      `process ${row.name}`,
      attributes,
      () =>
        runForRequest(reqId, () =>
          subscription.handler!(payload, {
            eventId,
            occurredAt,
            tx,
            afterCommit: (effect) => effects.push(effect),
          }),
        ),
      [traceContextOf(row)],
    );
    this.log.debug({ reqId, event: row.name, eventId, subscriber: row.subscriber }, 'event handled');
  }

  /** A claimed delivery's event, its payload parsed with the event's schema (throws when it does not parse). */
  private eventOf(row: ClaimedDelivery): BatchedEvent {
    const schema = domainEventSchemas[row.name as DomainEventName];
    return {
      payload: schema.parse(withoutTraceContext(takeRequestId(storedPayload(row)).rest)),
      eventId: String(row.event_id),
      occurredAt: new Date(row.occurred_at as string | Date),
    };
  }

  /** A failed handler: its handled mark goes, the attempt is recorded and the retry scheduled. */
  private async recordFailure(tx: Tx, row: ClaimedDelivery, error: unknown) {
    const eventId = String(row.event_id);
    const attempts = Number(row.attempts) + 1;
    const delay = retryDelayMs(attempts, this.options);
    const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(
      0,
      2000,
    );
    this.log.warn(
      {
        err: error,
        reqId: requestIdOf(row),
        event: row.name,
        eventId,
        subscriber: row.subscriber,
        attempts,
        retryInMs: delay,
      },
      'event subscriber failed; will retry',
    );
    await tx.execute(sql`
      DELETE FROM handled_events WHERE subscriber = ${row.subscriber} AND event_id = ${eventId}::uuid`);
    await tx.execute(sql`
      UPDATE event_deliveries
      SET attempts = ${attempts}, last_error = ${message},
          next_attempt_at = clock_timestamp() + ${delay}::integer * interval '1 millisecond'
      WHERE event_id = ${eventId}::uuid AND subscriber = ${row.subscriber}`);
    this.retryPending = true;
    this.schedule(delay + 5); // this process retries it when due; each cycle also looks for the next due time
  }
}
