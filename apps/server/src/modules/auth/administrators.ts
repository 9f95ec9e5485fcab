import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { users } from './auth.tables';

/** The user ids of the administrators (the `admin` role), who hear of what needs one, such as an escalated review. */
export async function administratorIds(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`'admin' = ANY(${users.roles})`)
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((row) => row.id);
}
