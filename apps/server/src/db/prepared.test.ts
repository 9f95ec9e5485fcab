import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import {
  queryGenericPlan,
  queryPrepared,
  queryTemplate,
  statementTemplate,
  warmConnection,
  prepareTemplateOnConnect,
} from './prepared';
import { rowsOf } from './transaction';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

describe('statement templates (decision 234)', () => {
  const echo = () =>
    statementTemplate<'name' | 'count' | 'note'>(
      database.db,
      (
        slot,
      ) => sql`SELECT ${slot('name')}::text AS name, ${slot('count')}::integer * ${2}::integer AS doubled,
                      ${slot('name')}::text || ${'!'}::text AS shout, ${slot('note')}::text AS note`,
    );

  it('renders once and runs with each run’s values, a slot used twice filled in both places', async () => {
    const template = echo();
    // The fixed parameters stay as they were rendered; each slot takes its value.
    expect(template.parameters({ name: 'Ada', count: 3, note: null })).toEqual([
      'Ada',
      3,
      2,
      'Ada',
      '!',
      null,
    ]);
    expect(await queryTemplate(database.db, template, { name: 'Ada', count: 3, note: null })).toEqual([
      { name: 'Ada', doubled: 6, shout: 'Ada!', note: null },
    ]);
    expect(await queryTemplate(database.db, template, { name: 'Zoé', count: 21, note: 'x' })).toEqual([
      { name: 'Zoé', doubled: 42, shout: 'Zoé!', note: 'x' },
    ]);
    // Built again, the same text and so the same prepared statement name.
    expect(echo().text).toBe(template.text);
    expect(echo().name).toBe(template.name);
  });

  it('refuses a run without a value for one of its slots, and a template without slots', () => {
    const template = echo();
    expect(() => template.parameters({ name: 'Ada', note: null } as never)).toThrow(
      'No value for the slot count',
    );
    expect(() => statementTemplate(database.db, () => sql`SELECT ${1}::integer`)).toThrow(
      /at least one slot/,
    );
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'is prepared on a new pool connection with the warm-up values, under the name its runs use',
    async () => {
      const template = statementTemplate<'n'>(
        database.db,
        (slot) => sql`SELECT ${slot('n')}::integer + 1 AS n`,
      );
      prepareTemplateOnConnect(database.db, template, { n: 0 });
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      const client = await pool.connect();
      try {
        await warmConnection(pool, client);
        const { rows } = await client.query<{ name: string }>(
          'SELECT name FROM pg_prepared_statements WHERE name = $1',
          [template.name],
        );
        expect(rows).toEqual([{ name: template.name }]);
      } finally {
        client.release();
      }
      expect(await queryTemplate(database.db, template, { n: 41 })).toEqual([{ n: 42 }]);
    },
  );
});

describe('by-id reads with their plan made once (decision 338)', () => {
  const read = (ids: string) =>
    sql`SELECT x.id, x.id::text || ${"'s"}::text AS label, now() - interval '1 day' < now() AS past,
          timestamptz '2024-01-17 23:02:33+00' AS at, x.id::numeric / 4 AS quarter, NULL::text AS nothing
        FROM unnest(${ids}::bigint[]) AS x(id) ORDER BY x.id`;

  it('answers the rows the statement answered before, values and types alike, on each run', async () => {
    for (const ids of ['{1,2,3}', '{7}', '{}', '{5,4}']) {
      // On PostgreSQL it is `queryPrepared` (pg's own parsers: dates as dates); on PGlite the rows `db.execute` gives.
      const before =
        process.env.TEST_DB_DRIVER === 'postgres'
          ? await queryPrepared(database.db, read(ids))
          : rowsOf(await database.db.execute(read(ids)));
      expect(await queryGenericPlan(database.db, read(ids))).toEqual(before);
    }
  });

  it.runIf(process.env.TEST_DB_DRIVER !== 'postgres')(
    'on PGlite: prepared once in the session, run with a generic plan, the session’s plan mode left as it was',
    async () => {
      await queryGenericPlan(database.db, read('{1}'));
      const prepared = async () =>
        rowsOf<{ name: string; generic_plans: number; custom_plans: number }>(
          await database.db.execute(
            sql`SELECT name, generic_plans::int, custom_plans::int FROM pg_prepared_statements
                WHERE statement LIKE '%AS x(id) ORDER BY x.id%'`,
          ),
        );
      const [before] = await prepared();
      expect(before).toMatchObject({ custom_plans: 0 });
      await queryGenericPlan(database.db, read('{2,3}'));
      expect(await prepared()).toEqual([{ ...before, generic_plans: before!.generic_plans + 1 }]);
      const mode = async () =>
        rowsOf<{ plan_cache_mode: string }>(await database.db.execute(sql`SHOW plan_cache_mode`))[0];
      expect(await mode()).toEqual({ plan_cache_mode: 'auto' });
      // A run that fails (a bad value) leaves the mode as it was too: SET and EXECUTE are one implicit transaction.
      await expect(queryGenericPlan(database.db, read('{1,x}'))).rejects.toThrow();
      expect(await mode()).toEqual({ plan_cache_mode: 'auto' });
      // The session's statements dropped (DEALLOCATE ALL): prepared again on the next run.
      await database.db.execute(sql`DEALLOCATE ALL`);
      expect(await queryGenericPlan(database.db, read('{4}'))).toEqual(
        rowsOf(await database.db.execute(read('{4}'))),
      );
    },
  );

  it('takes any text as a value: quotes and backslashes as written, a NUL refused as by a plain query', async () => {
    const echo = (text: string) => sql`SELECT ${text}::text AS text, length(${text}::text) AS n`;
    for (const text of ["O'Brien", "''; DROP TABLE products; --", 'back\\slash', 'é à ç']) {
      const [row] = await queryGenericPlan<{ text: string; n: number | string }>(database.db, echo(text));
      expect(row!.text).toBe(text);
      expect(Number(row!.n)).toBe(text.length);
    }
    // Refused by the database itself (a text value cannot hold NUL), as the plain query is: never run as written.
    const refused = (run: Promise<unknown>) =>
      run.then(
        () => false,
        () => true,
      );
    expect(await refused(queryGenericPlan(database.db, echo('a\u0000b')))).toBe(true);
    expect(await refused(database.db.execute(echo('a\u0000b')))).toBe(true);
  });

  it('runs inside a transaction as a plain statement', async () => {
    const rows = await database.db.transaction(async (tx) => queryGenericPlan(tx, read('{9,8}')));
    expect(rows.map((row) => row.id)).toEqual(
      rowsOf<{ id: unknown }>(await database.db.execute(read('{8,9}'))).map((row) => row.id),
    );
  });
});
