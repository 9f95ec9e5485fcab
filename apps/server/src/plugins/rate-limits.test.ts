import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import type { RateLimiter } from './rate-limits';

/** Decision 055: exact sliding windows and cooldowns, decided in one statement; time is passed in. */
let t: TestApp;
let limiter: RateLimiter;
beforeAll(async () => {
  t = await createTestApp();
  limiter = t.app.rateLimiter;
});
afterAll(async () => t?.close());

const MINUTE = 60_000;
/** A time exactly on a window boundary, so tests can place hits inside windows precisely. */
const start = Math.ceil(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
let n = 0;
const key = () => `unit:${process.pid}:${(n += 1)}`;

async function allowedAt(rule: Parameters<RateLimiter['consume']>[0][number], at: number) {
  return (await limiter.consume([rule], at)).allowed;
}

describe('RateLimiter', () => {
  it('allows max hits per window, then refuses with a Retry-After until the window slides on', async () => {
    const rule = { key: key(), max: 3, windowMs: MINUTE };
    for (let i = 0; i < 3; i += 1) expect(await allowedAt(rule, start + 1_000 + i)).toBe(true);
    const refused = await limiter.consume([rule], start + 2_000);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // A minute after the first hits, they still count: no burst across a window boundary.
    expect(await allowedAt(rule, start + MINUTE + 100)).toBe(false);
    // Two windows later nothing is left.
    expect(await allowedAt(rule, start + 2 * MINUTE + 1_000)).toBe(true);
  });

  it('a hit leaves the window exactly windowMs after it was counted (sliding, not fixed, windows)', async () => {
    const rule = { key: key(), max: 4, windowMs: MINUTE };
    for (let i = 0; i < 2; i += 1) expect(await allowedAt(rule, start + 10_000)).toBe(true);
    for (let i = 0; i < 2; i += 1) expect(await allowedAt(rule, start + 50_000)).toBe(true);
    const full = await limiter.consume([rule], start + MINUTE + 9_000);
    expect(full.allowed).toBe(false);
    if (!full.allowed) expect(full.retryAfterSeconds).toBe(1);
    // The two hits of start+10 s have left; those of start+50 s have not.
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await allowedAt(rule, start + MINUTE + 10_001));
    expect(results).toEqual([true, true, false]);
  });

  it('a cooldown allows one hit per period', async () => {
    const rule = { key: key(), cooldownMs: 60_000 };
    expect(await allowedAt(rule, start)).toBe(true);
    const refused = await limiter.consume([rule], start + 30_000);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBe(30);
    expect(await allowedAt(rule, start + 60_000)).toBe(true);
  });

  it('a refused request gives back what it took from the earlier buckets', async () => {
    const wide = { key: key(), max: 5, windowMs: MINUTE };
    const narrow = { key: key(), max: 1, windowMs: MINUTE };
    expect((await limiter.consume([wide, narrow], start + 1_000)).allowed).toBe(true);
    for (let i = 0; i < 10; i += 1)
      expect((await limiter.consume([wide, narrow], start + 2_000)).allowed).toBe(false);
    // The ten refusals did not use up the wide bucket: 4 of its 5 are still free.
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await allowedAt(wide, start + 3_000));
    expect(results).toEqual([true, true, true, true, false]);
  });

  it('a grant can give its hit back (a correct password) and clear() forgets a bucket', async () => {
    const rule = { key: key(), max: 2, windowMs: MINUTE };
    const first = await limiter.consume([rule], start + 1_000);
    expect(first.allowed).toBe(true);
    if (first.allowed) await first.grant.refund();
    expect(await allowedAt(rule, start + 1_000)).toBe(true);
    expect(await allowedAt(rule, start + 1_000)).toBe(true);
    expect(await allowedAt(rule, start + 1_000)).toBe(false);
    await limiter.clear(rule.key);
    expect(await allowedAt(rule, start + 1_000)).toBe(true);
  });
});
