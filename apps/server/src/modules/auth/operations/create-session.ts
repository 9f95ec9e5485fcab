import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client';
import { SESSION_TTL_MS } from '../../../plugins/auth';
import { sessions } from '../auth.tables';
import { hashSessionToken } from '../sessions.sql';

/** Starts a new session (a fresh id at every login) and returns the cookie token. */
export async function createSession(
  db: Db,
  userId: string,
  meta: { userAgent?: string | undefined; ip?: string | undefined } = {},
) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashSessionToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return token;
}
