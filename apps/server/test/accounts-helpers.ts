import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './helpers';

/** Helpers for the accounts tests: sign up through the real OTP flow, reading the code from the sandbox outbox. */
let counter = 0;

export function uniquePhone(): string {
  counter += 1;
  const areaCodes = ['416', '613', '514', '604', '403', '902', '306', '204'];
  return `+1${areaCodes[counter % areaCodes.length]}555${String(counter % 10000).padStart(4, '0')}`;
}

export function uniqueIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  const code = res.json().messages[0]?.code as string | undefined;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export async function latestLink(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  const link = res.json().messages.find((m: { link?: string }) => m.link)?.link as string | undefined;
  if (!link) throw new Error(`no link in the outbox for ${to}`);
  return link;
}

export const PASSWORD = 'Str0ng#Pass';

export interface SignedUp {
  id: string;
  email: string;
  phoneNumber: string;
  password: string;
  cookie: string;
}

/** `DELETE /api/v1/profile` as the user whose session `cookie` is given, confirming with `currentPassword`. */
export function deleteOwnAccount(app: FastifyInstance, cookie: string, currentPassword = PASSWORD) {
  return app.inject({
    method: 'DELETE',
    url: '/api/v1/profile',
    headers: { role: 'buyer', cookie },
    payload: { currentPassword },
  });
}

export function sessionCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === 'ms_session');
  if (!cookie) throw new Error('no session cookie');
  return `ms_session=${cookie.value}`;
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{
    email: string;
    phoneNumber: string;
    fullName: string;
    province: string;
    /** The page's language sent with the sign-up (decision 210). */
    language: string;
    acceptLanguage: string;
  }> = {},
): Promise<SignedUp> {
  counter += 1;
  const phoneNumber = overrides.phoneNumber ?? uniquePhone();
  const email = overrides.email ?? `user${counter}-${process.pid}@example.ca`;
  const ip = uniqueIp();
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/send-otp',
    headers: { role: 'buyer' },
    remoteAddress: ip,
    payload: { phoneNumber },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const otp = await latestCode(app, phoneNumber);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    headers: {
      role: 'buyer',
      ...(overrides.acceptLanguage ? { 'accept-language': overrides.acceptLanguage } : {}),
    },
    remoteAddress: ip,
    payload: {
      fullName: overrides.fullName ?? 'Test User',
      email,
      phoneNumber,
      otp,
      password: PASSWORD,
      province: overrides.province ?? 'ON',
      ...(overrides.language ? { language: overrides.language } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().user.id, email, phoneNumber, password: PASSWORD, cookie: sessionCookie(res) };
}

/**
 * A user with `roles` written straight into the users table (no sign-up, no code) and a new session of theirs: the
 * session's token, the `ms_session` cookie's value.
 */
export async function newUserSession(t: TestApp, roles: string[], fullName = 'Test Person'): Promise<string> {
  const id = randomUUID();
  const n = Math.floor(Math.random() * 1e9);
  await t.database.db.execute(
    sql`insert into users (id, member_id, full_name, email, phone_number, password_hash, roles)
        values (${id}, ${`M${n}`}, ${fullName}, ${`u${n}@example.ca`}, ${`+1613${String(n).padStart(7, '0').slice(0, 7)}`}, 'x', ${`{${roles.join(',')}}`})`,
  );
  return t.app.auth.sessions.create(id);
}
