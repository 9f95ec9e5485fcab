/**
 * One server process for the multi-process job test (plugins/jobs.processes.test.ts): builds the app
 * on DATABASE_URL, registers `test.process-once`, prints `RAN <jobId>` for each job it runs, and
 * sends SEND_JOBS jobs once it is ready. Stops on SIGTERM.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPostgres } from '../../src/db/client';

const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(process.env.TEST_SCRATCH_DIR ?? os.tmpdir(), 'maplesource-worker-')),
  LOG_LEVEL: 'silent',
  DATABASE_URL: process.env.DATABASE_URL,
  PAYMENT_WEBHOOK_SECRET: 'multi_process_test_secret',
  JOBS_POLLING_INTERVAL_SECONDS: '0.5',
});
const database = await openPostgres(config.DATABASE_URL!, 3);
const app = await buildApp({ config, database, logger: false });
app.jobs.register(
  'test.process-once',
  async (_data, job) => {
    process.stdout.write(`RAN ${job.id}\n`);
    await new Promise((resolve) => setTimeout(resolve, 30));
  },
  { concurrency: 2 },
);
await app.ready();
const toSend = Number(process.env.SEND_JOBS ?? 0);
for (let i = 0; i < toSend; i += 1) await app.jobs.send('test.process-once', { i });
process.stdout.write('READY\n');
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
