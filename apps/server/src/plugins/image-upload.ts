import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

/**
 * The one image of a seller's multipart upload route (catalogue and storefront images), as
 * bytes: 415 for a body that is not multipart, 400 without a file. Past the route's file size limit `toBuffer`
 * throws FST_REQ_FILE_TOO_LARGE, which the error handler answers with 413.
 */
export async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
  const file = await request.file();
  if (!file) throw badRequest('UPLOAD_FILE_REQUIRED', 'Choose an image to upload');
  return file.toBuffer();
}
