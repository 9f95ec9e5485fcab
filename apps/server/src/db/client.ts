import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Tracer } from '@opentelemetry/api';
import pg from 'pg';
import { warmConnection } from './prepared';
import { tracePglite, tracePool } from './tracing';

/** The Drizzle database either driver gives; modules only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseDriver = 'pglite' | 'postgres';

/** The driver-level handle that libraries needing their own SQL access (the job queue) start from. */
export type DatabaseConnection = { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; url: string };

export interface Database {
  db: Db;
  driver: DatabaseDriver;
  connection: DatabaseConnection;
  /** Runs raw SQL text (several statements allowed); used by migrations and seeding. */
  exec(sqlText: string): Promise<void>;
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections (metrics); null on PGlite, one in-process connection with no pool. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * Opens every pool connection now, each preparing the hot statements the app registered with
   * `prepareOnConnect`, so the first burst of requests finds no cold connection (decision 215). Call it once the
   * app is built (its plugins register the statements). Nothing to do on PGlite.
   */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Traces every statement the app's Drizzle client runs (decision 319); without it nothing is wrapped. */
  tracer?: Tracer | undefined;
}

export interface DatabaseOptions extends OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `undefined` means in memory. */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const open = { tracer: options.tracer };
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, open);
  return openPglite(options.pgliteDir, open);
}

/** The embedded default: PostgreSQL compiled to WebAssembly, persisted in a directory. */
export async function openPglite(
  dir: string | undefined,
  options: OpenOptions & {
    /** A data directory dumped with `dumpDataDir` that an in-memory database starts from (test databases). */
    loadDataDir?: Blob;
  } = {},
): Promise<Database> {
  if (dir) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // Traced, Drizzle gets a wrapper; the client itself (the job queue's, migrations') stays as it is.
  const db: Db = drizzlePglite(options.tracer ? tracePglite(client, options.tracer) : client);
  return {
    db,
    driver: 'pglite',
    connection: { driver: 'pglite', client },
    exec: async (text) => {
      await client.exec(text);
    },
    ping: async () => {
      await client.query('select 1');
    },
    poolStats: () => null,
    warmUp: async () => undefined,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPostgres(
  databaseUrl: string,
  poolSize: number,
  options: OpenOptions = {},
): Promise<Database> {
  // Idle connections are kept for a minute (pg's default closes them after 10 s): a lull of a few seconds then
  // costs no new backends, whose first statements run on cold caches and must be prepared again (decision 200).
  // Once opened (`warmUp`), the pool keeps all of them (`min`), and each new connection prepares the hot statements
  // before its first use (`verify`, decision 215).
  const pool: pg.Pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    min: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 60_000,
    verify: (client, done) => {
      void warmConnection(pool, client).then(() => done());
    },
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  if (options.tracer) tracePool(pool, options.tracer);
  const db: Db = drizzleNodePg(pool);
  await db.execute(sql`select 1`);
  return {
    db,
    driver: 'postgres',
    connection: { driver: 'postgres', url: databaseUrl },
    exec: async (text) => {
      await pool.query(text);
    },
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    warmUp: async () => {
      // All connections at once: each checkout beyond the idle ones opens (and prepares) a new one.
      // Those open before the app registered its statements (the first `select 1`, migrations) prepare them now.
      const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
      await Promise.all(clients.map((client) => warmConnection(pool, client)));
      for (const client of clients) client.release();
    },
    close: async () => {
      await pool.end();
    },
  };
}
