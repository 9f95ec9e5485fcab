import { randomUUID } from 'node:crypto';
import type { Role } from '@maplesource/contracts';
import { users } from '../../src/modules/auth/auth.tables';
import { hashPassword } from '../../src/modules/auth/passwords';
import { createSessionService } from '../../src/modules/auth/session.service';
import type { TestApp } from '../helpers';

export interface TestUser {
  id: string;
  email: string;
  phoneNumber: string;
  password: string;
  /** A live session token for the `ms_session` cookie. */
  token: string;
}

let counter = 0;

/** Inserts a user with a known password and opens a session for it (no OTP round trip). */
export async function createUser(t: TestApp, roles: Role[] = ['buyer']): Promise<TestUser> {
  counter += 1;
  const id = randomUUID();
  const password = 'Str0ng#Pass';
  const phoneNumber = `+1902555${String((process.pid * 7 + counter) % 10_000).padStart(4, '0')}`;
  const email = `sec-${id}@example.ca`;
  await t.database.db.insert(users).values({
    id,
    memberId: `MS-SEC-${id.slice(0, 8)}`,
    fullName: 'Security Tester',
    email,
    phoneNumber,
    passwordHash: await hashPassword(password),
    roles,
    emailVerifiedAt: new Date(),
  });
  const token = await createSessionService(t.database.db).create(id);
  return { id, email, phoneNumber, password, token };
}

/** Every operation of the OpenAPI document, as `{ method, path }` with `{param}` placeholders. */
export async function documentedOperations(t: TestApp): Promise<Array<{ method: string; path: string }>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}

/**
 * Routes authenticated by a provider's signature over the raw body instead of a browser session (decision 073):
 * they take any content type and need no role header, and refuse every unsigned request themselves.
 */
export const SIGNATURE_AUTHENTICATED_PATHS = ['/api/v1/payment/webhook'];
