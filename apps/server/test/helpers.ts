import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { openPglite, openPostgres, type Database, type OpenOptions } from '../src/db/client';
import { assertDriverDependent } from './driver-independent-tests';
import { withDatabase } from './global-setup';
import { seedCatalog } from '../src/seed/catalog';
import { tracerName } from '../src/tracing';

export interface TestDatabase extends Database {
  /**
   * PGlite directory or PostgreSQL URL of this copy, for tests that open it again or hand it to another process;
   * a PGlite test database has one only when made with `onDisk` (reading it otherwise throws).
   */
  location: string;
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions extends OpenOptions {
  /**
   * PGlite: a copy of the template directory on disk, for a test that reopens the database or shares it with
   * another process. Without it the database lives in this process's memory (decision 336).
   */
  onDisk?: boolean;
}

/** The migrated template as one archive, read once per worker process (files share the worker's modules). */
let templateDump: Blob | undefined;

/**
 * A fresh, migrated database for one test file, on the driver this run tests (PGlite or PostgreSQL); `tracer`
 * traces its statements (decision 319).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  assertDriverDependent('opens a test database');
  const { onDisk = false, ...open } = options;
  if (inject('testDbDriver') === 'postgres') {
    const url = process.env.DATABASE_URL!;
    const name = `maple_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateDb')}`);
    await admin.end();
    const location = withDatabase(url, name);
    const database = await openPostgres(location, 5, open);
    return {
      ...database,
      location,
      destroy: async () => {
        await database.close().catch(() => undefined);
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        await cleanup.end();
      },
    };
  }
  if (!onDisk) {
    // Copying the template's 1,500 files and 45 MB for every file took a quarter of the PGlite suite's CPU, and
    // every statement then wrote through the file system (decision 336).
    templateDump ??= new Blob([readFileSync(inject('pgliteTemplateDump'))]);
    const database = await openPglite(undefined, { ...open, loadDataDir: templateDump });
    return {
      ...database,
      get location(): string {
        throw new Error('this PGlite test database lives in memory: createTestDatabase({ onDisk: true })');
      },
      destroy: () => database.close().catch(() => undefined),
    };
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'maplesource-test-'));
  const dir = path.join(root, 'pglite');
  cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  const database = await openPglite(dir, open);
  return {
    ...database,
    location: dir,
    destroy: async () => {
      await database.close().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  // Under the run's scratch directory, removed when the run ends (tests that only read a config never remove it).
  const dataDir = mkdtempSync(path.join(inject('testScratchDir'), 'data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    // Every test socket comes from 127.0.0.1, and with REDIS_URL the handshake counter is shared with every other
    // run on this machine: tests of that limit lower it and give each client its own address (decision 242).
    RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: '1000000',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/** buildApp on a fresh database; close() tears both down. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: TestDatabase;
    /** Registers extra routes (e.g. probes for cross-cutting plugins) before the app is ready. */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  } & Partial<Pick<BuildAppOptions, 'renderShell' | 'catalog' | 'logStream' | 'tracerProvider'>> = {},
): Promise<TestApp> {
  // A tracer provider traces the requests, jobs and deliveries, and the statements of the database made here
  // (decision 319).
  const tracer = options.tracerProvider?.getTracer(tracerName);
  const database = options.database ?? (await createTestDatabase({ tracer }));
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database,
    // A test that reads the log lines gives their stream (and a LOG_LEVEL); the others keep quiet.
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.renderShell ? { renderShell: options.renderShell } : {}),
    ...(options.catalog ? { catalog: options.catalog } : {}),
    ...(options.tracerProvider ? { tracerProvider: options.tracerProvider } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (!options.database) await database.destroy();
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/** Headers a browser client of docs/product.md §1 sends. */
export const buyerHeaders = { role: 'buyer' } as const;

/** The demo catalogue with `products` products (and the seed's storefronts and services), quietly. */
export async function seedTestCatalog(t: TestApp, products: number) {
  await seedCatalog({ database: t.database, config: t.config, log: () => undefined, options: { products } });
}
