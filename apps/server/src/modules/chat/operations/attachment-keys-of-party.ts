import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rows } from '../chat.access';

/**
 * The stored files (image and thumbnail) of every attachment in the chats `userId` takes part in, as buyer or as
 * seller user: the chats that go with the account when it is deleted (decision 347).
 */
export async function attachmentKeysOfParty(database: Db, userId: string): Promise<string[]> {
  const found = await rows(
    database,
    sql`SELECT a.storage_key, a.thumbnail_key
        FROM chat_attachments a JOIN chats c ON c.id = a.chat_id
        WHERE c.buyer_id = ${userId} OR c.seller_user_id = ${userId}`,
  );
  return found.flatMap((row) => [String(row.storage_key), String(row.thumbnail_key)]);
}
