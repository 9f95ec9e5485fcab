import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../auth.tables';
import type { UserRow } from '../users.types';

/** The account with this id, if any. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The account with this e-mail address, whatever its case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** The account with this (normalized) phone number. */
export async function findUserByPhone(db: Db, phoneNumber: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
  return row;
}
