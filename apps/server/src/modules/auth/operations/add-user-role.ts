import { sql } from 'drizzle-orm';
import type { Role } from '@maplesource/contracts';
import type { Db } from '../../../db/client';

/** Adds a role to the account (no-op when it has it already). */
export async function addUserRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.execute(
    sql`UPDATE users SET roles = array_append(roles, ${role}), updated_at = now()
        WHERE id = ${userId} AND NOT (${role} = ANY (roles))`,
  );
}
