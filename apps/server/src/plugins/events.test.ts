import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DomainEventPayload } from '@maplesource/contracts';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/helpers';
import { waitFor } from '../../test/wait-for';
import { queryTemplate, statementTemplate, type StatementTemplate } from '../db/prepared';
import { rowsOf, withTransaction, type Tx } from '../db/transaction';
import { purgeDeliveredEvents, type EventContext } from './events';

/**
 * The outbox and its dispatcher (decision 065) on the database this run tests. Handlers write into a
 * scratch table through ctx.tx, so a test can see which handler work committed.
 */
type Payload = DomainEventPayload<'review.changed'>;
interface Call {
  subscriber: string;
  payload: Payload;
  eventId: string;
}

let database: TestDatabase;
let t: TestApp;
let second: TestApp;
const calls: Call[] = [];
/** itemId → how many more times the flaky subscriber fails for it. */
const failuresLeft = new Map<number, number>();
/** itemIds whose deliveries each take a few ms (a handler doing real work), so a backlog of them lasts. */
const slowItems = new Set<number>();
/** Effects registered with ctx.afterCommit that ran (only those of handlers whose work committed). */
const committedEffects: Array<{ subscriber: string; itemId: number }> = [];
let nextItemId = 1;

function record(subscriber: string) {
  return async (payload: Payload, ctx: EventContext) => {
    calls.push({ subscriber, payload, eventId: ctx.eventId });
    if (slowItems.has(payload.itemId)) await new Promise((resolve) => setTimeout(resolve, 5));
    ctx.afterCommit(() => committedEffects.push({ subscriber, itemId: payload.itemId }));
    await ctx.tx.execute(
      sql`INSERT INTO test_event_effects (subscriber, event_id, item_id) VALUES (${subscriber}, ${ctx.eventId}::uuid, ${payload.itemId})`,
    );
    const left = subscriber === 'test.flaky' ? (failuresLeft.get(payload.itemId) ?? 0) : 0;
    if (left > 0) {
      failuresLeft.set(payload.itemId, left - 1);
      throw new Error(`flaky failure, ${left - 1} left`);
    }
  };
}

const env = { EVENTS_POLL_MS: '60000', EVENTS_RETRY_BASE_MS: '20' };

beforeAll(async () => {
  database = await createTestDatabase();
  await database.exec(`CREATE TABLE test_event_effects (
    subscriber text NOT NULL, event_id uuid NOT NULL, item_id integer NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`);
  t = await createTestApp({
    database,
    env,
    beforeReady: (app) => {
      app.events.subscribe('test.steady', 'review.changed', record('test.steady'));
      app.events.subscribe('test.flaky', 'review.changed', record('test.flaky'));
    },
  });
  // A second server process on the same database, running the same subscribers.
  second = await createTestApp({
    database,
    env,
    beforeReady: (app) => {
      app.events.subscribe('test.steady', 'review.changed', record('test.steady'));
      app.events.subscribe('test.flaky', 'review.changed', record('test.flaky'));
    },
  });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await database?.destroy();
});

function payload(itemId = nextItemId++): Payload {
  return { itemKind: 'product', itemId, reviewId: String(itemId), change: 'created' };
}

const emitCommitted = (p: Payload) =>
  withTransaction(t.app.db, (tx: Tx) => t.app.events.emit('review.changed', p, tx));

async function rows<T>(query: ReturnType<typeof sql>) {
  return rowsOf<T>(await t.app.db.execute(query));
}

const callsFor = (itemId: number, subscriber?: string) =>
  calls.filter((c) => c.payload.itemId === itemId && (!subscriber || c.subscriber === subscriber));

interface DeliveryRow {
  subscriber: string;
  attempts: number;
  delivered_at: Date | null;
  last_error: string | null;
}
const deliveries = (eventId: string) =>
  rows<DeliveryRow>(
    // Only this test's subscribers: the app's modules subscribe to review.changed too (catalog.ratings).
    sql`SELECT subscriber, attempts, delivered_at, last_error FROM event_deliveries
        WHERE event_id = ${eventId}::uuid AND subscriber LIKE 'test.%' ORDER BY subscriber`,
  );
const effects = (itemId: number) =>
  rows<{ subscriber: string }>(
    sql`SELECT subscriber FROM test_event_effects WHERE item_id = ${itemId} ORDER BY subscriber`,
  );

