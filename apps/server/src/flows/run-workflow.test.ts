import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { rowsOf, type Tx } from '../db/transaction';
import { runWorkflow } from './run-workflow';

/** runWorkflow (decision 066) on the database this run tests: one result per key, `work` run once. */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.exec(`CREATE TABLE test_orders (id serial PRIMARY KEY, invoice text NOT NULL)`);
});
afterAll(async () => database?.destroy());

async function ordersFor(invoice: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(sql`SELECT count(*)::int AS n FROM test_orders WHERE invoice = ${invoice}`),
  );
  return Number(row!.n);
}

function acceptInvoice(invoice: string, counter: { runs: number }) {
  return async (tx: Tx) => {
    counter.runs += 1;
    const [order] = rowsOf<{ id: number }>(
      await tx.execute(sql`INSERT INTO test_orders (invoice) VALUES (${invoice}) RETURNING id`),
    );
    return { orderId: Number(order!.id), acceptedAt: new Date('2026-11-23T12:00:00Z') };
  };
}

describe('runWorkflow', () => {
  it('returns the stored result for the same key without running the work again', async () => {
    const counter = { runs: 0 };
    const first = await runWorkflow(
      database.db,
      { name: 'accept-invoice', key: 'inv-1' },
      acceptInvoice('inv-1', counter),
    );
    const second = await runWorkflow(
      database.db,
      { name: 'accept-invoice', key: 'inv-1' },
      acceptInvoice('inv-1', counter),
    );
    expect(counter.runs).toBe(1);
    expect(second).toEqual(first);
    // Both callers get the JSON form, so the first answer and a replay look the same.
    expect(first.acceptedAt).toBe('2026-11-23T12:00:00.000Z');
    expect(await ordersFor('inv-1')).toBe(1);
  });

  it('runs once per (name, key): another key or another workflow name runs again', async () => {
    const counter = { runs: 0 };
    await runWorkflow(database.db, { name: 'accept-invoice', key: 'inv-2' }, acceptInvoice('inv-2', counter));
    await runWorkflow(database.db, { name: 'accept-invoice', key: 'inv-3' }, acceptInvoice('inv-2', counter));
    await runWorkflow(database.db, { name: 'reorder', key: 'inv-2' }, acceptInvoice('inv-2', counter));
    expect(counter.runs).toBe(3);
    expect(await ordersFor('inv-2')).toBe(3);
  });

  it('runs the work once under 20 concurrent calls with one key, and all get its result', async () => {
    const counter = { runs: 0 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        runWorkflow(
          database.db,
          { name: 'accept-invoice', key: 'inv-race' },
          acceptInvoice('inv-race', counter),
        ),
      ),
    );
    expect(counter.runs).toBe(1);
    expect(await ordersFor('inv-race')).toBe(1);
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
  });

  it('stores nothing when the work fails, so the next call runs it', async () => {
    const counter = { runs: 0 };
    await expect(
      runWorkflow(database.db, { name: 'accept-invoice', key: 'inv-fail' }, async (tx) => {
        await acceptInvoice('inv-fail', counter)(tx);
        throw new Error('payment provider unavailable');
      }),
    ).rejects.toThrow('payment provider unavailable');
    expect(await ordersFor('inv-fail')).toBe(0);
    const result = await runWorkflow(
      database.db,
      { name: 'accept-invoice', key: 'inv-fail' },
      acceptInvoice('inv-fail', counter),
    );
    expect(counter.runs).toBe(2);
    expect(result.orderId).toBeGreaterThan(0);
    expect(await ordersFor('inv-fail')).toBe(1);
  });

  it('refuses malformed names and keys', async () => {
    const work = async () => 1;
    await expect(runWorkflow(database.db, { name: 'Accept Invoice', key: 'k' }, work)).rejects.toThrow(
      /names/,
    );
    await expect(runWorkflow(database.db, { name: 'accept-invoice', key: '' }, work)).rejects.toThrow(/key/);
    await expect(runWorkflow(database.db, { name: 'accept-invoice', key: 'a\u0000b' }, work)).rejects.toThrow(
      /key/,
    );
  });
});
