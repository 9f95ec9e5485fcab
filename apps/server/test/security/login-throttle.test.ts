import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { PASSWORD, signUp, uniqueIp } from '../accounts-helpers';

/**
 * Decisions 055 and 245: wrong passwords from one place slow that place down, not the owner elsewhere. Per
 * (account, source) 5 attempts pass at once, then growing delays; an account's e-mail and phone share one bucket;
 * an identifier without an account is keyed by its normalised form. (Delays, known devices, the account-wide
 * delay for new devices and the owner's e-mail: login-lockout.test.ts.)
 */
const H = { role: 'buyer' } as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function login(payload: Record<string, string>, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: H, remoteAddress, payload });
}

describe('login throttling', () => {
  it('5 wrong passwords from one place delay that place, not the owner on another IP', async () => {
    const user = await signUp(t.app);
    const attacker = uniqueIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ email: user.email, password: 'Wrong#123' }, attacker)).statusCode).toBe(401);
    }
    const blocked = await login({ email: user.email, password: PASSWORD }, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('LOGIN_DELAYED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const owner = await login({ email: user.email, password: PASSWORD }, uniqueIp());
    expect(owner.statusCode).toBe(200);
  });

  it("the account's e-mail and phone share one bucket", async () => {
    const user = await signUp(t.app);
    const place = uniqueIp();
    for (let i = 0; i < 2; i += 1) {
      expect((await login({ email: user.email, password: 'Wrong#123' }, place)).statusCode).toBe(401);
      expect((await login({ phoneNumber: user.phoneNumber, password: 'Wrong#123' }, place)).statusCode).toBe(
        401,
      );
    }
    expect((await login({ email: user.email, password: 'Wrong#123' }, place)).statusCode).toBe(401);
    const national = user.phoneNumber.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');
    expect((await login({ phoneNumber: national, password: PASSWORD }, place)).statusCode).toBe(429);
    expect((await login({ email: user.email.toUpperCase(), password: PASSWORD }, place)).statusCode).toBe(
      429,
    );
  });

  it('an identifier without an account is throttled by its normalised form', async () => {
    const place = uniqueIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await login({ email: `ghost-${process.pid}@example.ca`, password: 'Wrong#123' }, place);
      expect(res.statusCode).toBe(401);
    }
    const again = await login({ email: `GHOST-${process.pid}@Example.ca`, password: 'Wrong#123' }, place);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('LOGIN_DELAYED');
    // Another identifier from the same place is its own bucket.
    expect((await login({ email: `other-${process.pid}@example.ca`, password: 'x' }, place)).statusCode).toBe(
      401,
    );
  });

  it("a correct password forgets this place's failures", async () => {
    const user = await signUp(t.app);
    const place = uniqueIp();
    for (let i = 0; i < 4; i += 1) await login({ email: user.email, password: 'Wrong#123' }, place);
    expect((await login({ email: user.email, password: PASSWORD }, place)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ email: user.email, password: 'Wrong#123' }, place)).statusCode).toBe(401);
    }
    expect((await login({ email: user.email, password: 'Wrong#123' }, place)).statusCode).toBe(429);
  });
});
