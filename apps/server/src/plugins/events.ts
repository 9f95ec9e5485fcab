import { randomUUID } from 'node:crypto';
import type { Tracer } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type SQL } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { domainEventSchemas, type DomainEventName, type DomainEventPayload } from '@maplesource/contracts';
import type { Db } from '../db/client';
import { rowsOf, type Tx } from '../db/transaction';
import {
  EventDispatcher,
  type BatchContext,
  type BatchedEvent as DispatchedEvent,
  type EventContext,
} from './event-dispatcher';
import { withRequestId } from './request-context';
import { withTraceContext } from './tracing';

export type { BatchContext, EventContext } from './event-dispatcher';

/** One event of a batch handler's list (`subscribeBatch`). */
export interface BatchedEvent<N extends DomainEventName> {
  payload: DomainEventPayload<N>;
  eventId: string;
  occurredAt: Date;
}

export type EventHandler<N extends DomainEventName> = (
  payload: DomainEventPayload<N>,
  ctx: EventContext,
) => Promise<void>;

/**
 * Tells the dispatcher that an outbox statement succeeded. `committed: true` when that statement ran on its own
 * (autocommit), so its events are visible already: the dispatcher then does not watch for their commit (decision
 * 200). Inside a transaction that has not committed yet, leave it out.
 */
export type Written = (options?: { committed?: boolean }) => void;

