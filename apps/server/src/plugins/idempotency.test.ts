import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from '../../test/helpers';
import { signUp, type SignedUp } from '../../test/accounts-helpers';
import { waitFor } from '../../test/wait-for';
import { rowsOf } from '../db/transaction';
import { conflict } from './errors';
import { purgeExpiredIdempotencyKeys } from './idempotency';

/**
 * Idempotency-Key (decision 067) on probe routes that create numbered things: the first answer is
 * replayed, a different request under the same key is refused, and keys are per user.
 */
let t: TestApp;
let alice: SignedUp;
let bob: SignedUp;
let created = 0;
const seenKeys: Array<string | null> = [];
/** While set, the slow route waits for it before answering (to hold a key 'running'). */
let gate: { entered: boolean; release: () => void; opened: Promise<void> } | undefined;

function newGate() {
  let release = () => undefined as void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  gate = { entered: false, release, opened };
  return gate;
}

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      const body = z.object({ name: z.string().min(1), quantity: z.number().int().optional() });
      typed.post(
        '/api/v1/__things',
        { config: { idempotency: true }, preHandler: app.requireUser, schema: { body } },
        async (request, reply) => {
          seenKeys.push(request.idempotencyKey);
          if (request.body.name === 'taken') throw conflict('THING_TAKEN', 'That name is taken');
          if (request.body.name === 'boom') throw new Error('the database went away');
          if (request.body.name === 'slow' && gate) {
            gate.entered = true;
            await gate.opened;
          }
          created += 1;
          return reply.code(201).send({ id: created, name: request.body.name, owner: request.user!.id });
        },
      );
      typed.post(
        '/api/v1/__things/:group',
        { config: { idempotency: true }, schema: { body, params: z.object({ group: z.string() }) } },
        async (request, reply) => {
          created += 1;
          return reply.code(201).send({ id: created, group: request.params.group });
        },
      );
      typed.post('/api/v1/__plain', { config: { idempotency: false }, schema: { body } }, async () => {
        created += 1;
        return { id: created };
      });
      // Decision 247: a POST that says nothing is idempotent by key.
      typed.post('/api/v1/__default', { schema: { body } }, async () => {
        created += 1;
        return { id: created };
      });
    },
  });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => t?.close());

