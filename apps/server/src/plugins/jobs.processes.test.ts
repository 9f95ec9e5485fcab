import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { startScript, type ChildScript } from '../../test/child-process';
import { rowsOf } from '../db/transaction';

interface WorkerProcess {
  child: ChildScript;
  ran: string[];
  ready: Promise<unknown>;
}

/** A server process's job queue (test/processes/job-worker.ts): `READY`, then `RAN <job id>` per job it ran. */
function startWorker(databaseUrl: string, sendJobs: number): WorkerProcess {
  const child = startScript('test/processes/job-worker.ts', {
    DATABASE_URL: databaseUrl,
    SEND_JOBS: String(sendJobs),
  });
  const ran: string[] = [];
  child.onLine((line) => {
    if (line.startsWith('RAN ')) ran.push(line.slice(4));
  });
  return { child, ran, ready: child.line(/^READY$/) };
}

const stop = (worker: WorkerProcess) => worker.child.kill('SIGTERM');

/** Real server processes need a real server database: PostgreSQL only (PGlite is one process's). */
describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')('durable jobs with two server processes', () => {
  let database: TestDatabase;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const w of workers) await stop(w);
    await database.destroy();
  });

  it('runs each job exactly once across two processes', { timeout: 90_000 }, async () => {
    const a = startWorker(database.location, 0);
    const b = startWorker(database.location, 0);
    workers.push(a, b);
    await Promise.all([a.ready, b.ready]);
    const sender = startWorker(database.location, 20);
    workers.push(sender);
    await sender.ready;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [counts] = rowsOf<{ total: number; done: number }>(
        await database.db.execute(sql`
          select count(*)::int as total, count(*) filter (where state = 'completed')::int as done
          from pgboss.job where name = 'test.process-once'`),
      );
      if (counts!.total === 20 && counts!.done === 20) break;
      if (Date.now() > deadline) throw new Error(`jobs not done: ${JSON.stringify(counts)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const all = [...a.ran, ...b.ran, ...sender.ran];
    expect(all).toHaveLength(20);
    expect(new Set(all).size).toBe(20);
  });
});
