import { randomUUID } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { chatImageMimeTypes } from '@maplesource/contracts';
import { AppError } from '../../plugins/errors';
import type { FileStorage } from '../../plugins/storage';

/** The largest side of a stored chat image and of its thumbnail. */
const MAX_SIDE = 2048;
const THUMB_SIDE = 320;

export const chatImageInvalid = () =>
  new AppError(415, 'CHAT_IMAGE_INVALID', 'Please select valid image files');
export const chatImageTooLarge = () =>
  new AppError(413, 'CHAT_IMAGE_TOO_LARGE', 'Each image must be under 5MB');

export interface ProcessedChatImage {
  id: string;
  storageKey: string;
  thumbnailKey: string;
  contentType: 'image/webp';
  width: number;
  height: number;
  bytes: number;
}

/**
 * A chat image (docs/product.md §5: images only, under 5MB): the bytes must be an image (magic bytes, not the name or
 * the declared type); sharp decodes and re-encodes it as WebP, which drops EXIF and every other metadata
 * (after applying its orientation), caps the size and makes a thumbnail. Both are stored PRIVATE under the
 * chat: they are served only to its two participants.
 */
export async function storeChatImage(
  storage: FileStorage,
  chatId: string,
  input: Buffer,
): Promise<ProcessedChatImage> {
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !(chatImageMimeTypes as readonly string[]).includes(detected.mime))
    throw chatImageInvalid();
  let full: { data: Buffer; info: OutputInfo };
  let thumb: { data: Buffer; info: OutputInfo };
  try {
    const source = sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate();
    full = await source
      .clone()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    thumb = await source
      .clone()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw chatImageInvalid();
  }
  const id = randomUUID();
  const storageKey = `chat/${chatId}/${id}.webp`;
  const thumbnailKey = `chat/${chatId}/${id}-thumb.webp`;
  await storage.put(storageKey, full.data, { visibility: 'private', contentType: 'image/webp' });
  await storage.put(thumbnailKey, thumb.data, { visibility: 'private', contentType: 'image/webp' });
  return {
    id,
    storageKey,
    thumbnailKey,
    contentType: 'image/webp',
    width: full.info.width,
    height: full.info.height,
    bytes: full.data.length,
  };
}
