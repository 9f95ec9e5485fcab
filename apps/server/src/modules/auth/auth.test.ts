import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { otpPolicy } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  PASSWORD,
  latestCode,
  latestLink,
  sessionCookie,
  signUp,
  uniqueIp,
  uniquePhone,
} from '../../../test/accounts-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const H = { role: 'buyer' } as const;

function sendOtp(phoneNumber: string, ip = uniqueIp(), url = '/api/v1/auth/send-otp') {
  return t.app.inject({ method: 'POST', url, headers: H, remoteAddress: ip, payload: { phoneNumber } });
}

/** POST auth/signup as JSON (from `ip` when given, else inject's default address). */
function postSignup(payload: object, ip?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    headers: H,
    ...(ip ? { remoteAddress: ip } : {}),
    payload,
  });
}

/** POST auth/login as JSON by e-mail. */
function postLogin(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: H,
    payload: { email, password },
  });
}

function signupPayload(phoneNumber: string, otp: string, extra: Record<string, string> = {}) {
  return {
    fullName: 'Jeanne Roy',
    email: `${phoneNumber.slice(1)}@example.ca`,
    phoneNumber,
    otp,
    password: PASSWORD,
    province: 'QC',
    ...extra,
  };
}

/** Moves only Date (the services read time from `new Date()`), never timers. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  return (ms: number) => vi.setSystemTime(Date.now() + ms);
}

describe('send-otp', () => {
  it('accepts only Canadian numbers', async () => {
    expect((await sendOtp('+1 212 555 0199')).json().error.code).toBe('PHONE_NOT_CANADIAN');
    expect((await sendOtp('+44 20 7946 0958')).json().error.code).toBe('PHONE_NOT_CANADIAN');
    const bad = await sendOtp('416 555 01');
    expect(bad.statusCode).toBe(400);
    const ok = await sendOtp('(613) 555-0142');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      ok: true,
      expiresInSeconds: otpPolicy.lifetimeSeconds,
      resendInSeconds: otpPolicy.resendCooldownSeconds,
    });
    expect(await latestCode(t.app, '+16135550142')).toMatch(/^\d{6}$/);
    // the outbox accepts the number in any usual shape
    expect(await latestCode(t.app, '613-555-0142')).toMatch(/^\d{6}$/);
  });

  it('stores codes hashed, never in clear', async () => {
    const phone = uniquePhone();
    await sendOtp(phone);
    const code = await latestCode(t.app, phone);
    const { rowsOf } = await import('../../db/transaction');
    const { sql } = await import('drizzle-orm');
    const stored = rowsOf<{ code_hash: string }>(
      await t.database.db.execute(sql`select code_hash from otp_codes where phone_number = ${phone}`),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code);
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('enforces the resend cooldown', async () => {
    const advance = fakeClock();
    const phone = uniquePhone();
    const ip = uniqueIp();
    expect((await sendOtp(phone, ip)).statusCode).toBe(200);
    const again = await sendOtp(phone, ip);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('OTP_RESEND_TOO_SOON');
    expect(again.headers['retry-after']).toBe(String(otpPolicy.resendCooldownSeconds));
    advance(otpPolicy.resendCooldownSeconds * 1000 + 1000);
    expect((await sendOtp(phone, ip)).statusCode).toBe(200);
  });

  it('limits requests per phone number', async () => {
    const advance = fakeClock();
    const phone = uniquePhone();
    for (let i = 0; i < otpPolicy.maxSendsPerPhonePerHour; i += 1) {
      expect((await sendOtp(phone)).statusCode).toBe(200);
      advance(otpPolicy.resendCooldownSeconds * 1000 + 1000);
    }
    const limited = await sendOtp(phone);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'OTP_LIMIT_EXCEEDED',
      message: 'exceeded maximum OTP requests, try later',
    });
    advance(60 * 60 * 1000);
    expect((await sendOtp(phone)).statusCode).toBe(200);
  });

  it('limits requests per IP address (SMS pumping)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < otpPolicy.maxSendsPerIpPerHour; i += 1) {
      expect((await sendOtp(uniquePhone(), ip)).statusCode).toBe(200);
    }
    const limited = await sendOtp(uniquePhone(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('OTP_LIMIT_EXCEEDED');
    expect((await sendOtp(uniquePhone(), uniqueIp())).statusCode).toBe(200);
  });
});

describe('send-otp and the sign-up limit', () => {
  const signup = (phone: string, otp: string, ip: string) =>
    postSignup(signupPayload(phone, otp, { email: `${uniquePhone().slice(1)}@example.ca` }), ip);
  const outboxCount = async (phone: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(phone)}` })).json()
      .messages.length as number;

  it('refuses to send a code from a place whose sign-ups are used up, and sends none', async () => {
    const ip = uniqueIp();
    // Nine sign-ups with a wrong code use nine of the ten this place may attempt in an hour.
    for (let i = 0; i < 9; i += 1)
      expect((await signup(uniquePhone(), '000000', ip)).json().error.code).toBe('INVALID_OTP');
    // Asking is not attempting: the code is sent, and the tenth sign-up with it goes through.
    const phone = uniquePhone();
    expect((await sendOtp(phone, ip)).statusCode).toBe(200);
    expect((await signup(phone, await latestCode(t.app, phone), ip)).statusCode).toBe(201);

    const late = uniquePhone();
    const refused = await sendOtp(late, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('SIGNUP_LIMIT_EXCEEDED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outboxCount(late)).toBe(0);
    // Another place is not affected.
    expect((await sendOtp(late, uniqueIp())).statusCode).toBe(200);
  });

  it('refuses to send a code to a phone number whose sign-ups are used up', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 10; i += 1) await signup(phone, '000000', uniqueIp());
    const refused = await sendOtp(phone, uniqueIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('SIGNUP_LIMIT_EXCEEDED');
    expect(await outboxCount(phone)).toBe(0);
  });
});

describe('signup', () => {
  it('signs up with a URL-encoded form body, sets a safe session cookie and logs in', async () => {
    const phone = uniquePhone();
    await sendOtp(phone);
    const otp = await latestCode(t.app, phone);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { ...H, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signupPayload(phone, otp)).toString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json().user;
    expect(user).toMatchObject({ fullName: 'Jeanne Roy', phoneNumber: phone, state: 'QC', roles: ['buyer'] });
    expect(user.memberId).toMatch(/^MS-\d{6,}$/);
    const cookie = res.cookies.find((c) => c.name === 'ms_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.path).toBe('/');
    // The script-readable hint beside it (decision 041): same lifetime and flags, not HttpOnly, no secret.
    const hint = res.cookies.find((c) => c.name === 'ms_has_session')!;
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: cookie.maxAge });
    expect(hint.httpOnly).toBeFalsy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/verify-tokens',
      headers: { cookie: sessionCookie(res) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
    // the password is stored as argon2id
    const { sql } = await import('drizzle-orm');
    const { rowsOf } = await import('../../db/transaction');
    const [row] = rowsOf<{ password_hash: string }>(
      await t.database.db.execute(sql`select password_hash from users where id = ${user.id}`),
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('accepts multipart and JSON bodies', async () => {
    const phone = uniquePhone();
    await sendOtp(phone);
    const otp = await latestCode(t.app, phone);
    const form = new FormData();
    for (const [key, value] of Object.entries(signupPayload(phone, otp))) form.append(key, value);
    const request = new Request('http://x', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { ...H, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(201);
    await signUp(t.app); // JSON
  });

  it('enforces the password rules', async () => {
    const phone = uniquePhone();
    await sendOtp(phone);
    const otp = await latestCode(t.app, phone);
    const cases: Array<[string, string]> = [
      ['Sh0rt#A', 'errors:PASSWORD_TOO_SHORT'],
      ['NoNumber#Here', 'errors:PASSWORD_NEEDS_NUMBER'],
      ['NoSpecial123A', 'errors:PASSWORD_NEEDS_SPECIAL'],
      ['nouppercase#123', 'errors:PASSWORD_NEEDS_UPPERCASE'],
    ];
    for (const [password, message] of cases) {
      const res = await postSignup(signupPayload(phone, otp, { password }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.password).toBe(message);
    }
    const ok = await postSignup(signupPayload(phone, otp, { password: 'Val1d#Password' }));
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an expired code (fake clock)', async () => {
    const advance = fakeClock();
    const phone = uniquePhone();
    await sendOtp(phone);
    const otp = await latestCode(t.app, phone);
    advance(otpPolicy.lifetimeSeconds * 1000 + 1000);
    const res = await postSignup(signupPayload(phone, otp));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'OTP_EXPIRED', message: 'code expired' });
  });

  it('allows at most 5 wrong codes, then refuses even the right one', async () => {
    const phone = uniquePhone();
    await sendOtp(phone);
    const otp = await latestCode(t.app, phone);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < otpPolicy.maxWrongAttempts; i += 1) {
      const res = await postSignup(signupPayload(phone, wrong));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_OTP', message: 'invalid OTP' });
    }
    const res = await postSignup(signupPayload(phone, otp));
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('OTP_LIMIT_EXCEEDED');
  });

  it('refuses a taken e-mail or phone only once the code is proven (decision 055)', async () => {
    const user = await signUp(t.app);
    const res = await postSignup(
      signupPayload(user.phoneNumber, '123456', { email: 'other@example.ca' }),
      uniqueIp(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_OTP');
    const phone = uniquePhone();
    await sendOtp(phone);
    const otp = await latestCode(t.app, phone);
    const taken = await postSignup(
      signupPayload(phone, otp, { email: user.email.toUpperCase() }),
      uniqueIp(),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('EMAIL_TAKEN');
  });
});

describe('sessions', () => {
  it('logs in by e-mail (JSON), phone (form) and multipart with a new session id every time', async () => {
    const user = await signUp(t.app);
    const byEmail = await postLogin(user.email, PASSWORD);
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    const byPhone = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...H, 'content-type': 'application/x-www-form-urlencoded', cookie: sessionCookie(byEmail) },
      payload: `phoneNumber=${encodeURIComponent(user.phoneNumber.slice(2))}&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(sessionCookie(byPhone)).not.toBe(sessionCookie(byEmail));
    // the session the request came with is revoked: a login never keeps an old id alive
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/verify-tokens',
      headers: { cookie: sessionCookie(byEmail) },
    });
    expect(old.statusCode).toBe(401);
    const form = new FormData();
    form.append('email', user.email);
    form.append('password', PASSWORD);
    const request = new Request('http://x', { method: 'POST', body: form });
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...H, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
  });

  it('answers a wrong password or unknown account the same way', async () => {
    const user = await signUp(t.app);
    const wrong = await postLogin(user.email, 'Wrong#123');
    const unknown = await postLogin('nobody@example.ca', 'Wrong#123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('makes new devices wait after 20 wrong passwords from anywhere, not the known ones (decision 245)', async () => {
    fakeClock(); // a 1 s delay must not run out between two attempts on a busy machine
    const user = await signUp(t.app);
    const attempt = (password: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { ...H, ...(cookie ? { cookie } : {}) },
        remoteAddress: uniqueIp(),
        payload: { email: user.email, password },
      });
    const known = await attempt(PASSWORD);
    const device = known.cookies.find((c) => c.name === 'ms_device')!;
    for (let i = 0; i < 20; i += 1) expect((await attempt('Wrong#123')).statusCode).toBe(401);
    const blocked = await attempt(PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('LOGIN_NEW_DEVICE_DELAYED');
    expect((await attempt(PASSWORD, `ms_device=${device.value}`)).statusCode).toBe(200);
  });

  it('rate-limits login attempts per IP', async () => {
    const ip = uniqueIp();
    let last = 0;
    for (let i = 0; i < 101; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: H,
        remoteAddress: ip,
        payload: { email: `nobody${i}@example.ca`, password: 'x' },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('revokes the session at logout', async () => {
    const user = await signUp(t.app);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      headers: { ...H, cookie: user.cookie },
    });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'ms_session')!;
    expect(cleared.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'ms_has_session')?.value).toBe('');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/verify-tokens',
      headers: { cookie: `${user.cookie}; ms_has_session=1` },
    });
    expect(me.statusCode).toBe(401);
    // The revoked session's cookie and its hint are cleared by the 401 answer.
    expect(me.cookies.find((c) => c.name === 'ms_session')?.value).toBe('');
    expect(me.cookies.find((c) => c.name === 'ms_has_session')?.value).toBe('');
  });

  it('refuses a side the account does not hold (role header)', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/verify-tokens',
      headers: { role: 'seller', cookie: user.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ROLE_NOT_HELD');
  });
});

describe('passwords', () => {
  it('changes the password and ends the other sessions', async () => {
    const user = await signUp(t.app);
    const other = await postLogin(user.email, PASSWORD);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { ...H, cookie: user.cookie },
      payload: { currentPassword: 'Nope#1234', newPassword: 'Newer#Pass1' },
    });
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { ...H, cookie: user.cookie },
      payload: { currentPassword: PASSWORD, newPassword: 'Newer#Pass1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/verify-tokens',
          headers: { cookie: user.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/verify-tokens',
          headers: { cookie: sessionCookie(other) },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('resets a forgotten password, revoking every session, without revealing whether a phone has an account', async () => {
    const user = await signUp(t.app);
    const stranger = uniquePhone();
    const a = await sendOtp(user.phoneNumber, uniqueIp(), '/api/v1/auth/forgot-password-otp');
    const b = await sendOtp(stranger, uniqueIp(), '/api/v1/auth/forgot-password-otp');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    // limits behave the same too
    expect(
      (await sendOtp(user.phoneNumber, uniqueIp(), '/api/v1/auth/forgot-password-otp')).json().error.code,
    ).toBe('OTP_RESEND_TOO_SOON');
    expect((await sendOtp(stranger, uniqueIp(), '/api/v1/auth/forgot-password-otp')).json().error.code).toBe(
      'OTP_RESEND_TOO_SOON',
    );
    const strangerToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password-token',
      headers: H,
      payload: { phoneNumber: stranger, otp: '123456' },
    });
    expect(strangerToken.json().error.code).toBe('INVALID_OTP');

    const otp = await latestCode(t.app, user.phoneNumber);
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password-token',
      headers: H,
      payload: { phoneNumber: user.phoneNumber, otp },
    });
    expect(tokenRes.statusCode, tokenRes.body).toBe(200);
    const { token } = tokenRes.json();
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      headers: H,
      payload: { token, password: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      headers: H,
      payload: { token, password: 'Reset#Pass9' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/verify-tokens',
          headers: { cookie: user.cookie },
        })
      ).statusCode,
    ).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      headers: H,
      payload: { token, password: 'Reset#Pass9' },
    });
    expect(again.json().error.code).toBe('INVALID_OR_EXPIRED_TOKEN');
    const login = await postLogin(user.email, 'Reset#Pass9');
    expect(login.statusCode).toBe(200);
  });
});

describe('e-mail verification', () => {
  it('walks every state: no token, invalid, success, already verified', async () => {
    const user = await signUp(t.app);
    const link = await latestLink(t.app, user.email); // sent at signup
    expect(link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);
    const token = new URL(link).searchParams.get('token')!;
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      headers: H,
      payload: {},
    });
    expect(none.json().error.code).toBe('NO_TOKEN');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      headers: H,
      payload: { token: 'nope-nope-nope' },
    });
    expect(bad.json().error.code).toBe('INVALID_OR_EXPIRED_TOKEN');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      headers: { ...H, cookie: user.cookie },
      payload: { token },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.emailVerified).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      headers: H,
      payload: { token },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_VERIFIED');
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email-verification-link',
      headers: { ...H, cookie: user.cookie },
      payload: { email: user.email },
    });
    expect(resend.json().error.code).toBe('ALREADY_VERIFIED');
  });

  it('refuses an expired link', async () => {
    const advance = fakeClock();
    const user = await signUp(t.app);
    const token = new URL(await latestLink(t.app, user.email)).searchParams.get('token')!;
    advance(25 * 60 * 60 * 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      headers: H,
      payload: { token },
    });
    expect(res.json().error.code).toBe('INVALID_OR_EXPIRED_TOKEN');
  });
});
