/**
 * A second server process for payout-run.test.ts: builds the app on the PostgreSQL database named by DATABASE_URL
 * and runs the payout run. With PAUSE_AFTER=n it prints `committed <payoutId>` for each payout committed and, at
 * the n-th, stops before its transfer and waits to be killed (kill -9 half-way); without it, prints `done <json>`.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runPayouts } from '../src/flows/payout/run-payouts';

const pauseAfter = Number(process.env.PAUSE_AFTER ?? 0);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(process.env.TEST_SCRATCH_DIR ?? os.tmpdir(), 'maplesource-payout-child-')),
  LOG_LEVEL: 'silent',
  SERVICES: 'buyer',
  SEED: 'never',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
let committed = 0;
const summary = await runPayouts(app, {
  afterPayoutCommitted: async (payout) => {
    committed += 1;
    process.stdout.write(`committed ${payout.id}\n`);
    if (pauseAfter > 0 && committed >= pauseAfter) await new Promise(() => undefined); // killed here
  },
});
process.stdout.write(`done ${JSON.stringify(summary)}\n`);
await app.close();
process.exit(0);
