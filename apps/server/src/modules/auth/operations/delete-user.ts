import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { otpCodes, users } from '../auth.tables';

/**
 * Deletes the account and what the database ties to it (sessions, e-mail and reset tokens, preferences,
 * addresses, likes, search and view history: ON DELETE CASCADE) and the phone codes sent to its number.
 */
export async function deleteUser(db: Db, id: string, phoneNumber: string): Promise<boolean> {
  await db.delete(otpCodes).where(eq(otpCodes.phoneNumber, phoneNumber));
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length === 1;
}
