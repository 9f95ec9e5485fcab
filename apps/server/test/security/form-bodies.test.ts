import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/plugins/auth';
import { createTestApp, type TestApp } from '../helpers';
import {
  createUser,
  documentedOperations,
  SIGNATURE_AUTHENTICATED_PATHS,
  type TestUser,
} from './security-helpers';

/**
 * docs/product.md §7: only `auth/login` and `auth/signup` take a URL-encoded form body. Everywhere else a form body
 * is refused with 415 before any handler runs, so an HTML form can never feed another route.
 */
let t: TestApp;
let user: TestUser;
let operations: Array<{ method: string; path: string }> = [];
/** The role each operation requires, as the OpenAPI document marks it (decision 246), checked before the body. */
const requiredRoles = new Map<string, string>();
const FORM_ROUTES = ['/api/v1/auth/login', '/api/v1/auth/signup'];
/** The webhook reads its raw body whatever the type and refuses it unless signed (decision 073). */
const RAW_BODY_ROUTES = SIGNATURE_AUTHENTICATED_PATHS;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t, ['buyer', 'seller', 'admin']);
  operations = (await documentedOperations(t)).filter(
    (operation) =>
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method) &&
      !FORM_ROUTES.includes(operation.path) &&
      !RAW_BODY_ROUTES.includes(operation.path),
  );
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { 'x-required-role'?: string }>>;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (op['x-required-role']) requiredRoles.set(`${method.toUpperCase()} ${path}`, op['x-required-role']);
    }
  }
}, 120_000);
afterAll(async () => t?.close());

const fill = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001');

describe('URL-encoded form bodies', () => {
  it('are refused with 415 on every state-changing route but login and signup', async () => {
    expect(operations.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const { method, path } of operations) {
      const role = requiredRoles.get(`${method} ${path}`) ?? 'buyer';
      const res = await t.app.inject({
        method,
        url: fill(path),
        headers: { role, 'content-type': 'application/x-www-form-urlencoded' },
        cookies: { [SESSION_COOKIE]: user.token },
        payload: 'phoneNumber=%2B14165550199&name=x',
      });
      const code = (res.json() as { error?: { code?: string } }).error?.code;
      if (res.statusCode !== 415 || code !== 'UNSUPPORTED_MEDIA_TYPE') {
        failures.push(`${method} ${path} → ${res.statusCode} ${code}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('are still accepted by login and signup (docs/product.md §7)', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { role: 'buyer', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(user.password)}`,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.email).toBe(user.email);

    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { role: 'buyer', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'fullName=Form+Body',
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers 415 with JSON text on a route that takes JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-otp',
      headers: { role: 'buyer', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phoneNumber=%2B14165550199',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('form') },
    });
  });
});
