import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { withTransaction } from '../../../db/transaction';
import type { FileStorage } from '../../../plugins/storage';
import { rows } from '../chat.access';

/** How long an uploaded image may wait to be sent (the composer keeps it while the user writes). */
export const unsentAttachmentGraceHours = 24;
const sweepBatch = 100;

/**
 * Deletes the images uploaded to a chat but never sent, once their grace is over: the rows and their two files
 * (decision 348). Each batch holds its rows locked (`FOR UPDATE SKIP LOCKED`) while their files are deleted, so a
 * message sent meanwhile waits and then finds the image gone (ATTACHMENT_NOT_FOUND), and a sweep on another process
 * takes other rows. Answers how many were deleted.
 */
export async function sweepUnsentAttachments(
  deps: { db: Db; storage: FileStorage },
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - unsentAttachmentGraceHours * 3_600_000).toISOString();
  let deleted = 0;
  for (;;) {
    const batch = await withTransaction(deps.db, async (tx) => {
      const unsent = await rows(
        tx,
        sql`SELECT id, storage_key, thumbnail_key FROM chat_attachments
            WHERE message_id IS NULL AND created_at < ${cutoff}
            ORDER BY created_at LIMIT ${sweepBatch} FOR UPDATE SKIP LOCKED`,
      );
      for (const row of unsent) {
        await deps.storage.delete(String(row.storage_key));
        await deps.storage.delete(String(row.thumbnail_key));
      }
      if (unsent.length > 0)
        await tx.execute(
          sql`DELETE FROM chat_attachments WHERE id IN (${sql.join(
            unsent.map((row) => sql`${String(row.id)}`),
            sql`, `,
          )})`,
        );
      return unsent.length;
    });
    deleted += batch;
    if (batch < sweepBatch) return deleted;
  }
}
