import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rows } from '../chat.access';

/** The conversations of a user (presence: whom to tell). */
export async function listPartners(database: Db, userId: string): Promise<string[]> {
  const list = await rows(
    database,
    sql`SELECT DISTINCT CASE WHEN buyer_id = ${userId} THEN seller_user_id ELSE buyer_id END AS other
        FROM chats WHERE buyer_id = ${userId} OR seller_user_id = ${userId}`,
  );
  return list.map((row) => String(row.other));
}
