import { sql } from 'drizzle-orm';
import { type ChatAttachment } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { rows } from '../chat.access';
import { toAttachment } from '../chat.rows';
import type { NewAttachment } from '../chat.types';

export async function saveAttachment(database: Db, attachment: NewAttachment): Promise<ChatAttachment> {
  const [row] = await rows(
    database,
    sql`INSERT INTO chat_attachments (id, chat_id, uploader_id, storage_key, thumbnail_key, content_type, width, height, bytes)
        VALUES (${attachment.id}, ${attachment.chatId}, ${attachment.uploaderId}, ${attachment.storageKey},
                ${attachment.thumbnailKey}, ${attachment.contentType}, ${attachment.width}, ${attachment.height},
                ${attachment.bytes})
        RETURNING id, width, height`,
  );
  return toAttachment(row!);
}
