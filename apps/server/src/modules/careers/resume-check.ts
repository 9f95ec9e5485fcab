import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { resumeAcceptedTypes, resumeMaxBytes } from '@maplesource/contracts';
import { AppError } from '../../plugins/errors';
import { rewriteResumePdf } from './resume-pdf';

export type ResumeContentType = (typeof resumeAcceptedTypes)[number];

const extensionOf: Record<ResumeContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** The largest side of a stored résumé image: a letter page scanned at 400 dpi fits. */
const maxImageSide = 4400;

/**
 * A résumé image decoded and encoded again in its own format (decision 240), like chat images: the pixels only,
 * turned upright first, so no EXIF (GPS included), comment or data appended after the image survives.
 */
async function reencodeImage(data: Buffer, contentType: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  try {
    const image = sharp(data, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: maxImageSide, height: maxImageSide, fit: 'inside', withoutEnlargement: true });
    return await (
      contentType === 'image/jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : image.png({ compressionLevel: 9 })
    ).toBuffer();
  } catch {
    throw new AppError(415, 'RESUME_IMAGE_UNREADABLE', 'The résumé image cannot be read');
  }
}

/**
 * A résumé is accepted by what its bytes are, never by its name or declared type: PDF, JPEG or PNG, at most
 * 5MB. What is stored is a rewritten copy (decision 240): a PDF without actions, scripts or attached files, an
 * image re-encoded without metadata. Returns the bytes to store, their type and an extension.
 */
export async function prepareResume(
  data: Buffer,
): Promise<{ data: Buffer; contentType: ResumeContentType; extension: string }> {
  if (data.length === 0) throw new AppError(400, 'RESUME_REQUIRED', 'Attach your résumé');
  if (data.length > resumeMaxBytes)
    throw new AppError(413, 'RESUME_TOO_LARGE', 'The résumé must be 5MB or smaller');
  const detected = await fileTypeFromBuffer(data);
  const contentType = resumeAcceptedTypes.find((type) => type === detected?.mime);
  if (!contentType)
    throw new AppError(415, 'RESUME_TYPE_NOT_ALLOWED', 'The résumé must be a PDF, JPG, JPEG or PNG file');
  const stored =
    contentType === 'application/pdf' ? await rewriteResumePdf(data) : await reencodeImage(data, contentType);
  return { data: stored, contentType, extension: extensionOf[contentType] };
}
