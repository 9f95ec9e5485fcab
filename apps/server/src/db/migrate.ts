import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
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

export async function migrate(database: Database, dir?: string): Promise<string[]> {
  const migrations = readMigrations(dir);
  await database.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );`);
  const applied = new Map<string, string>();
  const result = await database.db.execute(sql`select name, checksum from schema_migrations`);
  for (const row of rowsOf<{ name: string; checksum: string }>(result)) applied.set(row.name, row.checksum);

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
