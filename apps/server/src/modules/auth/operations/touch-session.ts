import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { SESSION_TOUCH_INTERVAL_MS } from '../../../plugins/auth';
import { sessions } from '../auth.tables';
import { agoSql } from '../sessions.sql';

/**
 * Marks the session as used now, at most once per SESSION_TOUCH_INTERVAL_MS: the condition makes concurrent
 * requests of one session write the row once, and requests in between write nothing.
 */
export async function touchSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, agoSql(SESSION_TOUCH_INTERVAL_MS))));
}
