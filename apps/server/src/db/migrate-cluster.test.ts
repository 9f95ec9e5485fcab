import { cpSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup';
import { openPostgres, type Database } from './client';
import { defaultMigrationsDir, migrate, readMigrations, SchemaNewerThanReleaseError } from './migrate';

/**
 * Several nodes of a cluster starting on one PostgreSQL database (decision 295): the migration run is serialised by
 * an advisory lock, a node whose release is older than the schema refuses to serve, and a node whose release is
 * newer runs the missing migrations. PostgreSQL only: the embedded PGlite belongs to one process.
 */
const onPostgres = inject('testDbDriver') === 'postgres';
const adminUrl = process.env.DATABASE_URL ?? '';
const created: string[] = [];
const opened: Database[] = [];
const dirs: string[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty database of its own, as a cluster's first start finds it. */
async function emptyDatabase(): Promise<string> {
  const name = `maple_mig_${randomBytes(5).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  created.push(name);
  return withDatabase(adminUrl, name);
}

async function node(url: string): Promise<Database> {
  const database = await openPostgres(url, 2);
  opened.push(database);
  return database;
}

/** The committed migrations minus the last `drop` ones (an older release) or plus extra files (a newer one). */
function release(drop: number, extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-release-'));
  dirs.push(dir);
  cpSync(defaultMigrationsDir(), dir, { recursive: true });
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of files.slice(files.length - drop)) unlinkSync(path.join(dir, file));
  for (const [name, text] of Object.entries(extra)) writeFileSync(path.join(dir, name), text);
  return dir;
}

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => undefined);
  if (onPostgres)
    await admin(async (client) => {
      for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(onPostgres)('migrations on a cluster (PostgreSQL)', () => {
  it('three nodes starting together: one runs every migration, the others wait for it and run none', async () => {
    const url = await emptyDatabase();
    const nodes = await Promise.all([node(url), node(url), node(url)]);
    // Without the lock, the runs race: a migration fails on another's table or runs twice.
    const runs = await Promise.all(nodes.map((database) => migrate(database)));
    const all = readMigrations().map((migration) => migration.name);
    expect(runs.map((ran) => ran.length).sort((a, b) => a - b)).toEqual([0, 0, all.length]);
    expect(runs.find((ran) => ran.length > 0)).toEqual(all);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const count = (
      await client.query<{ n: string; distinct_n: string }>(
        'select count(*) as n, count(distinct name) as distinct_n from schema_migrations',
      )
    ).rows[0]!;
    await client.end();
    expect(Number(count.n)).toBe(all.length);
    expect(Number(count.distinct_n)).toBe(all.length);
  });

  it('a node of an older release refuses a schema a newer release migrated, naming what it does not know', async () => {
    const url = await emptyDatabase();
    const newer = await node(url);
    const future = '9990_cluster_future.sql';
    await migrate(newer, release(0, { [future]: 'CREATE TABLE cluster_future (id int PRIMARY KEY);' }));
    const older = await node(url);
    const refusal = migrate(older);
    await expect(refusal).rejects.toBeInstanceOf(SchemaNewerThanReleaseError);
    await expect(migrate(older)).rejects.toThrow(
      new RegExp(`schema is newer than this release.*${future.replace('.', '\\.')}.*Refusing to serve`),
    );
    // The lock was released despite the refusal: the newer release can still run.
    expect(
      await migrate(newer, release(0, { [future]: 'CREATE TABLE cluster_future (id int PRIMARY KEY);' })),
    ).toEqual([]);
  });

  it('a node of a newer release on an older schema runs the missing migrations under the lock, once', async () => {
    const url = await emptyDatabase();
    const old = await node(url);
    const all = readMigrations().map((migration) => migration.name);
    const ranByOld = await migrate(old, release(3));
    expect(ranByOld).toEqual(all.slice(0, all.length - 3));
    const [a, b] = await Promise.all([node(url), node(url)]);
    const [ranA, ranB] = await Promise.all([migrate(a), migrate(b)]);
    expect([...ranA, ...ranB]).toEqual(all.slice(all.length - 3));
    // The old release is now older than the schema: it refuses.
    await expect(migrate(old, release(3))).rejects.toBeInstanceOf(SchemaNewerThanReleaseError);
  });
});
