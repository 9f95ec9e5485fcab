import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import {
  adminUploadAcceptedTypes,
  adminUploadMaxWidth,
  type AdminUploadResponse,
} from '@maplesource/contracts';
import { AppError } from '../../plugins/errors';
import type { FileStorage } from '../../plugins/storage';

const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);

/**
 * An admin's image for a blog post: the bytes must *be* a JPEG, PNG or WebP (magic bytes, not the
 * name or the declared type); they are decoded and re-encoded as WebP by sharp, which drops EXIF and
 * every other metadata (after applying its orientation) and caps the width (a caller may ask for a smaller cap). Stored under the SHA-256
 * of the result, so the same picture uploaded twice is one file.
 */
export async function uploadImage(
  storage: FileStorage,
  input: Buffer,
  options: { maxWidth?: number } = {},
): Promise<AdminUploadResponse & { sourceType: string }> {
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !(adminUploadAcceptedTypes as readonly string[]).includes(detected.mime))
    throw unsupported('Only JPEG, PNG and WebP images are accepted');
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({
        width: Math.min(options.maxWidth ?? adminUploadMaxWidth, adminUploadMaxWidth),
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unsupported('The image cannot be read');
  }
  const name = `${createHash('sha256').update(output.data).digest('hex')}.webp`;
  await storage.put(name, output.data, { visibility: 'public', contentType: 'image/webp' });
  return {
    url: storage.publicUrl(name),
    name,
    contentType: 'image/webp',
    bytes: output.data.length,
    width: output.info.width,
    height: output.info.height,
    sourceType: detected.mime,
  };
}
