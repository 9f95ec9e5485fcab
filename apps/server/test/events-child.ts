/**
 * A server process for events-restart.test.ts: builds the app on the database named by the environment
 * (PGLITE_DIR or DATABASE_URL), subscribes 'test.restart' with a handler that never finishes, emits one
 * event in a committed transaction, prints `committed <id>` and waits to be killed.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { withTransaction } from '../src/db/transaction';

const itemId = Number(process.env.EVENT_ITEM_ID);
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgliteDir: process.env.PGLITE_DIR,
});
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR:
    process.env.DATA_DIR ||
    mkdtempSync(path.join(process.env.TEST_SCRATCH_DIR ?? os.tmpdir(), 'maplesource-events-child-')),
  LOG_LEVEL: 'silent',
  SERVICES: 'buyer',
  SEED: 'never',
  EVENTS_POLL_MS: '50',
});
const app = await buildApp({ config, database, logger: false });
app.events.subscribe('test.restart', 'review.changed', async () => {
  process.stdout.write('handling\n');
  await new Promise(() => undefined); // killed mid-delivery: never marks the event handled
});
await app.ready();
const eventId = await withTransaction(app.db, (tx) =>
  app.events.emit('review.changed', { itemKind: 'service', itemId, reviewId: 'r1', change: 'created' }, tx),
);
process.stdout.write(`committed ${eventId}\n`);
setInterval(() => undefined, 60_000); // stay alive until SIGKILL
