/**
 * A chat server process for chat.processes.test.ts: builds the app (buyer and chat backends) on the
 * PostgreSQL database in DATABASE_URL with the Redis Streams adapter on REDIS_URL, listens on a free port,
 * prints `listening <port>` and serves until it is killed.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

// A few connections are enough for a test child; the default 10 (+ pg-boss's 4) for each of several children, with
// two test files running at once, came near PostgreSQL's 100 connections.
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  pgliteDir: undefined,
  poolSize: 4,
});
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR:
    process.env.DATA_DIR ||
    mkdtempSync(path.join(process.env.TEST_SCRATCH_DIR ?? os.tmpdir(), 'maplesource-chat-child-')),
  LOG_LEVEL: 'silent',
  SERVICES: 'buyer,chat',
  SEED: 'never',
  PUBLIC_URL: 'http://localhost:3000',
  REDIS_URL: process.env.REDIS_URL ?? '',
  RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: '1000000',
  ...(process.env.TRUST_PROXY ? { TRUST_PROXY: process.env.TRUST_PROXY } : {}),
  // A test may set the socket limits (decision 242); the same for both processes.
  ...Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name.startsWith('RATE_LIMIT_SOCKET_')),
  ),
  ...(process.env.COOKIE_SECRET ? { COOKIE_SECRET: process.env.COOKIE_SECRET } : {}),
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
