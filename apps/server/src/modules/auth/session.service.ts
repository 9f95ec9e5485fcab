import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { roleSchema, type Role } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import {
  SESSION_IDLE_MS,
  SESSION_TOUCH_INTERVAL_MS,
  SESSION_TTL_MS,
  type SessionResolver,
  type SessionUser,
} from '../../plugins/auth';
import { sessions, users } from './auth.tables';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** `now() - <ms>` in SQL; the milliseconds are our own constants, never user input. */
const agoSql = (ms: number) => sql`now() - ${sql.raw(`interval '${Math.round(ms / 1000)} seconds'`)}`;

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
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastSeenAt, agoSql(SESSION_IDLE_MS)),
        ),
      )
      .limit(1);
    if (!row) return null;
    const { lastSeenAt, ...user } = row;
    if (Date.now() - lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) await this.touch(row.sessionId);
    const roles = user.roles.filter((role): role is Role => roleSchema.safeParse(role).success);
    return { ...user, roles };
  }

  /**
   * Marks the session as used now, at most once per SESSION_TOUCH_INTERVAL_MS: the condition makes concurrent
   * requests of one session write the row once, and requests in between write nothing.
   */
  private async touch(sessionId: string) {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, agoSql(SESSION_TOUCH_INTERVAL_MS))));
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