/** Domain events with an outbox (ARCHITECTURE rule 5, decision 065). */
export interface DomainEvents {
  /**
   * Validates the payload and writes the event into the outbox inside the caller's transaction, with one
   * delivery per registered subscriber; nothing is delivered unless that transaction commits. Returns its id.
   */
  emit<N extends DomainEventName>(name: N, payload: DomainEventPayload<N>, tx: Tx): Promise<string>;
  /**
   * The outbox write as common-table expressions, for a use case that stores its change and its event in one
   * statement (no transaction round trips on a hot path, decision 115): one event per row of `from`, whose
   * payload is `known` (checked against the event's schema now) merged with `computed` (SQL expressions over
   * `from`, e.g. a sequence number the same statement assigns). Put `cte` in the statement's WITH list and call
   * `written()` once the statement has succeeded. The dispatcher parses the stored payload again at delivery.
   */
  outboxCte<N extends DomainEventName>(
    name: N,
    rows: {
      from: SQL;
      known: Partial<DomainEventPayload<N>>;
      computed: Partial<Record<keyof DomainEventPayload<N> & string, SQL>>;
    },
  ): { cte: SQL; written: Written };
  /**
   * Several whole events (names may differ) as common-table expressions `outbox_event` / `outbox_deliveries`,
   * for a use case that stores its change and its events in one statement: each payload is checked against its
   * event's schema now. Put `cte` in the statement's WITH list and call `written()` once it has succeeded.
   */
  outboxRows(list: Array<OutboxRow<DomainEventName>>): { cte: SQL; written: Written };
  /**
   * Several events (names may differ) as the common-table expressions `outbox_event` / `outbox_deliveries`, each
   * written only when its `from` yields a row (at most one: the event's id is fixed), its payload `known` (checked
   * against the event's schema now) merged with `computed` (SQL over `from` or scalar subqueries of the statement).
   * For a statement that makes a change in several modules and announces it (decision 181): an event whose
   * `from` is empty (the change did not happen) is not written. Call `written()` once the statement succeeded.
   */
  outboxFrom(parts: Array<OutboxPart<DomainEventName>>): { cte: SQL; written: Written };
  /**
   * `outboxFrom` for a statement template, built once and run many times (decision 234): each event's id is made
   * by the statement (`gen_random_uuid()`), so nothing in it is fixed per run; `known` must then hold only what is
   * the same for every run (a run's own values go in `computed`, as slots). The statement must run on its own
   * (committed when it returns): call `written()` after it succeeded.
   */
  outboxTemplate(parts: Array<OutboxPart<DomainEventName>>): { cte: SQL; written: () => void };
  /**
   * Registers a handler while the app registers (before `ready`). `subscriber` is a stable name such as
   * 'catalog.ratings': handled event ids are recorded under it, so renaming it redelivers nothing but
   * makes the old name's pending deliveries orphans. The handler runs after commit, at least once, in a
   * transaction with the handled mark: it must do its work through `ctx.tx`.
   */
  subscribe<N extends DomainEventName>(subscriber: string, name: N, handler: EventHandler<N>): void;
  /**
   * Like `subscribe`, for a hot path: the handler gets every due event of this subscriber that one dispatcher
   * batch claimed (on PostgreSQL up to the batch size; one at a time on PGlite) and does their work together
   * through `ctx.tx`, e.g. one multi-row insert. The events succeed or fail (and are retried) together, so the
   * handler must be idempotent per event, as any handler (decision 188).
   */
  subscribeBatch<N extends DomainEventName>(
    subscriber: string,
    name: N,
    handler: (events: Array<BatchedEvent<N>>, ctx: BatchContext) => Promise<void>,
  ): void;
  /** Resolves when no delivery to this process's subscribers is due (for tests and shutdown). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: DomainEvents;
  }
}

/** One event for `outboxFrom`: written once per row of `from` (one at most). */
export type OutboxPart<N extends DomainEventName> = {
  [K in N]: {
    name: K;
    from: SQL;
    known: Partial<DomainEventPayload<K>>;
    computed: Partial<Record<keyof DomainEventPayload<K> & string, SQL>>;
  };
}[N];

/** One event for `outboxRows`. */
export type OutboxRow<N extends DomainEventName> = {
  [K in N]: { name: K; payload: DomainEventPayload<K> };
}[N];

export interface EventsPluginOptions {
  pollIntervalMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Deliveries per transaction (default: 1 on PGlite, 50 on PostgreSQL). */
  batchSize?: number;
  /** How long after an emit the dispatcher looks (default: 0 on PGlite, 20 ms on PostgreSQL; decision 185). */
  nudgeDelayMs?: number;
  /** Traces each delivery (decision 319); unset when tracing is off. */
  tracer?: Tracer | undefined;
}

const subscriberName = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/;

function checkSubscription(subscriber: string, name: DomainEventName) {
  if (!subscriberName.test(subscriber) || subscriber.length > 100)
    throw new Error(`Subscriber names are like 'catalog.ratings', not ${JSON.stringify(subscriber)}`);
  if (!(name in domainEventSchemas)) throw new Error(`Unknown domain event ${String(name)}`);
}

async function eventsPlugin(app: FastifyInstance, options: EventsPluginOptions) {
  const dispatcher = new EventDispatcher(app.db, app.log.child({ plugin: 'events' }), {
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
    retryBaseMs: options.retryBaseMs ?? 1_000,
    retryMaxMs: options.retryMaxMs ?? 3_600_000,
    batchSize: options.batchSize ?? (app.database.driver === 'pglite' ? 1 : 50),
    nudgeDelayMs: options.nudgeDelayMs ?? (app.database.driver === 'pglite' ? 0 : 20),
    tracer: options.tracer,
  });

  /** A stored payload: the event's fields, the request that caused it and, when tracing, its trace (decision 349). */
  const stamped = <T extends object>(payload: T): T =>
    withRequestId(options.tracer ? withTraceContext(payload) : payload);

  /** Building a partial schema costs more than a chat send's whole statement: one per event name. */
  const partialSchemas = new Map<DomainEventName, ZodType>();
  /** Each part's `INSERT … SELECT` row of the outbox, its payload `known` (checked now) merged with `computed`. */
  function outboxEvents<Id extends string | SQL>(
    parts: Array<OutboxPart<DomainEventName>>,
    idOf: () => Id,
    { carryRequestId }: { carryRequestId: boolean },
  ) {
    if (parts.length === 0) throw new Error('outboxFrom needs at least one event');
    return parts.map(({ name, from, known, computed }) => {
      const schema = domainEventSchemas[name];
      if (!schema) throw new Error(`Unknown domain event ${String(name)}`);
      let partial = partialSchemas.get(name);
      if (!partial) partialSchemas.set(name, (partial = schema.partial()));
      const checked = partial.safeParse(known);
      if (!checked.success) throw new Error(`Invalid payload for ${name}: ${checked.error.message}`);
      const fields = Object.entries(computed as Record<string, SQL>).map(
        ([key, value]) => sql`${key}::text, ${value}`,
      );
      const id = idOf();
      const select = sql`SELECT ${id}::uuid, ${name}::text,
          ${JSON.stringify(carryRequestId ? stamped(checked.data as object) : checked.data)}::jsonb || jsonb_build_object(${sql.join(fields, sql`, `)})
        FROM ${from}`;
      return { id, name, select };
    });
  }
  const outboxCteOf = (events: Array<{ select: SQL }>) => sql`outbox_event AS (
      INSERT INTO domain_events (id, name, payload)
      ${sql.join(
        events.map((event) => event.select),
        sql` UNION ALL `,
      )}
      RETURNING id, name
    ), outbox_deliveries AS (
      INSERT INTO event_deliveries (event_id, subscriber)
      SELECT outbox_event.id, s.subscriber FROM outbox_event JOIN event_subscriptions s ON s.event_name = outbox_event.name
    )`;

  const events: DomainEvents = {
    async emit(name, payload, tx) {
      const schema = domainEventSchemas[name];
      if (!schema) throw new Error(`Unknown domain event ${String(name)}`);
      const parsed = schema.safeParse(payload);
      if (!parsed.success) throw new Error(`Invalid payload for ${name}: ${parsed.error.message}`);
      const id = randomUUID();
      // One round trip: the event and its deliveries (on a hot path such as a chat send, each one counts).
      await tx.execute(sql`
        WITH event AS (
          INSERT INTO domain_events (id, name, payload)
          VALUES (${id}::uuid, ${name}, ${JSON.stringify(stamped(parsed.data))}::jsonb)
          RETURNING id
        )
        INSERT INTO event_deliveries (event_id, subscriber)
        SELECT event.id, s.subscriber FROM event, event_subscriptions s WHERE s.event_name = ${name}`);
      if (dispatcher.handles(name)) dispatcher.nudge(id);
      return id;
    },
    outboxCte(name, { from, known, computed }) {
      return events.outboxFrom([{ name, from, known, computed } as OutboxPart<DomainEventName>]);
    },
    outboxFrom(parts) {
      const events = outboxEvents(parts, () => randomUUID(), { carryRequestId: true });
      return {
        cte: outboxCteOf(events),
        written: (options) => {
          for (const event of events)
            if (dispatcher.handles(event.name)) dispatcher.nudge(event.id, options?.committed ?? false);
        },
      };
    },
    outboxTemplate(parts) {
      // Built once, run for many requests: no request id is baked into it.
      const events = outboxEvents(parts, () => sql`gen_random_uuid()`, { carryRequestId: false });
      return {
        cte: outboxCteOf(events),
        // Asked at each run, not when the template is built: subscribers may register after it (before `ready`).
        written: () => {
          if (events.some((event) => dispatcher.handles(event.name))) dispatcher.wake();
        },
      };
    },
    outboxRows(list) {
      if (list.length === 0) throw new Error('outboxRows needs at least one event');
      const written = list.map(({ name, payload }) => {
        const schema = domainEventSchemas[name];
        if (!schema) throw new Error(`Unknown domain event ${String(name)}`);
        const parsed = schema.safeParse(payload);
        if (!parsed.success) throw new Error(`Invalid payload for ${name}: ${parsed.error.message}`);
        return { id: randomUUID(), name, payload: stamped(parsed.data) };
      });
      const values = written.map(
        (event) => sql`(${event.id}::uuid, ${event.name}, ${JSON.stringify(event.payload)}::jsonb)`,
      );
      const cte = sql`outbox_event AS (
          INSERT INTO domain_events (id, name, payload) VALUES ${sql.join(values, sql`, `)}
          RETURNING id, name
        ), outbox_deliveries AS (
          INSERT INTO event_deliveries (event_id, subscriber)
          SELECT outbox_event.id, s.subscriber FROM outbox_event JOIN event_subscriptions s ON s.event_name = outbox_event.name
        )`;
      return {
        cte,
        written: (options) => {
          for (const event of written)
            if (dispatcher.handles(event.name)) dispatcher.nudge(event.id, options?.committed ?? false);
        },
      };
    },
    subscribe(subscriber, name, handler) {
      checkSubscription(subscriber, name);
      dispatcher.add({
        subscriber,
        name,
        handler: handler as (payload: unknown, ctx: EventContext) => Promise<void>,
      });
    },
    subscribeBatch(subscriber, name, handler) {
      checkSubscription(subscriber, name);
      dispatcher.add({
        subscriber,
        name,
        batchHandler: handler as (events: DispatchedEvent[], ctx: BatchContext) => Promise<void>,
      });
    },
    drain: () => dispatcher.drain(),
  };

  app.decorate('events', events);
  app.addHook('onReady', async () => {
    const begun = performance.now();
    await dispatcher.start();
    app.log.info({ ms: Math.round(performance.now() - begun) }, 'event dispatcher started');
  });
  // Take no new delivery once closing starts (before the other plugins' close hooks run), then finish the one in
  // progress; what is left waits in the outbox for the next start.
  app.addHook('preClose', async () => dispatcher.halt());
  app.addHook('onClose', () => dispatcher.stop());
}

/**
 * Deletes events older than `olderThanDays` whose every delivery is done, with their delivery and handled
 * rows (nothing is left to redeliver them). For the clean-up job; returns how many events went.
 */
export async function purgeDeliveredEvents(db: Db, olderThanDays = 7): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = rowsOf<{ id: string }>(
      await tx.execute(sql`
        DELETE FROM domain_events e
        WHERE e.occurred_at < now() - ${olderThanDays}::integer * interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM event_deliveries d WHERE d.event_id = e.id AND d.delivered_at IS NULL)
        RETURNING e.id`),
    );
    if (gone.length > 0)
      await tx.execute(sql`
        DELETE FROM handled_events h
        WHERE NOT EXISTS (SELECT 1 FROM domain_events e WHERE e.id = h.event_id)
          AND h.handled_at < now() - ${olderThanDays}::integer * interval '1 day'`);
    return gone.length;
  });
}

export default fp(eventsPlugin, { name: 'events', dependencies: ['context'] });
