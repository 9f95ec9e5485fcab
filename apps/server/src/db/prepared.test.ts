import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { queryTemplate, statementTemplate, warmConnection, prepareTemplateOnConnect } from './prepared';

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
