import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../../src/modules/auth/session.service';
import { createTestApp, type TestApp } from '../helpers';
import { fillPath, listOperations, type Operation } from './openapi-operations';
import { SIGNATURE_AUTHENTICATED_PATHS } from './security-helpers';

/**
 * Issue 14 / decision 057: a NUL byte (`%00` in the URL, `\u0000` in JSON) used to reach PostgreSQL and answer 500
 * from 28 query parameters, 5 path parameters and 6 write bodies. Every operation of the OpenAPI document now gets
 * 400 INVALID_CHARACTERS, as a visitor and as a logged-in admin (so role checks do not hide the route).
 */
let t: TestApp;
let operations: Operation[];
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  operations = await listOperations(t.app);
  const id = randomUUID();
  await t.database.db.execute(
    sql`insert into users (id, member_id, full_name, email, phone_number, password_hash, roles)
        values (${id}, ${`NUL${id.slice(0, 8)}`}, 'Nul Admin', ${`${id}@example.ca`}, '+16135550777', 'x', '{buyer,seller,admin}')`,
  );
  cookie = `ms_session=${await createSessionService(t.database.db).create(id)}`;
}, 120_000);
afterAll(async () => t?.close());

function expectRefused(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(400);
  expect(JSON.parse(res.body).error.code, label).toBe('INVALID_CHARACTERS');
}

/** The role the OpenAPI document marks on the path (decision 246: checked before the body is read), else buyer. */
const roleFor = (path: string) =>
  operations.find((op) => op.path === path && op.requiredRole)?.requiredRole ?? 'buyer';

describe('NUL bytes anywhere a client can put text', () => {
  it('finds operations with query parameters, path parameters and bodies', () => {
    expect(operations.some((op) => op.queryNames.length > 0)).toBe(true);
    expect(operations.some((op) => op.path.includes('{'))).toBe(true);
    expect(operations.some((op) => op.hasBody)).toBe(true);
  });

  it('in every query parameter: 400', async () => {
    for (const op of operations) {
      for (const name of op.queryNames) {
        for (const value of ['%00', 'abc%00def']) {
          const url = `${fillPath(op.path, '1')}?${name}=${value}`;
          const res = await t.app.inject({
            method: op.method,
            url,
            headers: { role: roleFor(op.path), cookie },
          });
          expectRefused(res, `${op.method} ${url}`);
        }
      }
    }
  });

  it('in every path parameter: 400', async () => {
    for (const op of operations.filter((o) => o.path.includes('{'))) {
      const url = fillPath(op.path, 'x%00y');
      const res = await t.app.inject({
        method: op.method,
        url,
        headers: { role: roleFor(op.path), cookie, 'content-type': 'application/json' },
        ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: '{}' }),
      });
      expectRefused(res, `${op.method} ${url}`);
    }
  });

  it('in every JSON string and key of a body: 400', async () => {
    const payloads = [
      { name: 'a\u0000b', fullName: 'a\u0000b', email: 'a\u0000@example.ca', q: '\u0000', term: 'x\u0000' },
      { items: [{ nested: ['ok', 'bad\u0000'] }] },
      { ['key\u0000']: 'value' },
    ];
    for (const op of operations.filter((o) => o.method !== 'GET' && o.method !== 'DELETE')) {
      for (const payload of payloads) {
        const url = fillPath(op.path, '1');
        const res = await t.app.inject({
          method: op.method,
          url,
          headers: { role: roleFor(op.path), cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        // A signed webhook reads its raw bytes and refuses them unsigned before any parsing (decision 073).
        if (SIGNATURE_AUTHENTICATED_PATHS.includes(op.path)) expect(res.statusCode).toBe(400);
        else expectRefused(res, `${op.method} ${url} ${JSON.stringify(payload)}`);
      }
    }
  });

  it('in a form body and in a page path: 400', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { role: 'buyer', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%00%40example.ca&password=x',
    });
    expectRefused(form, 'form login');
    const page = await t.app.inject({ method: 'GET', url: '/products/a%00b' });
    expectRefused(page, 'page');
  });

  it('keeps %2500 (an encoded percent sign) as ordinary text', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/product?q=100%2500',
      headers: { role: 'buyer' },
    });
    expect(res.statusCode).toBe(200);
  });
});