describe('domain events: emit and deliver', () => {
  it('delivers a committed event once to each subscriber right after commit, without waiting for the poll', async () => {
    const p = payload();
    const eventId = await emitCommitted(p);
    // The poll interval is one minute here: only the after-commit nudge can deliver this soon.
    await waitFor('both subscribers', () => callsFor(p.itemId).length >= 2, { timeoutMs: 20_000 });
    await t.app.events.drain();
    await second.app.events.drain();
    expect(
      callsFor(p.itemId)
        .map((c) => c.subscriber)
        .sort(),
    ).toEqual(['test.flaky', 'test.steady']);
    expect(callsFor(p.itemId).every((c) => c.eventId === eventId)).toBe(true);
    expect(callsFor(p.itemId)[0]!.payload).toEqual(p);
    const state = await deliveries(eventId);
    expect(state.map((d) => [d.subscriber, Number(d.attempts), d.delivered_at !== null])).toEqual([
      ['test.flaky', 1, true],
      ['test.steady', 1, true],
    ]);
    expect((await effects(p.itemId)).map((r) => r.subscriber)).toEqual(['test.flaky', 'test.steady']);
  });

  it('retries a failing subscriber with backoff and does not run the others again', async () => {
    const p = payload();
    failuresLeft.set(p.itemId, 2);
    const eventId = await emitCommitted(p);
    const failed = await waitFor('a recorded failure', async () => {
      const flaky = (await deliveries(eventId)).find((d) => d.subscriber === 'test.flaky');
      return flaky && flaky.last_error ? flaky : undefined;
    });
    expect(failed.last_error).toContain('flaky failure');
    expect(failed.delivered_at).toBeNull();
    await waitFor('the flaky subscriber to succeed', async () => {
      const flaky = (await deliveries(eventId)).find((d) => d.subscriber === 'test.flaky');
      return flaky?.delivered_at ? flaky : undefined;
    });
    const state = await deliveries(eventId);
    expect(state.map((d) => [d.subscriber, Number(d.attempts), d.last_error])).toEqual([
      ['test.flaky', 3, null],
      ['test.steady', 1, null],
    ]);
    expect(callsFor(p.itemId, 'test.flaky')).toHaveLength(3);
    expect(callsFor(p.itemId, 'test.steady')).toHaveLength(1);
    // The failed attempts' writes rolled back with them: one effect per subscriber.
    expect((await effects(p.itemId)).map((r) => r.subscriber)).toEqual(['test.flaky', 'test.steady']);
    // …and their after-commit effects never ran: one per subscriber, from the attempt that committed.
    expect(
      committedEffects
        .filter((e) => e.itemId === p.itemId)
        .map((e) => e.subscriber)
        .sort(),
    ).toEqual(['test.flaky', 'test.steady']);
  });

  it('changes nothing when a handled event is delivered again', async () => {
    const p = payload();
    const eventId = await emitCommitted(p);
    await waitFor('delivery', async () => (await deliveries(eventId)).every((d) => d.delivered_at !== null));
    // A crash after the handler committed but before the delivery was marked, or an operator re-enqueue.
    await t.app.db.execute(
      sql`UPDATE event_deliveries SET delivered_at = NULL, next_attempt_at = now() WHERE event_id = ${eventId}::uuid`,
    );
    await t.app.events.drain();
    await second.app.events.drain();
    const state = await deliveries(eventId);
    expect(state.every((d) => d.delivered_at !== null && Number(d.attempts) === 2)).toBe(true);
    expect(callsFor(p.itemId)).toHaveLength(2);
    expect(await effects(p.itemId)).toHaveLength(2);
  });

  it('never delivers an event whose transaction rolled back', async () => {
    const rolledBack = payload();
    await expect(
      withTransaction(t.app.db, async (tx) => {
        await t.app.events.emit('review.changed', rolledBack, tx);
        throw new Error('the use case failed after emitting');
      }),
    ).rejects.toThrow('the use case failed');
    const committed = payload();
    await emitCommitted(committed);
    await waitFor('the committed event', () => callsFor(committed.itemId).length === 2);
    await t.app.events.drain();
    await second.app.events.drain();
    expect(callsFor(rolledBack.itemId)).toEqual([]);
    expect(
      await rows(sql`SELECT id FROM domain_events WHERE payload->>'itemId' = ${String(rolledBack.itemId)}`),
    ).toEqual([]);
  });

  it('hands each event to one process per subscriber when two processes dispatch', async () => {
    const batch = Array.from({ length: 20 }, () => payload());
    await Promise.all(batch.map((p) => emitCommitted(p)));
    await Promise.all([t.app.events.drain(), second.app.events.drain()]);
    await waitFor('every delivery', async () => {
      const [left] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM event_deliveries WHERE delivered_at IS NULL`,
      );
      return Number(left!.n) === 0;
    });
    for (const p of batch) {
      expect(callsFor(p.itemId, 'test.steady')).toHaveLength(1);
      expect(callsFor(p.itemId, 'test.flaky')).toHaveLength(1);
    }
  });

  it('refuses an invalid payload, an unknown event and a late subscription', async () => {
    await expect(
      withTransaction(t.app.db, (tx) =>
        t.app.events.emit('review.changed', { itemKind: 'book', itemId: -1 } as unknown as Payload, tx),
      ),
    ).rejects.toThrow(/Invalid payload for review.changed/);
    await expect(
      withTransaction(t.app.db, (tx) =>
        t.app.events.emit('nothing.happened' as 'review.changed', payload(), tx),
      ),
    ).rejects.toThrow(/Unknown domain event/);
    expect(() => t.app.events.subscribe('test.late', 'review.changed', async () => undefined)).toThrow(
      /before it is ready/,
    );
  });
});

describe('domain events: housekeeping and sharing the database', () => {
  it('lets other queries in between deliveries while a backlog drains', async () => {
    const backlog = Array.from({ length: 150 }, () => payload());
    // 300 deliveries of at least 5 ms each, one after the other in each of the two processes: the backlog lasts
    // most of a second however fast the machine, so a query that waited for it would find none pending.
    for (const p of backlog) slowItems.add(p.itemId);
    await withTransaction(t.app.db, async (tx) => {
      for (const p of backlog) await t.app.events.emit('review.changed', p, tx);
    });
    await waitFor('the dispatchers to start on the backlog', () => callsFor(backlog[0]!.itemId).length > 0);
    // A request's query gets its turn long before 300 deliveries are done.
    const [pending] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM event_deliveries WHERE delivered_at IS NULL`,
    );
    expect(Number(pending!.n)).toBeGreaterThan(0);
    await Promise.all([t.app.events.drain(), second.app.events.drain()]);
    for (const p of backlog) expect(callsFor(p.itemId)).toHaveLength(2);
  });

  it('purges delivered events after their retention, and keeps undelivered ones', async () => {
    const done = payload();
    const stuck = payload();
    failuresLeft.set(stuck.itemId, 1_000);
    const doneId = await emitCommitted(done);
    const stuckId = await emitCommitted(stuck);
    await waitFor('the first event to be delivered', async () =>
      (await deliveries(doneId)).every((d) => d.delivered_at !== null),
    );
    await t.app.db.execute(
      sql`UPDATE domain_events SET occurred_at = now() - interval '8 days' WHERE id IN (${doneId}::uuid, ${stuckId}::uuid)`,
    );
    await t.app.db.execute(
      sql`UPDATE handled_events SET handled_at = now() - interval '8 days' WHERE event_id = ${doneId}::uuid`,
    );
    expect(await purgeDeliveredEvents(t.app.db, 7)).toBe(1);
    const left = await rows<{ id: string }>(
      sql`SELECT id FROM domain_events WHERE id IN (${doneId}::uuid, ${stuckId}::uuid)`,
    );
    expect(left.map((r) => r.id)).toEqual([stuckId]);
    expect(await rows(sql`SELECT 1 FROM handled_events WHERE event_id = ${doneId}::uuid`)).toEqual([]);
    expect(await rows(sql`SELECT 1 FROM event_deliveries WHERE event_id = ${doneId}::uuid`)).toEqual([]);
    failuresLeft.set(stuck.itemId, 0);
  });
});

describe('domain events: processes that come and go', () => {
  it('delivers to subscribers that only another process runs', async () => {
    const emitter = await createTestApp({ database, env }); // subscribes to nothing itself
    try {
      const p = payload();
      await withTransaction(emitter.app.db, (tx) => emitter.app.events.emit('review.changed', p, tx));
      // The emitter's nudge has nobody to wake; the other processes find the deliveries (drain = their poll).
      await Promise.all([t.app.events.drain(), second.app.events.drain()]);
      expect(
        callsFor(p.itemId)
          .map((c) => c.subscriber)
          .sort(),
      ).toEqual(['test.flaky', 'test.steady']);
    } finally {
      await emitter.close();
    }
  });

  it('finishes the delivery in progress on close and leaves the rest for the next start', async () => {
    const seen: string[] = [];
    let entered = false;
    let release = () => undefined as void;
    const opened = new Promise<void>((resolve) => (release = resolve));
    const subscribe = (app: TestApp['app'], gated: boolean) =>
      app.events.subscribe('test.closing', 'review.changed', async (_payload, ctx) => {
        if (gated) {
          entered = true;
          await opened;
        }
        seen.push(ctx.eventId);
      });
    const first = await createTestApp({
      database,
      env,
      beforeReady: (app) => {
        subscribe(app, true);
        // Runs after the events plugin's own preClose (registered earlier): the dispatcher has stopped taking
        // deliveries when the one in progress is let go.
        app.addHook('preClose', async () => release());
      },
    });
    const ids = await withTransaction(first.app.db, async (tx) => [
      await first.app.events.emit('review.changed', payload(), tx),
      await first.app.events.emit('review.changed', payload(), tx),
      await first.app.events.emit('review.changed', payload(), tx),
    ]);
    await waitFor('the first delivery to start', () => entered);
    await first.close();
    expect(seen).toHaveLength(1);
    const [state] = await rows<{ delivered: number; pending: number }>(sql`
      SELECT count(*) FILTER (WHERE delivered_at IS NOT NULL)::int AS delivered,
             count(*) FILTER (WHERE delivered_at IS NULL)::int AS pending
      FROM event_deliveries WHERE subscriber = 'test.closing'`);
    expect([Number(state!.delivered), Number(state!.pending)]).toEqual([1, 2]);

    const next = await createTestApp({ database, env, beforeReady: (app) => subscribe(app, false) });
    try {
      await waitFor('the rest after the restart', () => seen.length === 3);
      await next.app.events.drain();
      expect([...seen].sort()).toEqual([...ids].sort());
    } finally {
      await next.close();
    }
  });

  it('hands a batch subscriber the due events of a batch in one call, and retries them together', async () => {
    const calls: number[][] = [];
    let failures = 1;
    // The retries' jitter spread as far as it goes (0.8× to 1.2× the delay): the timer of the earliest runs before
    // the latest is due, and the cycle that runs it must look again for the rest rather than leave it to the poll.
    const spread = [0, 0.999, 0.5];
    let draws = 0;
    const random = vi.spyOn(Math, 'random').mockImplementation(() => spread[draws++ % spread.length]!);
    const batched = await createTestApp({
      database,
      env,
      beforeReady: (app) =>
        app.events.subscribeBatch('test.batched', 'review.changed', async (events, { tx, afterCommit }) => {
          calls.push(events.map((event) => event.payload.itemId));
          for (const event of events)
            await tx.execute(
              sql`INSERT INTO test_event_effects (subscriber, event_id, item_id)
                  VALUES ('test.batched', ${event.eventId}::uuid, ${event.payload.itemId})`,
            );
          afterCommit(() =>
            events.forEach((event) =>
              committedEffects.push({ subscriber: 'test.batched', itemId: event.payload.itemId }),
            ),
          );
          if (failures > 0) {
            failures -= 1;
            throw new Error('batch failure');
          }
        }),
    });
    try {
      const items = [payload(), payload(), payload()];
      await withTransaction(batched.app.db, async (tx) => {
        for (const item of items) await batched.app.events.emit('review.changed', item, tx);
      });
      const ids = items.map((item) => item.itemId).sort();
      const handled = await waitFor('every event handled once', async () => {
        const found = (
          await rows<{ item_id: number }>(
            sql`SELECT item_id FROM test_event_effects WHERE subscriber = 'test.batched'`,
          )
        ).map((row) => Number(row.item_id));
        return found.length === ids.length ? found : null;
      });
      await batched.app.events.drain();
      // The failed call's writes and effects were rolled back; the events it had were all handled again.
      expect(handled.sort()).toEqual(ids);
      expect(
        committedEffects
          .filter((e) => e.subscriber === 'test.batched')
          .map((e) => e.itemId)
          .sort(),
      ).toEqual(ids);
      const failed = calls[0]!;
      expect(
        calls
          .slice(1)
          .flat()
          .filter((id) => failed.includes(id))
          .sort(),
      ).toEqual([...failed].sort());
      // On PostgreSQL the three events committed together come in one call (PGlite's batch is one delivery).
      if (batched.app.database.driver !== 'pglite') expect(calls[0]).toHaveLength(3);
    } finally {
      random.mockRestore();
      await batched.close();
    }
  });

  it('claims, checks watched ids and marks deliveries with statements each connection prepares once (decision 228)', async () => {
    type Connection = { connection: { parsedStatements: Record<string, string> } };
    // pg's pool and connection internals: its open connections and the named statements each has parsed.
    const pool = (t.app.db as unknown as { $client: { _clients?: Connection[] } }).$client;
    const parsed = () => (pool._clients ?? []).flatMap((c) => Object.values(c.connection.parsedStatements));
    const dispatcherStatements = () =>
      parsed().filter((text) =>
        /WITH claimed AS MATERIALIZED|FROM domain_events WHERE id = ANY|UPDATE event_deliveries d/.test(text),
      );
    const round = async () => {
      const items = [payload(), payload()];
      // A process's own emits are watched until committed, then claimed and marked delivered in one batch.
      await withTransaction(t.app.db, async (tx) => {
        for (const item of items) await t.app.events.emit('review.changed', item, tx);
      });
      await waitFor('both events handled', () => items.every((item) => callsFor(item.itemId).length >= 2));
      await t.app.events.drain();
      await second.app.events.drain();
    };
    await round();
    if (t.app.database.driver === 'pglite') {
      expect(parsed()).toEqual([]); // one embedded connection, no statement cache
      return;
    }
    const kinds = (texts: string[]) =>
      [...new Set(texts.map((text) => /WITH claimed|= ANY|UPDATE event_deliveries/.exec(text)![0]))].sort();
    expect(kinds(dispatcherStatements())).toEqual(['= ANY', 'UPDATE event_deliveries', 'WITH claimed']);
    // More rounds parse no new text: one statement per shape, whatever the number of ids in its lists. (The
    // pool is shared with this file's other apps, whose other subscriptions make claims of their own texts.)
    const before = new Set(dispatcherStatements());
    await round();
    await round();
    expect(dispatcherStatements().filter((text) => !before.has(text))).toEqual([]);
  });
});

describe('domain events: the outbox of a statement template (decision 234)', () => {
  it('writes fresh events on every run and wakes the dispatcher of subscribers registered after the template', async () => {
    let written = () => {};
    let template: StatementTemplate<'quotationId'> | undefined;
    const decided: Array<DomainEventPayload<'quotation.decided'>> = [];
    // A third process whose template is built before the only subscriber of its event registers (as a route's
    // may be): no module of the app subscribes to quotation.decided.
    const third = await createTestApp({
      database,
      env,
      beforeReady: (app) => {
        template = statementTemplate<'quotationId'>(app.db, (slot) => {
          const outbox = app.events.outboxTemplate([
            {
              name: 'quotation.decided',
              from: sql`(SELECT 1) AS one`,
              known: { chatId: 'chat-1', decision: 'accepted' },
              computed: { quotationId: sql`${slot('quotationId')}::text` },
            },
          ]);
          written = outbox.written;
          return sql`WITH ${outbox.cte} SELECT (SELECT id::text FROM outbox_event) AS id`;
        });
        app.events.subscribe('test.template', 'quotation.decided', async (payload) => {
          decided.push(payload);
        });
      },
    });
    try {
      // Its start-up cycle (a timer of 0 ms, so before this one) has run: only a wake or the poll looks again.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await third.app.events.drain();
      const ids: string[] = [];
      for (const quotationId of ['q-1', 'q-2']) {
        const [row] = await queryTemplate<{ id: string }>(third.app.db, template!, { quotationId });
        ids.push(row!.id);
        written();
      }
      expect(new Set(ids).size).toBe(2);
      // The poll is a minute away: only the wake delivers them this soon.
      await waitFor('both template events handled', () => decided.length === 2);
      expect(decided.map((payload) => payload.quotationId).sort()).toEqual(['q-1', 'q-2']);
      expect(decided[0]).toMatchObject({ chatId: 'chat-1', decision: 'accepted' });
    } finally {
      await third.close();
    }
  });
});
