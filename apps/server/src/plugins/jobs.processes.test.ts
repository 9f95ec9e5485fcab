import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { rowsOf } from '../db/transaction';

const worker = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/processes/job-worker.ts',
);

interface WorkerProcess {
  child: ChildProcess;
  ran: string[];
  ready: Promise<void>;
}

function startWorker(databaseUrl: string, sendJobs: number): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SEND_JOBS: String(sendJobs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ran: string[] = [];
  let buffered = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      if (line === 'READY') markReady();
      else if (line.startsWith('RAN ')) ran.push(line.slice(4));
    }
  });
  return { child, ran, ready };
}

async function stop(worker: WorkerProcess) {
  if (worker.child.exitCode !== null) return;
  const exited = new Promise((resolve) => worker.child.once('exit', resolve));
  worker.child.kill('SIGTERM');
  await exited;
}

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
