import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';

/**
 * Locks the account row until the caller's transaction ends (a second deletion waits, then finds nothing).
 * Undefined when the account no longer exists.
 */
export async function lockUser(db: Db, id: string): Promise<{ id: string; phoneNumber: string } | undefined> {
  const [row] = rowsOf<{ id: string; phone_number: string }>(
    await db.execute(sql`SELECT id, phone_number FROM users WHERE id = ${id} FOR UPDATE`),
  );
  return row ? { id: row.id, phoneNumber: row.phone_number } : undefined;
}
