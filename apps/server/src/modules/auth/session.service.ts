import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { roleSchema, type Role } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { SESSION_TTL_MS, type SessionResolver, type SessionUser } from '../../plugins/auth';
import { sessions, users } from './auth.tables';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Server-side sessions: the cookie holds a random token, the table holds its hash. */
export class SessionService implements SessionResolver {
  constructor(private readonly db: Db) {}

  /** Starts a new session (a fresh id at every login) and returns the cookie token. */
  async create(userId: string, meta: { userAgent?: string | undefined; ip?: string | undefined } = {}) {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(sessions).values({
      id: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    });
    return token;
  }

  async resolve(token: string): Promise<SessionUser | null> {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        id: users.id,
        roles: users.roles,
        fullName: users.fullName,
        email: users.email,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    if (!row) return null;
    const roles = row.roles.filter((role): role is Role => roleSchema.safeParse(role).success);
    return { ...row, roles };
  }

  async revoke(sessionId: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, sessionId));
  }

  async revokeAllForUser(userId: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** Ends every other session of the account (after a password change). */
  async revokeAllForUserExcept(userId: string, keepSessionId: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
  }
}
