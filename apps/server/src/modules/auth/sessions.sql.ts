import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  SESSION_IDLE_MS,
  SESSION_TOUCH_INTERVAL_MS,
  type SessionCheck,
  type SessionCheckSlot,
} from '../../plugins/auth';

/**
 * What the session operations share: the token's hash (the table never holds a token), the SQL of the lookup and
 * of the session check a statement carries (decision 225), and what the process remembers of resolved tokens.
 * Not exported by the door: flows get a `SessionCheck` from `app.auth.sessions`, never these fragments.
 */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `now() - <ms>` in SQL; the milliseconds are our own constants, never user input. */
export const agoSql = (ms: number) => sql`now() - ${sql.raw(`interval '${Math.round(ms / 1000)} seconds'`)}`;

/** The live session's user by the token's hash: run on every API request with a cookie. */
export const sessionLookup = (tokenHash: string) =>
  sql`SELECT s.id AS session_id, u.id, u.roles, u.full_name, u.email, s.last_seen_at
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${tokenHash}::text AND s.revoked_at IS NULL AND s.expires_at > now()
        AND s.last_seen_at > ${agoSql(SESSION_IDLE_MS)}
      LIMIT 1`;

/**
 * The session check of a statement that carries it (decision 225): `session_ok` has one row when the session of
 * this token hash is live (the same conditions as `sessionLookup`), belongs to this user and the account holds
 * this role; `session_touch` marks it used as `touchSession` does (at most once per SESSION_TOUCH_INTERVAL_MS).
 * The statement's own changes must depend on `session_ok` having its row.
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
export function sessionCheckOf(values: Record<SessionCheckSlot, string>, forget: () => void): SessionCheck {
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
export const MAX_KNOWN_SESSIONS = 20_000;

/**
 * What the session operations run with: the database, and token hash → user id of the sessions this service
 * resolved (decision 225; not a proof that one is still live), kept by the service, one per app.
 */
export interface SessionDeps {
  db: Db;
  known: Map<string, string>;
}
