import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { RFQ_ATTACHMENT_LIMITS, type RfqAttachment } from '@maplesource/contracts';
import { AppError, badRequest } from '../../plugins/errors';
import { withTransaction } from '../../db/transaction';
import { attachmentExtension, attachmentTypeOf } from './attachment-type';

export type RfqAttachmentDoors = Pick<FastifyInstance, 'db' | 'rfq' | 'storage'>;

const badType = () =>
  new AppError(
    415,
    'RFQ_ATTACHMENT_TYPE',
    'Attach a PDF, PNG or JPEG file, or a STEP, STL, DXF or DWG drawing',
  );

/**
 * A photo is decoded and encoded again in its own format, turned upright first (as chat images and résumés are,
 * decision 240): no EXIF (GPS, camera owner), comment or appended data survives — a private request's photo must
 * not name its buyer. Anything else is stored as uploaded.
 */
async function withoutMetadata(data: Buffer, contentType: string): Promise<Buffer> {
  if (contentType !== 'image/jpeg' && contentType !== 'image/png') return data;
  try {
    const image = sharp(data, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate();
    return await (
      contentType === 'image/jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : image.png({ compressionLevel: 9 })
    ).toBuffer();
  } catch {
    throw badType();
  }
}

export const attachmentTooLarge = () =>
  new AppError(413, 'RFQ_ATTACHMENT_TOO_LARGE', 'An attachment must be 10 MB or smaller');

/** A file name as the reader will see it: no path, no control characters, at most 200 characters. */
function cleanFilename(name: string, extension: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const printable = [...last].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  const base = printable.trim().slice(0, 200);
  return base || `attachment.${extension}`;
}

/**
 * The buyer attaches a file to their open request (decision 317): at most 5 per request (409 RFQ_ATTACHMENT_LIMIT),
 * at most 10 MB (413 RFQ_ATTACHMENT_TOO_LARGE, enforced by the multipart limit while reading), a type checked by
 * content (415 RFQ_ATTACHMENT_TYPE), a photo re-encoded without its metadata. The file is stored private first, then its row takes one of the request's five
 * slots by a conditional update; a file whose slot was lost to a concurrent upload is deleted again.
 */
export async function uploadRfqAttachment(
  doors: RfqAttachmentDoors,
  input: { buyerId: string; rfqId: string; file: { data: Buffer; filename: string } | null },
): Promise<RfqAttachment> {
  const { file } = input;
  if (!file || file.data.length === 0)
    throw badRequest('RFQ_ATTACHMENT_REQUIRED', 'Attach one file, named file');
  if (file.data.length > RFQ_ATTACHMENT_LIMITS.maxBytes) throw attachmentTooLarge();
  const contentType = await attachmentTypeOf(file.data);
  if (!contentType) throw badType();
  const data = await withoutMetadata(file.data, contentType);
  const id = randomUUID();
  const extension = attachmentExtension[contentType];
  const storageKey = `rfq-attachments/${input.rfqId}/${id}.${extension}`;
  await doors.storage.put(storageKey, data, { visibility: 'private', contentType });
  try {
    return await withTransaction(doors.db, (tx) =>
      doors.rfq.addAttachment(tx, {
        id,
        rfqId: input.rfqId,
        buyerId: input.buyerId,
        storageKey,
        filename: cleanFilename(file.filename, extension),
        contentType,
        bytes: data.length,
      }),
    );
  } catch (error) {
    await doors.storage.delete(storageKey);
    throw error;
  }
}
