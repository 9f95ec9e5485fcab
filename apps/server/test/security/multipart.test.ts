import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../../src/modules/auth/session.service';
import { createTestApp, type TestApp } from '../helpers';
import { fillPath, listOperations, type Operation } from './openapi-operations';

/**
 * Issue 14 / decision 057: a multipart body without a boundary, or cut short, answered 500 on all 11 routes with a
 * multipart parser. Every write operation now answers 400 MALFORMED_MULTIPART (or 415 where multipart is not
 * accepted at all), never 5xx.
 */
let t: TestApp;
let writes: Operation[];
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  writes = (await listOperations(t.app)).filter((op) => op.method !== 'GET' && op.method !== 'DELETE');
  const id = randomUUID();
  await t.database.db.execute(
    sql`insert into users (id, member_id, full_name, email, phone_number, password_hash, roles)
        values (${id}, ${`MP${id.slice(0, 8)}`}, 'Multipart Admin', ${`${id}@example.ca`}, '+16135550888', 'x', '{buyer,seller,admin}')`,
  );
  cookie = `ms_session=${await createSessionService(t.database.db).create(id)}`;
}, 120_000);
afterAll(async () => t?.close());

const roleFor = (path: string) =>
  path.includes('/admin') ? 'admin' : path.includes('/seller-centre') ? 'seller' : 'buyer';

const truncatedBodies = [
  // Part headers, then the body ends: no closing boundary.
  '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nsomeone@example.ca',
  // A file part cut in the middle of its bytes.
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n',
  // Cut inside the part headers.
  '--XyZ\r\nContent-Disposition: form-da',
];

describe('malformed multipart bodies', () => {
  it('the auth routes and the admin upload accept multipart (the class under test exists)', async () => {
    const multipartRoutes: string[] = [];
    for (const op of writes) {
      const res = await t.app.inject({
        method: op.method,
        url: fillPath(op.path, '1'),
        headers: { role: roleFor(op.path), cookie, 'content-type': 'multipart/form-data' },
        payload: 'x',
      });
      if (res.statusCode === 400 && res.json().error.code === 'MALFORMED_MULTIPART')
        multipartRoutes.push(op.path);
    }
    expect(multipartRoutes).toContain('/api/v1/auth/login');
    expect(multipartRoutes).toContain('/api/v1/admin/uploads');
    expect(multipartRoutes.length).toBeGreaterThanOrEqual(11);
  });

  it('without a boundary, with an empty or oversized one: 4xx on every write operation', async () => {
    for (const op of writes) {
      for (const type of [
        'multipart/form-data',
        'multipart/form-data; boundary=',
        `multipart/form-data; boundary=${'b'.repeat(300)}`,
        'multipart/mixed; charset=utf-8',
      ]) {
        const url = fillPath(op.path, '1');
        const res = await t.app.inject({
          method: op.method,
          url,
          headers: { role: roleFor(op.path), cookie, 'content-type': type },
          payload: '--b\r\n\r\n',
        });
        expect(
          res.statusCode,
          `${op.method} ${url} (${type}) ${res.body.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${op.method} ${url} (${type}) ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });

  it('cut short: 400 MALFORMED_MULTIPART where multipart is parsed, never 5xx', async () => {
    for (const op of writes) {
      for (const payload of truncatedBodies) {
        const url = fillPath(op.path, '1');
        const res = await t.app.inject({
          method: op.method,
          url,
          headers: { role: roleFor(op.path), cookie, 'content-type': 'multipart/form-data; boundary=XyZ' },
          payload: Buffer.from(payload, 'latin1'),
        });
        const label = `${op.method} ${url} ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (op.path.startsWith('/api/v1/auth/') || op.path === '/api/v1/admin/uploads') {
          expect(res.json().error.code, label).toBe('MALFORMED_MULTIPART');
        }
      }
    }
  });
});
