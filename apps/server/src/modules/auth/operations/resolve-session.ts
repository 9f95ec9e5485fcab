import { roleSchema, type Role } from '@maplesource/contracts';
import { queryPrepared } from '../../../db/prepared';
import { SESSION_TOUCH_INTERVAL_MS, type SessionUser } from '../../../plugins/auth';
import { hashSessionToken, MAX_KNOWN_SESSIONS, sessionLookup, type SessionDeps } from '../sessions.sql';
import { touchSession } from './touch-session';

const knownRoles = new Set<string>(roleSchema.options);

/**
 * Runs on every API request with a cookie: prebuilt SQL as a named prepared statement (decision 181), so neither
 * Drizzle's query builder nor PostgreSQL's planner runs per request. Remembers the token's user for
 * `checkSession` (decision 225) and forgets a token that resolves to nothing.
 */
export async function resolveSession(deps: SessionDeps, token: string): Promise<SessionUser | null> {
  const tokenHash = hashSessionToken(token);
  const [row] = await queryPrepared<{
    session_id: string;
    id: string;
    roles: string[];
    full_name: string;
    email: string;
    last_seen_at: Date | string;
  }>(deps.db, sessionLookup(tokenHash));
  if (!row) {
    deps.known.delete(tokenHash);
    return null;
  }
  if (deps.known.size >= MAX_KNOWN_SESSIONS) deps.known.clear();
  deps.known.set(tokenHash, String(row.id));
  if (Date.now() - new Date(row.last_seen_at).getTime() >= SESSION_TOUCH_INTERVAL_MS)
    await touchSession(deps.db, row.session_id);
  return {
    id: String(row.id),
    sessionId: row.session_id,
    roles: row.roles.filter((role): role is Role => knownRoles.has(role)),
    fullName: row.full_name,
    email: row.email,
  };
}
