import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { PASSWORD, latestCode, signUp, uniqueIp, uniquePhone } from '../accounts-helpers';

/**
 * Issue 14 / decision 055: sign-up (and send-otp for sign-up) answer the same for a taken and a free e-mail or
 * phone until the phone code is proven; only its owner may learn that an account exists.
 */
const H = { role: 'buyer' } as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function post(url: string, payload: Record<string, string>) {
  return t.app.inject({ method: 'POST', url, headers: H, remoteAddress: uniqueIp(), payload });
}

const signupBody = (email: string, phoneNumber: string, otp: string) => ({
  fullName: 'Probe Person',
  email,
  phoneNumber,
  otp,
  password: PASSWORD,
  province: 'ON',
});

/** The answer without request ids or timings: status and body. */
const answer = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: res.body });

describe('sign-up does not tell whether an e-mail or phone has an account', () => {
  it('send-otp answers the same for a registered and a free phone', async () => {
    const existing = await signUp(t.app);
    // Past the registered phone's resend cooldown from its own sign-up.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const taken = await post('/api/v1/auth/send-otp', { phoneNumber: existing.phoneNumber });
      const free = await post('/api/v1/auth/send-otp', { phoneNumber: uniquePhone() });
      expect(taken.statusCode).toBe(200);
      expect(answer(taken)).toEqual(answer(free));
    } finally {
      vi.useRealTimers();
    }
  });

  it('a wrong code gets the same answer for a taken e-mail, a taken phone and free ones', async () => {
    const existing = await signUp(t.app);
    const freePhone = uniquePhone();
    await post('/api/v1/auth/send-otp', { phoneNumber: freePhone });
    const takenEmail = await post('/api/v1/auth/signup', signupBody(existing.email, freePhone, '000000'));
    const freeEmail = await post(
      '/api/v1/auth/signup',
      signupBody(`free-${process.pid}@example.ca`, freePhone, '000000'),
    );
    expect(answer(takenEmail)).toEqual(answer(freeEmail));
    expect(takenEmail.statusCode).toBe(400);

    // No code was ever sent to these numbers: the taken one and the free one answer alike.
    const takenPhone = await post(
      '/api/v1/auth/signup',
      signupBody(`probe-a-${process.pid}@example.ca`, existing.phoneNumber, '123456'),
    );
    const freePhone2 = await post(
      '/api/v1/auth/signup',
      signupBody(`probe-b-${process.pid}@example.ca`, uniquePhone(), '123456'),
    );
    expect(answer(takenPhone)).toEqual(answer(freePhone2));
  });

  it('says "already registered" only after the code is proven', async () => {
    const existing = await signUp(t.app);
    const phone = uniquePhone();
    expect((await post('/api/v1/auth/send-otp', { phoneNumber: phone })).statusCode).toBe(200);
    const code = await latestCode(t.app, phone);
    const res = await post('/api/v1/auth/signup', signupBody(existing.email, phone, code));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_TAKEN');
  });
});
