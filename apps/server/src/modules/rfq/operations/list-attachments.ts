import { sql } from 'drizzle-orm';
import type { RfqAttachment } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { notFound } from '../../../plugins/errors';
import { query } from '../rfq.service';
import { attachmentOf } from './add-attachment';

/** A request's attachments, oldest first (the caller has checked the reader may see the request). */
export async function listAttachments(
  db: Db,
  rfqIds: readonly string[],
): Promise<Map<string, RfqAttachment[]>> {
  const byRfq = new Map<string, RfqAttachment[]>(rfqIds.map((id) => [id, []]));
  if (rfqIds.length === 0) return byRfq;
  const rows = await query(
    db,
    sql`SELECT * FROM rfq_attachments
        WHERE rfq_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(rfqIds)}::jsonb)::uuid)
        ORDER BY created_at, id`,
  );
  for (const row of rows) byRfq.get(String(row.rfq_id))?.push(attachmentOf(row));
  return byRfq;
}

/** One attachment's stored file (the caller has checked the reader may see the request); else 404. */
export async function attachmentFile(db: Db, input: { rfqId: string; attachmentId: string }) {
  const [row] = await query(
    db,
    sql`SELECT storage_key, filename FROM rfq_attachments WHERE id = ${input.attachmentId} AND rfq_id = ${input.rfqId}`,
  );
  if (!row) throw notFound('RFQ_ATTACHMENT_NOT_FOUND', 'This attachment does not exist');
  return { storageKey: String(row.storage_key), filename: String(row.filename) };
}
