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

  describe('backoff rules (decision 245)', () => {
    const backoff = () => ({
      key: key(),
      freeAttempts: 3,
      baseDelayMs: 1_000,
      maxDelayMs: 8_000,
      forgetAfterMs: MINUTE,
    });

    it('lets the free attempts through, then makes each wait twice as long, up to the cap', async () => {
      const rule = backoff();
      let at = start;
      const waits: number[] = [];
      for (let i = 0; i < 3; i += 1) expect(await allowedAt(rule, at)).toBe(true);
      for (let round = 0; round < 6; round += 1) {
        const refused = await limiter.consume([rule], at);
        expect(refused.allowed).toBe(false);
        if (refused.allowed) return;
        waits.push(refused.retryAfterSeconds);
        at += refused.retryAfterSeconds * 1000;
        expect(await allowedAt(rule, at - 1)).toBe(false);
        const granted = await limiter.consume([rule], at);
        expect(granted.allowed).toBe(true);
        if (granted.allowed) expect(granted.grant.attempts(rule.key)).toBe(4 + round);
      }
      expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
      // Quiet for forgetAfterMs: it starts again from nothing.
      at += MINUTE;
      for (let i = 0; i < 3; i += 1) expect(await allowedAt(rule, at)).toBe(true);
      expect(await allowedAt(rule, at)).toBe(false);
    });

    it('a refund restores the state before the attempt; clearPrefix forgets every bucket under a prefix', async () => {
      const rule = backoff();
      for (let i = 0; i < 3; i += 1) expect(await allowedAt(rule, start)).toBe(true);
      expect(await allowedAt(rule, start)).toBe(false);
      const later = start + 1_000;
      const granted = await limiter.consume([rule], later);
      expect(granted.allowed).toBe(true);
      if (granted.allowed) await granted.grant.refund();
      // Back to 3 attempts, the last at `start`: allowed again at once (1 s after it), not 2 s later.
      expect(await allowedAt(rule, later)).toBe(true);

      const prefix = `unit-prefix_%:${process.pid}:`;
      const a = { ...backoff(), key: `${prefix}a` };
      const b = { ...backoff(), key: `${prefix}b` };
      const other = { ...backoff(), key: `unit-prefixX%:${process.pid}:c` };
      for (const rule of [a, b, other]) for (let i = 0; i < 3; i += 1) await allowedAt(rule, start);
      await limiter.clearPrefix(prefix);
      expect(await allowedAt(a, start)).toBe(true);
      expect(await allowedAt(b, start)).toBe(true);
      // `_` and `%` in the prefix are literal, not LIKE wildcards.
      expect(await allowedAt(other, start)).toBe(false);
    });

    it('of a concurrent burst, exactly the free attempts pass', async () => {
      const rule = backoff();
      const results = await Promise.all(Array.from({ length: 30 }, () => limiter.consume([rule], start)));
      expect(results.filter((r) => r.allowed)).toHaveLength(3);
    });
  });
});
