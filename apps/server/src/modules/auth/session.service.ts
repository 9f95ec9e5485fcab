import type { Role } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { prepareOnConnect } from '../../db/prepared';
import type { SessionResolver } from '../../plugins/auth';
import { checkSession } from './operations/check-session';
import { createSession } from './operations/create-session';
import { resolveSession } from './operations/resolve-session';
import { revokeSession } from './operations/revoke-session';
import { revokeUserSessions } from './operations/revoke-user-sessions';
import { warmUpSessionCheck } from './operations/warm-up-session-check';
import { sessionLookup, type SessionDeps } from './sessions.sql';

/**
 * Server-side sessions (`app.auth.sessions`, decision 015): the cookie holds a random token, the table holds its
 * hash. Each method is one file in `operations/` (decision 310's Drizzle style; the per-request lookup is a
 * prepared `sql` statement, decision 181); the service keeps the tokens it resolved, for the session checks that
 * statements carry (decision 225), one memory per app.
 */
export function createSessionService(db: Db) {
  // Prepared on every new pool connection (decision 215); no token hashes to the empty string.
  prepareOnConnect(db, sessionLookup(''));
  const deps: SessionDeps = { db, known: new Map() };
  const service = {
    sessionCheck: (token: string, role: Role) => checkSession(deps, token, role),
    warmUpCheck: warmUpSessionCheck,
    create: (userId: string, meta?: { userAgent?: string | undefined; ip?: string | undefined }) =>
      createSession(db, userId, meta),
    resolve: (token: string) => resolveSession(deps, token),
    revoke: (sessionId: string) => revokeSession(db, sessionId),
    revokeAllForUser: (userId: string) => revokeUserSessions(db, userId),
    /** Ends every other session of the account (after a password change). */
    revokeAllForUserExcept: (userId: string, keepSessionId: string) =>
      revokeUserSessions(db, userId, keepSessionId),
  };
  // The session cookie plugin and realtime resolve tokens with it (plugins/auth.ts).
  return service satisfies SessionResolver;
}

export type SessionService = ReturnType<typeof createSessionService>;
