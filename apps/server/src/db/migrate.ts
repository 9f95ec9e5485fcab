import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';
import { rowsOf } from './transaction';

/**
 * Applies the committed SQL files of db/migrations in name order, each once, each in a transaction.
 * Files are named NNNN_domain_what.sql (see docs/decisions/003-sql-migrations.md).
 * A bundled server finds them beside itself in dist/migrations.
 */
export function defaultMigrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  for (const dir of candidates) {
    try {
      readdirSync(dir);
      return dir;
    } catch {
      // try the next one
    }
  }
  throw new Error(`No migrations directory found near ${here}`);
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = defaultMigrationsDir()): MigrationFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(dir, name), 'utf8');
      return { name, sql: text, checksum: createHash('sha256').update(text).digest('hex') };
    });
}

/**
 * The database holds a migration this release does not have: it was migrated by a newer release. Serving on it
 * could write rows the newer schema forbids or read columns that moved, so the node refuses to start (decision 295).
 */
export class SchemaNewerThanReleaseError extends Error {
  constructor(public readonly unknownMigrations: string[]) {
    super(
      `The database schema is newer than this release: it has migration(s) ${unknownMigrations.join(', ')} that ` +
        'this release does not know. A newer release migrated it; run that release (or a newer one) against this ' +
        'database, or restore a backup taken before the upgrade. Refusing to serve.',
    );
    this.name = 'SchemaNewerThanReleaseError';
  }
}

/**
 * The key of the session-level advisory lock every node takes around its migration run on PostgreSQL
 * (decision 295): nodes started together migrate one after the other, so each migration runs once and a node
 * never serves before the schema it needs is complete. The number is arbitrary but fixed for the project.
 */
export const MIGRATION_LOCK_KEY = 7_291_045_532_011;

export async function migrate(database: Database, dir?: string): Promise<string[]> {
  const migrations = readMigrations(dir);
  if (database.connection.driver !== 'postgres') {
    // PGlite is one process's own database: nobody else can migrate it at the same time.
    return applyMigrations(database, migrations);
  }
  // A session of its own holds the lock while the migrations run on the pool's connections.
  const lockClient = new pg.Client({ connectionString: database.connection.url });
  await lockClient.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await applyMigrations(database, migrations);
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockClient.end().catch(() => undefined);
  }
}

async function applyMigrations(database: Database, migrations: MigrationFile[]): Promise<string[]> {
  await database.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );`);
  const applied = new Map<string, string>();
  const result = await database.db.execute(sql`select name, checksum from schema_migrations`);
  for (const row of rowsOf<{ name: string; checksum: string }>(result)) applied.set(row.name, row.checksum);
  const known = new Set(migrations.map((migration) => migration.name));
  const unknown = [...applied.keys()].filter((name) => !known.has(name)).sort();
  if (unknown.length > 0) throw new SchemaNewerThanReleaseError(unknown);

  const ran: string[] = [];
  for (const migration of migrations) {
    const previous = applied.get(migration.name);
    if (previous) {
      if (previous !== migration.checksum) {
        throw new Error(`Migration ${migration.name} was changed after it ran; add a new migration instead.`);
      }
      continue;
    }
    const escapedName = migration.name.replace(/'/g, "''");
    try {
      await database.exec(
        `BEGIN;\n${migration.sql}\n;\nINSERT INTO schema_migrations (name, checksum) VALUES ('${escapedName}', '${migration.checksum}');\nCOMMIT;`,
      );
    } catch (error) {
      await database.exec('ROLLBACK;').catch(() => undefined);
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
    }
    ran.push(migration.name);
  }
  return ran;
}
