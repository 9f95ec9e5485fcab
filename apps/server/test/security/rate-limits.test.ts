import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { otpPolicy } from '@maplesource/contracts';
import { rowsOf } from '../../src/db/transaction';
import { createTestApp, type TestApp } from '../helpers';
import { PASSWORD, signUp, uniqueIp, uniquePhone } from '../accounts-helpers';

/**
 * Issue 14: counting and deciding are one atomic step (decision 055). 50 truly concurrent requests (one
 * Promise.all of app.inject) must let exactly the limit through, on PGlite and on PostgreSQL.
 */
const BURST = 50;
const H = { role: 'buyer' } as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_TRACK_SEARCH_PER_IP_PER_HOUR: '20' } });
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

async function smsSentTo(phones: readonly string[]): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM outbox_messages WHERE channel = 'sms' AND recipient IN ${phones}`,
    ),
  );
  return Number(row?.n ?? 0);
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((acc, res) => {
    acc[res.statusCode] = (acc[res.statusCode] ?? 0) + 1;
    return acc;
  }, {});

describe('atomic rate limits under a burst of concurrent requests', () => {
  it('sends one code to one phone however many ask at once (60 s cooldown)', async () => {
    const phone = uniquePhone();
    const responses = await Promise.all(
      Array.from({ length: BURST }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/send-otp',
          headers: H,
          remoteAddress: uniqueIp(),
          payload: { phoneNumber: phone },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 429: BURST - 1 });
    expect(await smsSentTo([phone])).toBe(1);
  });

  it(`sends at most ${otpPolicy.maxSendsPerIpPerHour} codes from one IP per hour`, async () => {
    const phones = Array.from({ length: BURST }, () => uniquePhone());
    const ip = uniqueIp();
    const responses = await Promise.all(
      phones.map((phoneNumber) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/send-otp',
          headers: H,
          remoteAddress: ip,
          payload: { phoneNumber },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({
      200: otpPolicy.maxSendsPerIpPerHour,
      429: BURST - otpPolicy.maxSendsPerIpPerHour,
    });
    expect(await smsSentTo(phones)).toBe(otpPolicy.maxSendsPerIpPerHour);
    // Refused requests did not use up the phones' own buckets: a refused phone can still get a code elsewhere.
    const refused = phones.find((_, i) => responses[i]!.statusCode === 429)!;
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-otp',
      headers: H,
      remoteAddress: uniqueIp(),
      payload: { phoneNumber: refused },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('checks exactly 5 of 50 concurrent wrong passwords for one account from one place (decision 245)', async () => {
    // The server's clock stands still: the growing delays (1 s, 2 s …) must not run out during the burst.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const user = await signUp(t.app);
    const ip = uniqueIp();
    const responses = await Promise.all(
      Array.from({ length: BURST }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: H,
          remoteAddress: ip,
          payload: { email: user.email, password: 'Wrong#123' },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 401: 5, 429: BURST - 5 });
    const codes = new Set(responses.filter((r) => r.statusCode === 429).map((r) => r.json().error.code));
    expect([...codes]).toEqual(['LOGIN_DELAYED']);
  });

  it('lets exactly the per-IP number of sign-up attempts through', async () => {
    const ip = uniqueIp();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          headers: H,
          remoteAddress: ip,
          payload: {
            fullName: 'Burst Person',
            email: `burst-${i}-${process.pid}@example.ca`,
            phoneNumber: uniquePhone(),
            otp: '000000',
            password: PASSWORD,
            province: 'ON',
          },
        }),
      ),
    );
    const limit = t.config.RATE_LIMIT_SIGNUP_PER_IP_PER_HOUR;
    expect(statuses(responses)).toEqual({ 400: limit, 429: BURST - limit });
    expect(responses.find((r) => r.statusCode === 429)!.json().error.code).toBe('SIGNUP_LIMIT_EXCEEDED');
  });

  it('limits sign-up attempts per phone number from many IPs', async () => {
    const phone = uniquePhone();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-otp',
      headers: H,
      remoteAddress: uniqueIp(),
      payload: { phoneNumber: phone },
    });
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          headers: H,
          remoteAddress: uniqueIp(),
          payload: {
            fullName: 'Burst Person',
            email: `phone-burst-${i}-${process.pid}@example.ca`,
            phoneNumber: phone,
            otp: '000000',
            password: PASSWORD,
            province: 'ON',
          },
        }),
      ),
    );
    const limited = responses.filter(
      (r) => r.statusCode === 429 && r.json().error.code === 'SIGNUP_LIMIT_EXCEEDED',
    );
    expect(limited).toHaveLength(BURST - 10);
  });

  it('records exactly the per-IP number of searches (RATE_LIMIT_TRACK_SEARCH_PER_IP_PER_HOUR)', async () => {
    const ip = uniqueIp();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/category-stats/track-search',
          headers: H,
          remoteAddress: ip,
          payload: { term: `burst term ${i}` },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 20, 429: BURST - 20 });
  });

  it('app.rateLimiter allows exactly max of 50 concurrent hits on one bucket', async () => {
    const rule = { key: `test:burst:${process.pid}`, max: 7, windowMs: 60_000 };
    const decisions = await Promise.all(
      Array.from({ length: BURST }, () => t.app.rateLimiter.consume([rule])),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(7);
  });
});
