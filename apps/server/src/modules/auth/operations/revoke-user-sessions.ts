import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions } from '../auth.tables';

/**
 * Ends every live session of the account (a password reset, the demo accounts' reseed), or every one but
 * `keepSessionId` (a password change keeps the session that made it).
 */
export async function revokeUserSessions(db: Db, userId: string, keepSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}
