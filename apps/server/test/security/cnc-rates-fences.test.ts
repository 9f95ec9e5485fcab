import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/transaction';
import { createTestApp, type TestApp } from '../helpers';
import { createUser } from './security-helpers';

/**
 * The CNC quote's rates are the admin's (decision 322): a visitor, a buyer, a seller and a buyer-and-seller who
 * claims the admin role are all refused by the admin scope's guard (401/403, before the body is read), and no row
 * is written. The admin routes under /api/v1/admin/cnc-rates come from the OpenAPI document: a new one fails this
 * test until it is listed below.
 */
let t: TestApp;
const cookies: Record<'buyer' | 'seller' | 'both', string> = { buyer: '', seller: '', both: '' };
beforeAll(async () => {
  t = await createTestApp();
  cookies.buyer = `ms_session=${(await createUser(t, ['buyer'])).token}`;
  cookies.seller = `ms_session=${(await createUser(t, ['seller'])).token}`;
  cookies.both = `ms_session=${(await createUser(t, ['buyer', 'seller'])).token}`;
});
afterAll(async () => t?.close());

const fenced = ['GET /api/v1/admin/cnc-rates', 'POST /api/v1/admin/cnc-rates'];
const body = { effectiveFrom: '2099-01-01' };

describe('CNC rates fences (decision 322)', () => {
  it('lists every CNC rates operation of the document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin/cnc-rates'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual([...fenced].sort());
  });

  it.each(fenced)('%s refuses everyone but an admin, and writes nothing', async (operation) => {
    const [method, url] = operation.split(' ') as ['GET' | 'POST', string];
    const attempt = (headers: Record<string, string>) =>
      t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: body } : {}) });
    expect((await attempt({ role: 'admin' })).statusCode).toBe(401);
    expect((await attempt({ role: 'buyer', cookie: cookies.buyer })).statusCode).toBe(403);
    for (const cookie of Object.values(cookies))
      expect((await attempt({ role: 'admin', cookie })).statusCode).toBe(403);
    const rows = rowsOf<{ n: number | string }>(
      await t.database.db.execute(sql`SELECT count(*) AS n FROM cnc_rates`),
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
