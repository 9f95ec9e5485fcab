import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { createUser } from './security-helpers';

/**
 * Decision 247: every POST route honours Idempotency-Key, except the routes the decision lists as opted out.
 * Walks every POST operation of the OpenAPI document with a malformed key (refused before the body is read on an
 * idempotent route): 400 IDEMPOTENCY_KEY_INVALID, or the route is on the decision's list. Then POST /address twice
 * with one key makes one address and answers the same.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const decision = readFileSync(
  path.resolve(here, '..', '..', '..', '..', 'docs', 'decisions', '247-idempotency-key-on-every-post.md'),
  'utf8',
);
/** The opt-out list of decision 247, as `METHOD path` of the OpenAPI document. */
const OPTED_OUT = [
  'POST /api/v1/auth/signup',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/payment/webhook',
];

let t: TestApp;
let cookie = '';
let posts: Array<{ path: string; role: Role }> = [];
beforeAll(async () => {
  t = await createTestApp();
  cookie = `ms_session=${(await createUser(t, ['buyer', 'seller', 'admin'])).token}`;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { 'x-required-role'?: Role }>>;
  };
  posts = Object.entries(doc.paths).flatMap(([p, methods]) =>
    methods.post ? [{ path: p, role: methods.post['x-required-role'] ?? 'buyer' }] : [],
  );
}, 120_000);
afterAll(async () => t?.close());

describe('Idempotency-Key on every POST (decision 247)', () => {
  it('the decision names every route that opts out', () => {
    for (const route of OPTED_OUT) expect(decision, route).toContain(`\`${route.replace('/api/v1/', '')}\``);
  });

  it('every POST operation is idempotent by key, or on the decision’s opt-out list', async () => {
    expect(posts.length).toBeGreaterThan(30);
    const notIdempotent: string[] = [];
    for (const op of posts) {
      const res = await t.app.inject({
        method: 'POST',
        url: op.path.replace(/\{[^}]+\}/g, '1'),
        headers: { role: op.role, cookie, 'idempotency-key': 'not a valid key' },
        payload: {},
      });
      const refusedKey = res.statusCode === 400 && res.json().error?.code === 'IDEMPOTENCY_KEY_INVALID';
      if (!refusedKey) notIdempotent.push(`POST ${op.path}`);
    }
    expect(notIdempotent.sort()).toEqual([...OPTED_OUT].sort());
  });

  it('POST /address twice with one key makes one address and answers the same', async () => {
    const user = await createUser(t, ['buyer']);
    const headers = { role: 'buyer', cookie: `ms_session=${user.token}`, 'idempotency-key': 'address-key-1' };
    const payload = {
      street: '200 Bay St',
      country: 'Canada',
      province: 'ON',
      city: 'Toronto',
      postalCode: 'm5j2j2',
    };
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/address', headers, payload });
    expect(first.statusCode, first.body).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/address', headers, payload });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/address', headers });
    const items = list.json() as { addresses?: unknown[]; items?: unknown[] };
    expect((items.addresses ?? items.items)!).toHaveLength(1);
    // Another key is another action: a second address.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/address',
      headers: { ...headers, 'idempotency-key': 'address-key-2' },
      payload,
    });
    expect(other.statusCode).toBe(201);
    expect(other.json().address.id).not.toBe(first.json().address.id);
  });
});
