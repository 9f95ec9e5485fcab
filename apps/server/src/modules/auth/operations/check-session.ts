import type { Role } from '@maplesource/contracts';
import type { SessionCheck } from '../../../plugins/auth';
import { hashSessionToken, sessionCheckOf, type SessionDeps } from '../sessions.sql';

/**
 * For a statement that checks the session itself (decision 225): the session check as common-table expressions
 * (`session_ok`, `session_touch`), for a token this process resolved before (its user is then known); null for
 * an unknown token, which goes the usual way (`resolveSession`). The check proves nothing until the statement ran.
 */
export function checkSession(
  deps: Pick<SessionDeps, 'known'>,
  token: string,
  role: Role,
): SessionCheck | null {
  const tokenHash = hashSessionToken(token);
  const userId = deps.known.get(tokenHash);
  if (userId === undefined) return null;
  return sessionCheckOf({ sessionTokenHash: tokenHash, sessionUserId: userId, sessionRole: role }, () =>
    deps.known.delete(tokenHash),
  );
}
