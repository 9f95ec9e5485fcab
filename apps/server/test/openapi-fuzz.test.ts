import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '../src/plugins/auth';
import { SessionService } from '../src/modules/auth/session.service';
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
  const token = await new SessionService(t.database.db).create(userId);
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
