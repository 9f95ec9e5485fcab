import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../auth.tables';

/** Makes `email` the account's verified address (the caller checked the token). Throws 23505 if taken meanwhile. */
export async function confirmUserEmail(db: Db, userId: string, email: string) {
  await db
    .update(users)
    .set({
      email,
      emailVerifiedAt: new Date(),
      pendingEmail: sql`case when lower(${users.pendingEmail}) = lower(${email}) then null else ${users.pendingEmail} end`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}
