import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUploadMaxBytes, adminUploadResponseSchema, errorResponseSchema } from '@maplesource/contracts';
import { AppError, badRequest } from '../../plugins/errors';
import { writeAudit } from './content.service';
import { uploadImage } from './upload-image';
import { registerUploadCleanup, scheduleUploadCleanup } from './unreferenced-uploads';

/**
 * `POST /api/v1/admin/uploads` (registered inside contentAdminRoutes, in the admin scope): one image
 * as multipart field `file`; answers its `/uploads/<sha256>.webp` address. The multipart parser
 * lives in this plugin's scope only. Images nothing references are deleted after 24 hours (a job).
 */
export const adminUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploadCleanup(app);
  await app.register(multipart, {
    limits: { fileSize: adminUploadMaxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
  app.post(
    '/uploads',
    {
      bodyLimit: adminUploadMaxBytes + 64 * 1024,
      schema: {
        tags: ['admin'],
        consumes: ['multipart/form-data'],
        response: {
          201: adminUploadResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
      const file = await request.file();
      if (!file) throw badRequest('UPLOAD_FILE_REQUIRED', 'Choose an image to upload');
      const data = await file.toBuffer(); // throws FST_REQ_FILE_TOO_LARGE (→ 413) past 5 MB
      const { sourceType, ...saved } = await uploadImage(app.storage, data);
      await writeAudit(
        app.db,
        { userId: request.user?.id ?? null },
        {
          action: 'create',
          entity: 'upload',
          entityId: saved.name,
          before: null,
          after: { ...saved, sourceType, sourceBytes: data.length, sourceName: file.filename.slice(0, 200) },
        },
      );
      // Deleted after 24 hours unless some content uses it by then (decision 072).
      await scheduleUploadCleanup(app, saved.name);
      return reply.status(201).send(saved);
    },
  );
};
