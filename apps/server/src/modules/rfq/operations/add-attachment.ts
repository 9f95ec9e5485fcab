import { sql } from 'drizzle-orm';
import { RFQ_ATTACHMENT_LIMITS, type RfqAttachment, type RfqAttachmentType } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { conflict } from '../../../plugins/errors';
import { iso, query, rfqNotFound, rfqNotOpen, type Row } from '../rfq.service';

export const attachmentLimit = () =>
  conflict(
    'RFQ_ATTACHMENT_LIMIT',
    `A request for quotes holds at most ${RFQ_ATTACHMENT_LIMITS.perRequest} attachments`,
  );

export const attachmentOf = (row: Row): RfqAttachment => ({
  id: String(row.id),
  filename: String(row.filename),
  contentType: row.content_type as RfqAttachmentType,
  bytes: Number(row.bytes),
  createdAt: iso(row.created_at),
});

/**
 * Whether the buyer's own open request can take one more attachment (404 another buyer's, 409 ended or full):
 * checked before the upload is read. The slot itself is taken by `addAttachment`.
 */
export async function checkAttachmentRoom(db: Db, input: { rfqId: string; buyerId: string }) {
  const [row] = await query(
    db,
    sql`SELECT status, attachment_count FROM rfqs WHERE id = ${input.rfqId} AND buyer_id = ${input.buyerId}`,
  );
  if (!row) throw rfqNotFound();
  if (row.status !== 'open') throw rfqNotOpen();
  if (Number(row.attachment_count) >= RFQ_ATTACHMENT_LIMITS.perRequest) throw attachmentLimit();
}

/**
 * Stores a stored file's row (run in a transaction): one slot of the request's five is taken by a conditional
 * UPDATE of its counter (the row lock orders concurrent uploads; the CHECK is the last word), so six concurrent
 * uploads keep five. 404 another buyer's request, 409 ended or full.
 */
export async function addAttachment(
  db: Db,
  input: {
    id: string;
    rfqId: string;
    buyerId: string;
    storageKey: string;
    filename: string;
    contentType: RfqAttachmentType;
    bytes: number;
  },
): Promise<RfqAttachment> {
  const [slot] = await query(
    db,
    sql`UPDATE rfqs SET attachment_count = attachment_count + 1
        WHERE id = ${input.rfqId} AND buyer_id = ${input.buyerId} AND status = 'open'
          AND attachment_count < ${RFQ_ATTACHMENT_LIMITS.perRequest}
        RETURNING id`,
  );
  if (!slot) {
    await checkAttachmentRoom(db, input);
    throw attachmentLimit();
  }
  const [row] = await query(
    db,
    sql`INSERT INTO rfq_attachments (id, rfq_id, storage_key, filename, content_type, bytes)
        VALUES (${input.id}, ${input.rfqId}, ${input.storageKey}, ${input.filename}, ${input.contentType},
          ${input.bytes})
        RETURNING *`,
  );
  return attachmentOf(row!);
}
