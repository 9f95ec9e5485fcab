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
 * Decision 002: a state-changing API request without a valid `role` header is refused with 403,
 * whatever spelling of the path reaches the route. The router decodes percent-escapes (`/api/v%31/…`
 * and `/%61pi/v1/…` both reach `/api/v1/…`), so the rule must follow the matched route, not the raw URL.
 */
let t: TestApp;
let user: TestUser;
let operations: Array<{ method: string; path: string }> = [];

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  operations = (await documentedOperations(t)).filter(
    (operation) =>
      STATE_CHANGING.has(operation.method) && !SIGNATURE_AUTHENTICATED_PATHS.includes(operation.path),
  );
}, 120_000);
afterAll(async () => t?.close());

const fill = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001');
const encodeChar = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** Spellings the router maps to the same route (it decodes unreserved percent-escapes). */
function routedSpellings(path: string): string[] {
  const rest = path.slice('/api/v1'.length);
  const last = path.at(-1)!;
  const spellings = [
    `/%61pi/v1${rest}`,
    `/api/v%31${rest}`,
    `/%61%70%69/v1${rest}`,
    `/api/%76%31${rest}`,
    /[A-Za-z0-9]/.test(last) ? `${path.slice(0, -1)}${encodeChar(last)}` : `${path}/`,
    `${path}/`,
    `/api/v1${rest.replace(/[a-z]/, (c) => encodeChar(c).toLowerCase())}`,
  ];
  return [...new Set(spellings)];
}

/** Spellings a lenient proxy or browser might normalise; our router must not act on them without the header. */
function otherSpellings(path: string): string[] {
  const rest = path.slice('/api/v1'.length);
  return [
    `/${path}`,
    `/api//v1${rest}`,
    `/api/v1/.${rest}`,
    `/api/./v1${rest}`,
    `/api/v1/x/..${rest}`,
    `${path}/.`,
    `${path}/..`,
    `/API/v1${rest}`,
    `/Api/V1${rest}`,
    `/api/v1%2F${rest.slice(1)}`,
  ];
}

describe('the role-header rule follows the route the router matched', () => {
  it('finds state-changing operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations).toContainEqual({ method: 'POST', path: '/api/v1/auth/login' });
  });

  it('reaches the route through an encoded spelling when the header is present', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v%31/auth/login',
      headers: { role: 'buyer', 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses every state-changing operation under every routed spelling without the header', async () => {
    const failures: string[] = [];
    for (const { method, path } of operations) {
      for (const url of [fill(path), ...routedSpellings(fill(path))]) {
        for (const asUser of [false, true]) {
          const res = await t.app.inject({
            method,
            url,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'email=a%40example.ca&password=x',
            ...(asUser ? { cookies: { [SESSION_COOKIE]: user.token } } : {}),
          });
          const code = (res.json() as { error?: { code?: string } }).error?.code;
          if (res.statusCode !== 403 || code !== 'ROLE_HEADER_REQUIRED') {
            failures.push(`${method} ${url}${asUser ? ' (logged in)' : ''} → ${res.statusCode} ${code}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('never acts on other spellings without the header (403, or 404 when no route matches)', async () => {
    const failures: string[] = [];
    for (const { method, path } of operations) {
      for (const url of otherSpellings(fill(path))) {
        const res = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'email=a%40example.ca&password=x',
          cookies: { [SESSION_COOKIE]: user.token },
        });
        const code = (res.json() as { error?: { code?: string } }).error?.code;
        const refused = res.statusCode === 403 && code === 'ROLE_HEADER_REQUIRED';
        if (!refused && res.statusCode !== 404) failures.push(`${method} ${url} → ${res.statusCode} ${code}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('lets a signature-authenticated webhook refuse every unsigned request itself, whatever the spelling', async () => {
    for (const path of SIGNATURE_AUTHENTICATED_PATHS) {
      for (const url of [path, ...routedSpellings(path), ...otherSpellings(path)]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'email=a%40example.ca&password=x',
          cookies: { [SESSION_COOKIE]: user.token },
        });
        expect([400, 403, 404], url).toContain(res.statusCode);
      }
    }
  });

  it('does not log a browser in through an encoded login path with a form body (login CSRF)', async () => {
    for (const url of ['/api/v%31/auth/login', '/%61pi/v1/auth/login', '/api/v1/auth/logi%6E']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
        payload: `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(user.password)}`,
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });
});
