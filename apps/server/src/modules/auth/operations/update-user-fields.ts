import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../auth.tables';
import type { UserFields } from '../users.types';

/** Changes the given fields of the account (the caller checked them). */
export async function updateUserFields(db: Db, userId: string, fields: UserFields) {
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
