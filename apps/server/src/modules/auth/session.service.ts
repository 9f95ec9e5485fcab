import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { roleSchema, type Role } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { prepareOnConnect, queryPrepared } from '../../db/prepared';
import {
  SESSION_IDLE_MS,
  SESSION_TOUCH_INTERVAL_MS,
  SESSION_TTL_MS,
  type SessionCheck,
  type SessionCheckSlot,
  type SessionResolver,
  type SessionUser,
} from '../../plugins/auth';
import { sessions } from './auth.tables';

const knownRoles = new Set<string>(roleSchema.options);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** `now() - <ms>` in SQL; the milliseconds are our own constants, never user input. */
const agoSql = (ms: number) => sql`now() - ${sql.raw(`interval '${Math.round(ms / 1000)} seconds'`)}`;

/** The live session's user by the token's hash: run on every API request with a cookie. */
const sessionLookup = (tokenHash: string) =>
  sql`SELECT s.id AS session_id, u.id, u.roles, u.full_name, u.email, s.last_seen_at
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${tokenHash}::text AND s.revoked_at IS NULL AND s.expires_at > now()
        AND s.last_seen_at > ${agoSql(SESSION_IDLE_MS)}
      LIMIT 1`;

/**
 * The session check of a statement that carries it (decision 225): `session_ok` has one row when the session of
 * this token hash is live (the same conditions as `sessionLookup`), belongs to this user and the account holds
 * this role; `session_touch` marks it used as `touch` does (at most once per SESSION_TOUCH_INTERVAL_MS). The
 * statement's own changes must depend on `session_ok` having its row.
 */
const sessionCheckCtes = (tokenHash: string | SQL, userId: string | SQL, role: string | SQL) =>
  sql`session_ok AS (
        SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = ${tokenHash}::text AND s.user_id = ${userId}::uuid AND s.revoked_at IS NULL
          AND s.expires_at > now() AND s.last_seen_at > ${agoSql(SESSION_IDLE_MS)} AND ${role}::text = ANY(u.roles)
      ), session_touch AS (
        UPDATE sessions SET last_seen_at = now()
        WHERE id = (SELECT id FROM session_ok) AND last_seen_at < ${agoSql(SESSION_TOUCH_INTERVAL_MS)}
      )`;

const sessionCheckCtesOver = (slot: (name: SessionCheckSlot) => SQL) =>
  sessionCheckCtes(slot('sessionTokenHash'), slot('sessionUserId'), slot('sessionRole'));

/**
 * A session check of these values. Its `ctes` are built only when a statement asks for them: a statement template
 * (the accept statement, decision 234) takes `ctesOver` and `values` instead, on every request that carries a check.
 */
function sessionCheckOf(values: Record<SessionCheckSlot, string>, forget: () => void): SessionCheck {
  return {
    userId: values.sessionUserId,
    get ctes() {
      return sessionCheckCtes(values.sessionTokenHash, values.sessionUserId, values.sessionRole);
    },
    ctesOver: sessionCheckCtesOver,
    values,
    forget,
  };
}

/** Token hashes this process has resolved, with their user (a session's user never changes): at most this many. */
const MAX_KNOWN_SESSIONS = 20_000;

/** Server-side sessions: the cookie holds a random token, the table holds its hash. */
export class SessionService implements SessionResolver {
  /** token hash → user id of the sessions resolved here (decision 225); not a proof that one is still live. */
  private readonly known = new Map<string, string>();

  constructor(private readonly db: Db) {
    // Prepared on every new pool connection (decision 215); no token hashes to the empty string.
    prepareOnConnect(db, sessionLookup(''));
  }

  /**
   * For a statement that checks the session itself (decision 225): the session check as common-table expressions
   * (`session_ok`, `session_touch`), for a token this process resolved before (its user is then known); null for
   * an unknown token, which goes the usual way (`resolve`). The check proves nothing until the statement ran.
   */
  sessionCheck(token: string, role: Role): SessionCheck | null {
    const tokenHash = hashToken(token);
    const userId = this.known.get(tokenHash);
    if (userId === undefined) return null;
    return sessionCheckOf({ sessionTokenHash: tokenHash, sessionUserId: userId, sessionRole: role }, () =>
      this.known.delete(tokenHash),
    );
  }

  /** A check that matches no session, to prepare the statements that carry one with (decision 215). */
  warmUpCheck(): SessionCheck {
    const nobody = '00000000-0000-0000-0000-000000000000';
    return sessionCheckOf(
      { sessionTokenHash: '', sessionUserId: nobody, sessionRole: 'buyer' },
      () => undefined,
    );
  }

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

  /**
   * Runs on every API request with a cookie: prebuilt SQL as a named prepared statement (decision 181), so neither
   * Drizzle's query builder nor PostgreSQL's planner runs per request.
   */
  async resolve(token: string): Promise<SessionUser | null> {
    const tokenHash = hashToken(token);
    const [row] = await queryPrepared<{
      session_id: string;
      id: string;
      roles: string[];
      full_name: string;
      email: string;
      last_seen_at: Date | string;
    }>(this.db, sessionLookup(tokenHash));
    if (!row) {
      this.known.delete(tokenHash);
      return null;
    }
    if (this.known.size >= MAX_KNOWN_SESSIONS) this.known.clear();
    this.known.set(tokenHash, String(row.id));
    if (Date.now() - new Date(row.last_seen_at).getTime() >= SESSION_TOUCH_INTERVAL_MS)
      await this.touch(row.session_id);
    return {
      id: String(row.id),
      sessionId: row.session_id,
      roles: row.roles.filter((role): role is Role => knownRoles.has(role)),
      fullName: row.full_name,
      email: row.email,
    };
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