const post = (who: SignedUp | null, payload: object, key?: string, url = '/api/v1/__things') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      role: 'buyer',
      ...(who ? { cookie: who.cookie } : {}),
      ...(key !== undefined ? { 'idempotency-key': key } : {}),
    },
    payload,
  });

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body without running the route again', async () => {
    const first = await post(alice, { name: 'bolt', quantity: 3 }, 'key-replay-1');
    expect(first.statusCode).toBe(201);
    const before = created;
    // Same request, keys in another order.
    const again = await post(alice, { quantity: 3, name: 'bolt' }, 'key-replay-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(created).toBe(before);
    expect(seenKeys).toContain('key-replay-1');
  });

  it('refuses the same key with a different body with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    expect((await post(alice, { name: 'nut' }, 'key-reuse')).statusCode).toBe(201);
    const other = await post(alice, { name: 'washer' }, 'key-reuse');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: { code: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) } });
  });

  it('treats other route parameters as a different request', async () => {
    const a = await post(alice, { name: 'x' }, 'key-params', '/api/v1/__things/a');
    expect(a.statusCode).toBe(201);
    const b = await post(alice, { name: 'x' }, 'key-params', '/api/v1/__things/b');
    expect(b.statusCode).toBe(422);
    expect(b.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('keeps answers per user: another user with the same key gets their own answer', async () => {
    const mine = await post(alice, { name: 'shared' }, 'key-users');
    const theirs = await post(bob, { name: 'shared' }, 'key-users');
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().owner).toBe(bob.id);
    const mineAgain = await post(alice, { name: 'shared' }, 'key-users');
    expect(mineAgain.json()).toEqual(mine.json());
  });

  it('runs as usual without the header', async () => {
    const one = await post(alice, { name: 'plain' });
    const two = await post(alice, { name: 'plain' });
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(two.json().id).toBe(one.json().id + 1);
    expect(two.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_PROGRESS to a duplicate while the first is running, then replays', async () => {
    const g = newGate();
    const firstPending = post(alice, { name: 'slow' }, 'key-concurrent');
    await waitFor('the first request to reach the route', () => g.entered);
    const duplicate = await post(alice, { name: 'slow' }, 'key-concurrent');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    expect(duplicate.headers['retry-after']).toBe('1');
    g.release();
    const first = await firstPending;
    gate = undefined;
    expect(first.statusCode).toBe(201);
    const replay = await post(alice, { name: 'slow' }, 'key-concurrent');
    expect(replay.json()).toEqual(first.json());
  });

  it('creates one thing when many duplicates race', async () => {
    const before = created;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(alice, { name: 'race' }, 'key-race')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(created).toBe(before + 1);
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().id));
    expect(ids.size).toBe(1);
  });

  it('stores and replays a 4xx answer, but not a 5xx one', async () => {
    const taken = await post(alice, { name: 'taken' }, 'key-4xx');
    expect(taken.statusCode).toBe(409);
    const again = await post(alice, { name: 'taken' }, 'key-4xx');
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(taken.json());

    const boom = await post(alice, { name: 'boom' }, 'key-5xx');
    expect(boom.statusCode).toBe(500);
    const stored = rowsOf(await t.app.db.execute(sql`SELECT 1 FROM idempotency_keys WHERE key = 'key-5xx'`));
    expect(stored).toEqual([]);
    const retry = await post(alice, { name: 'boom' }, 'key-5xx');
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a bad header value with 400 IDEMPOTENCY_KEY_INVALID', async () => {
    for (const key of [
      '',
      'x'.repeat(256),
      'has space',
      'tab\there',
      'é-accent',
      'nul\u0000byte',
      'bell\u0007',
    ]) {
      const res = await post(alice, { name: 'bad' }, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__things',
      headers: { role: 'buyer', cookie: alice.cookie, 'idempotency-key': ['a', 'b'] },
      payload: { name: 'bad' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe('IDEMPOTENCY_KEY_INVALID');
  });

  it('leaves visitors and routes that opted out alone', async () => {
    const visitor = await post(null, { name: 'v' }, 'key-visitor');
    expect(visitor.statusCode).toBe(401);
    const plain1 = await post(alice, { name: 'p' }, 'key-plain', '/api/v1/__plain');
    const plain2 = await post(alice, { name: 'p' }, 'key-plain', '/api/v1/__plain');
    expect(plain2.json().id).toBe(plain1.json().id + 1);
  });

  it('makes a POST route that says nothing idempotent by key (decision 247)', async () => {
    const first = await post(alice, { name: 'd' }, 'key-default', '/api/v1/__default');
    const again = await post(alice, { name: 'd' }, 'key-default', '/api/v1/__default');
    expect(again.json().id).toBe(first.json().id);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('takes over a key after its 24 hours and purges expired answers', async () => {
    const first = await post(alice, { name: 'old' }, 'key-expired');
    await t.app.db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'key-expired'`,
    );
    const later = await post(alice, { name: 'different now' }, 'key-expired');
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
    await t.app.db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'key-expired'`,
    );
    expect(await purgeExpiredIdempotencyKeys(t.app.db)).toBe(1);
    const left = rowsOf(
      await t.app.db.execute(sql`SELECT 1 FROM idempotency_keys WHERE key = 'key-expired'`),
    );
    expect(left).toEqual([]);
  });

  it('lets a retry take over a key whose first request died while running', async () => {
    const route = 'POST /api/v1/__things';
    const insertRunning = (age: string) =>
      t.app.db.execute(sql`
        INSERT INTO idempotency_keys (user_id, route, key, request_hash, state, created_at)
        VALUES (${alice.id}::uuid, ${route}, ${`key-dead-${age.replace(' ', '-')}`}, 'whatever', 'running', now() - ${age}::interval)`);
    await insertRunning('10 seconds');
    const recent = await post(alice, { name: 'retry' }, 'key-dead-10-seconds');
    expect(recent.statusCode).toBe(422); // still someone else's request: fingerprint differs
    await insertRunning('3 minutes');
    const abandoned = await post(alice, { name: 'retry' }, 'key-dead-3-minutes');
    expect(abandoned.statusCode).toBe(201);
    const replay = await post(alice, { name: 'retry' }, 'key-dead-3-minutes');
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});
