import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '../src/plugins/auth';
import { createSessionService } from '../src/modules/auth/session.service';
import { users } from '../src/modules/auth/auth.tables';
import { createTestApp, type TestApp } from './helpers';
import { testTimeouts } from '../../../test-timeouts.mjs';

/**
 * Walks every operation of the OpenAPI document and sends malformed bodies, path and query
 * parameters and headers, as a visitor and as a logged-in user. Any 5xx or hang fails.
 * New routes are covered automatically because they appear in the document.
 */
type Operation = { method: string; path: string };

let t: TestApp;
let operations: Operation[] = [];
let sessionCookie = '';

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 12);
// A request that has not answered within the configured condition wait (test-timeouts.mjs) counts as a hang.
const HANG_MS = testTimeouts.conditionMs;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
  const userId = randomUUID();
  await t.database.db.insert(users).values({
    id: userId,
    memberId: `MS-FUZZ-${userId.slice(0, 8)}`,
    fullName: 'Fuzz Buyer',
    email: `fuzz-${userId}@example.ca`,
    phoneNumber: `+1416555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
    passwordHash: 'not-a-real-hash',
    roles: ['buyer'],
  });
  const token = await createSessionService(t.database.db).create(userId);
  sessionCookie = `${SESSION_COOKIE}=${token}`;
}, 120_000);
afterAll(async () => t?.close());

const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '../../etc/passwd',
    '%00',
    '\u0000',
    'a\u0000b',
    '1e3',
    '0x10',
    'some-seller-slug',
    "' OR 1=1 --",
    '<script>',
    'é'.repeat(300),
    '9'.repeat(40),
  ),
  fc.uuid().map(String),
  fc.integer().map(String),
);
const weirdBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })),
  fc
    .dictionary(
      fc.constantFrom(
        'email',
        'password',
        'phoneNumber',
        'quantity',
        'page',
        'id',
        'rating',
        'path',
        'token',
        'name',
        'price',
      ),
      fc.jsonValue({ maxDepth: 2 }),
    )
    .map((value) => ({ kind: 'json' as const, value })),
  fc.string({ maxLength: 60 }).map((value) => ({ kind: 'raw-json' as const, value })),
  fc.string({ maxLength: 60 }).map((value) => ({ kind: 'form' as const, value })),
  fc.constant({ kind: 'none' as const, value: null }),
);
const roleHeader = fc.constantFrom<string | undefined>(
  'buyer',
  'buyer',
  'seller',
  'admin',
  'root',
  '',
  undefined,
);

function fillPath(path: string, values: string[]): string {
  let index = 0;
  return path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[index++ % values.length] || 'x'));
}

async function withinTime<T>(promise: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: ${label}`)), HANG_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('OpenAPI fuzzing', () => {
  it('finds the documented operations', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  for (const asUser of [false, true]) {
    it(`never answers 5xx or hangs on malformed input (${asUser ? 'logged in' : 'visitor'})`, async () => {
      for (const operation of operations) {
        await fc.assert(
          fc.asyncProperty(
            fc.array(weirdString, { minLength: 1, maxLength: 3 }),
            fc.dictionary(
              fc.constantFrom(
                'page',
                'pageSize',
                'q',
                'path',
                'id',
                'sort',
                'type',
                'minPrice',
                'state',
                'to',
                'limit',
              ),
              weirdString,
              { maxKeys: 4 },
            ),
            weirdBody,
            roleHeader,
            async (pathValues, query, body, role) => {
              const url = fillPath(operation.path, pathValues);
              const headers: Record<string, string> = {};
              if (role !== undefined) headers.role = role;
              if (asUser) headers.cookie = sessionCookie;
              let payload: string | undefined;
              if (body.kind === 'json') {
                headers['content-type'] = 'application/json';
                payload = JSON.stringify(body.value);
              } else if (body.kind === 'raw-json') {
                headers['content-type'] = 'application/json';
                payload = body.value;
              } else if (body.kind === 'form') {
                headers['content-type'] = 'application/x-www-form-urlencoded';
                payload = body.value;
              }
              const method = operation.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
              const res = await withinTime(
                t.app.inject({
                  method,
                  url,
                  query,
                  headers,
                  ...(payload !== undefined && method !== 'GET' ? { payload } : {}),
                }),
                `${operation.method} ${url}`,
              );
              if (res.statusCode >= 500) {
                throw new Error(
                  `${operation.method} ${url} ${JSON.stringify(query)} → ${res.statusCode} ${res.body.slice(0, 300)}`,
                );
              }
            },
          ),
          { numRuns: RUNS_PER_OPERATION, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
        );
      }
    }, 600_000);
  }
});

/**
 * Issue 14: deterministic probes per class of input that used to answer 500, sent to every operation as a
 * privileged user (buyer, seller and admin, so role checks do not stop the request early) and as a visitor.
 * Each probe must answer below 500 within HANG_MS.
 */
describe('OpenAPI fuzzing: input classes of decision 055 and the security rounds', () => {
  type Probe = {
    label: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string | Buffer;
  };
  type Op = Operation & { queryNames: string[] };
  let ops: Op[] = [];
  let privileged = '';

  beforeAll(async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        })),
    );
    const userId = randomUUID();
    await t.database.db.insert(users).values({
      id: userId,
      memberId: `MS-FUZZ-${userId.slice(0, 8)}`,
      fullName: 'Fuzz Admin',
      email: `fuzz-admin-${userId}@example.ca`,
      phoneNumber: `+1613555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
      passwordHash: 'not-a-real-hash',
      roles: ['buyer', 'seller', 'admin'],
    });
    privileged = `${SESSION_COOKIE}=${await createSessionService(t.database.db).create(userId)}`;
  });

  const roleFor = (path: string) =>
    path.includes('/admin') ? 'admin' : path.includes('/seller-centre') ? 'seller' : 'buyer';
  const isWrite = (op: Op) => op.method !== 'GET' && op.method !== 'DELETE';
  // Logging out would end the privileged session the other probes use.
  const keepsSession = (op: Op) => !op.path.endsWith('/auth/logout');

  const oddIds = [
    'abc',
    'some-seller-slug',
    '1e3',
    '-1',
    '0x10',
    'NaN',
    '9'.repeat(40),
    '%2e%2e',
    'x%00y',
    '%E2%80%AE',
  ];

  function probesFor(op: Op): Probe[] {
    const probes: Probe[] = [];
    const hasParams = op.path.includes('{');
    // Non-numeric, oversized and encoded ids in every path parameter.
    if (hasParams)
      for (const id of oddIds)
        probes.push({ label: `path id ${id}`, url: op.path.replace(/\{[^}]+\}/g, id) });
    const base = op.path.replace(/\{[^}]+\}/g, '1');
    // NUL bytes and odd ids in every query parameter.
    for (const name of op.queryNames) {
      for (const value of ['%00', 'a%00b', 'some-seller-slug', '-1', '9'.repeat(40)]) {
        probes.push({ label: `query ${name}=${value}`, url: `${base}?${name}=${value}` });
      }
    }
    // Other spellings of the path the router may or may not accept.
    probes.push(
      { label: 'encoded path', url: base.replace('/api/v1/', '/api/v%31/') },
      { label: 'double slash', url: base.replace('/api/v1/', '/api//v1/') },
      { label: 'dot segment', url: `${base}/.` },
      { label: 'encoded slash', url: base.replace(/\/([^/]*)$/, '%2F$1') },
    );
    if (isWrite(op)) {
      const json = { 'content-type': 'application/json' };
      probes.push(
        {
          label: 'NUL in body strings',
          url: base,
          headers: json,
          payload: JSON.stringify({
            name: 'a\u0000',
            fullName: 'a\u0000',
            email: 'a\u0000@example.ca',
            phoneNumber: '\u0000',
            term: '\u0000',
            token: '\u0000',
            id: '\u0000',
            items: ['\u0000'],
          }),
        },
        { label: 'NUL in a key', url: base, headers: json, payload: '{"a\\u0000":1}' },
        {
          label: 'multipart without boundary',
          url: base,
          headers: { 'content-type': 'multipart/form-data' },
          payload: 'x',
        },
        {
          label: 'truncated multipart',
          url: base,
          headers: { 'content-type': 'multipart/form-data; boundary=Fz' },
          payload: '--Fz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PN',
        },
      );
    }
    return probes;
  }

  async function send(op: Op, probe: Probe, cookie: string | undefined) {
    const method = op.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const headers: Record<string, string> = { role: roleFor(op.path), ...(probe.headers ?? {}) };
    if (cookie) headers.cookie = cookie;
    const res = await withinTime(
      t.app.inject({
        method,
        url: probe.url,
        headers,
        ...(probe.payload !== undefined && method !== 'GET' ? { payload: probe.payload } : {}),
      }),
      `${op.method} ${probe.url} (${probe.label})`,
    );
    if (res.statusCode >= 500) {
      throw new Error(
        `${op.method} ${probe.url} (${probe.label}) → ${res.statusCode} ${res.body.slice(0, 300)}`,
      );
    }
  }

  for (const asPrivileged of [true, false]) {
    it(`NUL bytes, odd ids, encoded paths and broken multipart never answer 5xx (${asPrivileged ? 'admin' : 'visitor'})`, async () => {
      expect(ops.length).toBeGreaterThan(0);
      for (const op of ops) {
        const cookie = asPrivileged && keepsSession(op) ? privileged : undefined;
        for (const probe of probesFor(op)) await send(op, probe, cookie);
      }
    }, 300_000);
  }

  it('bursts of 20 concurrent identical requests to every operation never answer 5xx or hang', async () => {
    for (const op of ops) {
      const cookie = keepsSession(op) ? privileged : undefined;
      const probe: Probe = isWrite(op)
        ? {
            label: 'burst',
            url: op.path.replace(/\{[^}]+\}/g, '1'),
            headers: { 'content-type': 'application/json' },
            payload: '{}',
          }
        : { label: 'burst', url: op.path.replace(/\{[^}]+\}/g, '1') };
      await Promise.all(Array.from({ length: 20 }, () => send(op, probe, cookie)));
    }
  }, 300_000);
});
