import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../auth.tables';
import type { UserRow } from '../users.types';

/**
 * Admin console: marks the account a verified business and/or a premium employer (careers' résumé database).
 * Runs in the caller's transaction; returns the flags before and after, or undefined for an unknown account.
 */
export async function setEmployerStatus(
  db: Db,
  userId: string,
  status: { isVerifiedBusiness: boolean; isPremiumEmployer: boolean },
): Promise<{ before: UserRow; after: UserRow } | undefined> {
  const [before] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  if (!before) return undefined;
  const [after] = await db
    .update(users)
    .set({ ...status, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return { before, after: after! };
}
