import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions } from '../auth.tables';

/** Ends one session (logout). */
export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}
