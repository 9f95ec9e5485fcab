import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openPglite, openPostgres, type Database } from '../db/client';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/helpers';
import type { JobContext } from './jobs';

const fastJobs = { JOBS_POLLING_INTERVAL_SECONDS: '0.5' };

/** Polls `check` until it holds (the queue is asynchronous); fails after `timeoutMs`. */
async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function jobStates(database: Database, name: string): Promise<string[]> {
  const result = await database.db.execute(
    sql`select state from pgboss.job where name = ${name} order by created_on`,
  );
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { state: string }[] }).rows;
  return (rows as { state: string }[]).map((row) => row.state);
}

describe('durable job queue (app.jobs)', () => {
  let database: TestDatabase;
  let t: TestApp;
  const runs: { name: string; data: unknown; at: number; job: JobContext }[] = [];
  let failuresLeft = 1;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({
      database,
      env: fastJobs,
      beforeReady: (app) => {
        app.jobs.register(
          'test.delayed',
          async (data, job) => void runs.push({ name: 'delayed', data, at: Date.now(), job }),
        );
        app.jobs.register(
          'test.flaky',
          async (data, job) => {
            runs.push({ name: 'flaky', data, at: Date.now(), job });
            if (failuresLeft-- > 0) throw new Error('first attempt fails');
          },
          { retryDelaySeconds: 1, retryLimit: 2 },
        );
        app.jobs.register(
          'test.typed',
          async (data, job) => void runs.push({ name: 'typed', data, at: Date.now(), job }),
          { schema: z.object({ count: z.number().int() }) },
        );
        app.jobs.register('test.clock-step', async (data: { stepBackHours?: number }, job) => {
          runs.push({ name: 'clock-step', data, at: Date.now(), job });
          // The wall clock is stepped back while this worker is busy (an NTP correction, a resumed VM).
          if (data.stepBackHours) {
            vi.useFakeTimers({ toFake: ['Date'] });
            vi.setSystemTime(Date.now() - data.stepBackHours * 3_600_000);
          }
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await database.destroy();
  });

  it('runs a delayed job no earlier than asked', async () => {
    const sentAt = Date.now();
    const id = await t.app.jobs.send('test.delayed', { n: 1 }, { startAfter: 2 });
    expect(id).toEqual(expect.any(String));
    await waitFor(() => runs.some((run) => run.job.id === id));
    const run = runs.find((r) => r.job.id === id)!;
    expect(run.at - sentAt).toBeGreaterThanOrEqual(2_000);
    expect(run.data).toEqual({ n: 1 });
  });

  it('retries a failing job with a delay', async () => {
    const id = await t.app.jobs.send('test.flaky', { n: 2 });
    await waitFor(async () => (await jobStates(database, 'test.flaky')).includes('completed'));
    const attempts = runs.filter((run) => run.job.id === id);
    expect(attempts.map((run) => run.job.retryCount)).toEqual([0, 1]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1_000);
  });

  it('keeps one queued job per singleton key', async () => {
    const first = await t.app.jobs.send('test.delayed', { n: 3 }, { startAfter: 60, singletonKey: 'same' });
    const second = await t.app.jobs.send('test.delayed', { n: 4 }, { startAfter: 60, singletonKey: 'same' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
  });

  it('queues a job inside a transaction only when it commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await t.app.jobs.send('test.delayed', { n: 'rolled back' }, { tx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const id = await database.db.transaction((tx) =>
      t.app.jobs.send('test.delayed', { n: 'committed' }, { tx }),
    );
    await waitFor(() => runs.some((run) => run.job.id === id));
    const committed = await database.db.execute(sql`select data from pgboss.job where name = 'test.delayed'`);
    const rows = Array.isArray(committed)
      ? committed
      : (committed as unknown as { rows: { data: unknown }[] }).rows;
    expect(rows.map((row) => (row as { data: { n: unknown } }).data.n)).not.toContain('rolled back');
    expect(runs.find((run) => run.job.id === id)!.data).toEqual({ n: 'committed' });
  });

  it('does not run a job whose data fails its schema, and refuses unknown names', async () => {
    await t.app.jobs.send('test.typed', { count: 'x' } as unknown as { count: number });
    const good = await t.app.jobs.send('test.typed', { count: 2 });
    await waitFor(() => runs.some((run) => run.job.id === good));
    await waitFor(async () =>
      (await jobStates(database, 'test.typed')).every((state) => state === 'completed'),
    );
    expect(runs.filter((run) => run.name === 'typed').map((run) => run.data)).toEqual([{ count: 2 }]);
    await expect(t.app.jobs.send('test.unknown', {})).rejects.toThrow(/no registered handler/);
    expect(() => t.app.jobs.register('test.late', async () => undefined)).toThrow(/after the queue started/);
  });

  it('keeps polling when the wall clock steps back during a job', async () => {
    try {
      const stepped = await t.app.jobs.send('test.clock-step', { stepBackHours: 8 });
      await waitFor(() => runs.some((run) => run.job.id === stepped));
      const next = await t.app.jobs.send('test.clock-step', {});
      await waitFor(() => runs.some((run) => run.job.id === next));
    } finally {
      vi.useRealTimers();
    }
  });

  it('records a recurring schedule', async () => {
    const scheduled = await createTestApp({
      database,
      env: fastJobs,
      beforeReady: async (app) => {
        app.jobs.register('test.nightly', async () => undefined);
        await app.jobs.schedule('test.nightly', '0 3 * * *');
      },
    });
    const result = await database.db.execute(
      sql`select name, cron from pgboss.schedule where name = 'test.nightly'`,
    );
    const rows = Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows;
    expect(rows).toEqual([{ name: 'test.nightly', cron: '0 3 * * *' }]);
    await scheduled.close();
  });
});

describe('durable job queue across restarts and processes', () => {
  let database: TestDatabase;
  const reopened: Database[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true });
  });
  afterAll(async () => {
    for (const db of reopened) await db.close().catch(() => undefined);
    await database.destroy();
  });

  const reopen = async (): Promise<Database> => {
    const db =
      database.driver === 'pglite'
        ? await openPglite(database.location)
        : await openPostgres(database.location, 5);
    reopened.push(db);
    return db;
  };

  it('runs a job queued before a restart once, after it', async () => {
    const runs: string[] = [];
    const register = (app: TestApp['app']) =>
      app.jobs.register('test.survivor', async (_data, job) => void runs.push(job.id));

    const before = await createTestApp({ database, env: fastJobs, beforeReady: register });
    const id = await before.app.jobs.send('test.survivor', { order: 'A-1' }, { startAfter: 2 });
    await before.close();
    await database.close(); // the whole process goes away, database handle included
    expect(runs).toEqual([]);

    const db = await reopen();
    const after = await createTestApp({
      database: { ...database, ...db },
      env: fastJobs,
      beforeReady: register,
    });
    await waitFor(async () => (await jobStates(db, 'test.survivor')).includes('completed'));
    expect(runs).toEqual([id]);
    await after.close();
  });

  it('starts after a restart while a due job queues the next job inside its transaction', async () => {
    const runs: string[] = [];
    const register = (app: TestApp['app'], handle: () => Database) => {
      // Queues `test.chain-next` in its transaction: on PGlite, the transaction holds the one connection.
      app.jobs.register('test.chain-first', async (data: { order: string }) => {
        await handle().db.transaction((tx) => app.jobs.send('test.chain-next', data, { tx }));
      });
      app.jobs.register('test.chain-next', async (data: { order: string }) => void runs.push(data.order));
    };

    const first = reopened.at(-1) ?? (await reopen());
    const before = await createTestApp({
      database: { ...database, ...first },
      env: fastJobs,
      beforeReady: (app) => register(app, () => first),
    });
    const id = await before.app.jobs.send('test.chain-first', { order: 'B-7' }, { startAfter: 3_600 });
    await before.close();
    // Due while no server runs: the restarted server finds it at once, in the middle of its start.
    await first.db.execute(sql`update pgboss.job set start_after = now() where id = ${id}`);
    await first.close();

    const db = await reopen();
    const after = await createTestApp({
      database: { ...database, ...db },
      env: fastJobs,
      beforeReady: (app) => register(app, () => db),
    });
    await waitFor(async () => (await jobStates(db, 'test.chain-next')).includes('completed'));
    expect(runs).toEqual(['B-7']);
    await after.close();
  });

  it('runs each job once with two server processes on one database', async () => {
    const db = reopened.at(-1) ?? (await reopen());
    const shared = { ...database, ...db };
    const ranBy = new Map<string, string[]>();
    const node = (label: string) =>
      createTestApp({
        database: shared,
        env: fastJobs,
        beforeReady: (app) =>
          app.jobs.register(
            'test.once',
            async (_data, job) => {
              ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), label]);
              await new Promise((resolve) => setTimeout(resolve, 20)); // overlap the two workers
            },
            { concurrency: 2 },
          ),
      });
    const a = await node('a');
    const b = await node('b');
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push((await (i % 2 ? a : b).app.jobs.send('test.once', { i }))!);
    await waitFor(async () => {
      const states = await jobStates(db, 'test.once');
      return states.length === 12 && states.every((state) => state === 'completed');
    });
    expect([...ranBy.keys()].sort()).toEqual([...ids].sort());
    for (const labels of ranBy.values()) expect(labels).toHaveLength(1);
    await a.close();
    await b.close();
  });
});
