import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { createUser } from './security-helpers';

/**
 * Decision 246: admin and seller routes check the session and the role before the body (or the path and query)
 * is validated. Walks every admin and seller operation of the OpenAPI document with a bad body, as a visitor, a
 * buyer and a user holding the wrong role: 401/403 each time, never a 400 naming the route's fields.
 */
interface Op {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  requiredRole: Role | undefined;
  security: unknown;
}

let t: TestApp;
let ops: Op[] = [];
const cookies: Record<'buyer' | 'seller' | 'admin', string> = { buyer: '', seller: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { 'x-required-role'?: Role; security?: unknown }>>;
  };
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase() as Op['method'],
        path,
        requiredRole: op['x-required-role'],
        security: op.security,
      })),
  );
  // A buyer; a buyer-and-seller (the "seller for admin" of the brief); an admin who is nothing else.
  cookies.buyer = `ms_session=${(await createUser(t, ['buyer'])).token}`;
  cookies.seller = `ms_session=${(await createUser(t, ['buyer', 'seller'])).token}`;
  cookies.admin = `ms_session=${(await createUser(t, ['admin'])).token}`;
}, 120_000);
afterAll(async () => t?.close());

const isAdminPath = (path: string) => path.startsWith('/api/v1/admin/');
const fill = (path: string) => path.replace(/\{[^}]+\}/g, 'not-an-id');

async function send(op: Op, as: { cookie?: string; role: Role }) {
  return t.app.inject({
    method: op.method,
    // A query the route cannot accept either, so a late check would answer 400 naming it.
    url: `${fill(op.path)}?page=-1&pageSize=nope&status=1`,
    headers: { role: as.role, ...(as.cookie ? { cookie: as.cookie } : {}) },
    ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: { unexpected: [1, 2, 3] } }),
  });
}

function expectRefused(res: Awaited<ReturnType<typeof send>>, status: number, label: string) {
  const body = res.json() as { error?: { code?: string; fields?: unknown } };
  expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
  expect(body.error?.code, label).toBe(status === 401 ? 'UNAUTHENTICATED' : 'ROLE_NOT_HELD');
  expect(body.error?.fields, label).toBeUndefined();
}

describe('role before validation', () => {
  it('the document marks every admin operation and the seller operations with their role', () => {
    for (const op of ops.filter((o) => isAdminPath(o.path))) {
      expect(op.requiredRole, `${op.method} ${op.path}`).toBe('admin');
      expect(op.security, `${op.method} ${op.path}`).toEqual([{ session: [] }]);
    }
    const sellerOps = ops.filter((o) => o.requiredRole === 'seller').map((o) => `${o.method} ${o.path}`);
    expect(sellerOps).toEqual(
      expect.arrayContaining([
        'GET /api/v1/seller/me',
        'GET /api/v1/seller/orders',
        'GET /api/v1/seller/orders/{id}',
        'POST /api/v1/seller/orders/{id}/status',
        'GET /api/v1/seller/{id}/tax-profile',
        'PUT /api/v1/seller/{id}/tax-profile',
        'POST /api/v1/quotation/{quotationId}/decision',
        'POST /api/v1/chats/{chatId}/invoices',
        'POST /api/v1/service-chats/{chatId}/invoices',
      ]),
    );
    // Under /seller/ only the public storefront page and its reply time (decision 268) are open to all.
    const openSellerPaths = ops
      .filter((o) => o.path.startsWith('/api/v1/seller/') && o.requiredRole === undefined)
      .map((o) => `${o.method} ${o.path}`);
    expect(openSellerPaths.sort()).toEqual([
      'GET /api/v1/seller/{id}',
      'GET /api/v1/seller/{id}/response-time',
    ]);
  });

  it('every admin operation refuses a visitor (401), a buyer and a seller acting as admin (403)', async () => {
    const admin = ops.filter((o) => isAdminPath(o.path));
    expect(admin.length).toBeGreaterThan(10);
    for (const op of admin) {
      const label = `${op.method} ${op.path}`;
      expectRefused(await send(op, { role: 'admin' }), 401, `visitor ${label}`);
      expectRefused(await send(op, { role: 'buyer', cookie: cookies.buyer }), 403, `buyer ${label}`);
      expectRefused(
        await send(op, { role: 'admin', cookie: cookies.seller }),
        403,
        `seller as admin ${label}`,
      );
      expectRefused(await send(op, { role: 'seller', cookie: cookies.seller }), 403, `seller ${label}`);
    }
  });

  it('every seller operation refuses a visitor (401), a buyer, a buyer acting as seller and an admin (403)', async () => {
    const seller = ops.filter((o) => o.requiredRole === 'seller');
    expect(seller.length).toBeGreaterThan(5);
    for (const op of seller) {
      const label = `${op.method} ${op.path}`;
      expectRefused(await send(op, { role: 'seller' }), 401, `visitor ${label}`);
      expectRefused(await send(op, { role: 'buyer', cookie: cookies.buyer }), 403, `buyer ${label}`);
      expectRefused(
        await send(op, { role: 'seller', cookie: cookies.buyer }),
        403,
        `buyer as seller ${label}`,
      );
      expectRefused(await send(op, { role: 'admin', cookie: cookies.admin }), 403, `admin ${label}`);
      expectRefused(
        await send(op, { role: 'seller', cookie: cookies.admin }),
        403,
        `admin as seller ${label}`,
      );
    }
  });
});
