import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { notFound } from '../../../plugins/errors';
import { rows } from '../chat.access';
import type { StoredAttachment } from '../chat.types';

/** An attachment, only for the two participants of its chat (anyone else: ATTACHMENT_NOT_FOUND). */
export async function getAttachment(
  database: Db,
  userId: string,
  attachmentId: string,
): Promise<StoredAttachment> {
  const [row] = await rows(
    database,
    sql`SELECT a.id, a.chat_id, a.storage_key, a.thumbnail_key, a.content_type
        FROM chat_attachments a JOIN chats c ON c.id = a.chat_id
        WHERE a.id = ${attachmentId} AND (c.buyer_id = ${userId} OR c.seller_user_id = ${userId})`,
  );
  if (!row) throw notFound('ATTACHMENT_NOT_FOUND', 'This image was not found');
  return {
    id: String(row.id),
    chatId: String(row.chat_id),
    storageKey: String(row.storage_key),
    thumbnailKey: String(row.thumbnail_key),
    contentType: String(row.content_type),
  };
}
