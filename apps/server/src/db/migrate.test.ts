import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { defaultMigrationsDir, migrate, readMigrations, SchemaNewerThanReleaseError } from './migrate';
import { rowsOf } from './transaction';

let database: TestDatabase;
/** A migrations folder holding the committed files plus a test's own (a release with one more migration). */
function releaseDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-release-'));
  cpSync(defaultMigrationsDir(), dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

describe('migrations (run on PGlite, and on PostgreSQL when DATABASE_URL is set)', () => {
  it('applied every committed migration to the fresh database', async () => {
    const rows = rowsOf<{ name: string }>(
      await database.db.execute(sql`select name from schema_migrations order by name`),
    );
    expect(rows.map((row) => row.name)).toEqual(readMigrations().map((m) => m.name));
    const trgm = rowsOf(await database.db.execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`));
    expect(trgm).toHaveLength(1);
  });

  it('is idempotent: a second run applies nothing', async () => {
    expect(await migrate(database)).toEqual([]);
  });

  it('applies a new file once and refuses an edited one', async () => {
    const dir = releaseDir();
    writeFileSync(path.join(dir, '9000_probe.sql'), 'CREATE TABLE probe_table (id int PRIMARY KEY);');
    expect(await migrate(database, dir)).toEqual(['9000_probe.sql']);
    expect(await migrate(database, dir)).toEqual([]);
    writeFileSync(path.join(dir, '9000_probe.sql'), 'CREATE TABLE probe_table (id bigint PRIMARY KEY);');
    await expect(migrate(database, dir)).rejects.toThrow(/changed after it ran/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a database migrated by a newer release, naming the migration it does not know', async () => {
    // The previous test left 9000_probe.sql applied: the committed release does not have it.
    const refusal = migrate(database);
    await expect(refusal).rejects.toBeInstanceOf(SchemaNewerThanReleaseError);
    await expect(migrate(database)).rejects.toThrow(/schema is newer than this release.*9000_probe\.sql/);
    await database.exec(
      `DROP TABLE probe_table; DELETE FROM schema_migrations WHERE name = '9000_probe.sql';`,
    );
    expect(await migrate(database)).toEqual([]);
  });

  it('rolls a failing migration back completely', async () => {
    const dir = releaseDir();
    writeFileSync(
      path.join(dir, '9100_bad.sql'),
      'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;',
    );
    await expect(migrate(database, dir)).rejects.toThrow(/9100_bad.sql failed/);
    const rows = rowsOf(
      await database.db.execute(sql`select 1 from information_schema.tables where table_name = 'half_done'`),
    );
    expect(rows).toHaveLength(0);
    // The connection is usable afterwards.
    await database.ping();
    rmSync(dir, { recursive: true, force: true });
  });
});
