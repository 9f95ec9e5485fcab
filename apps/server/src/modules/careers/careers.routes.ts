import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  careerApplicationResponseSchema,
  careerPrefillSchema,
  careerVerifyEmailRequestSchema,
  errorResponseSchema,
  okResponseSchema,
  resumeMaxBytes,
  resumeSearchQuerySchema,
  resumeSearchResponseSchema,
} from '@maplesource/contracts';
import { AppError, notFound, errorResponses } from '../../plugins/errors';
import { readCareerForm } from './career-form';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const applicationParams = z.object({ id: z.uuid('errors:CAREER_APPLICATION_NOT_FOUND') });
const uploadBodyLimit = resumeMaxBytes + 256 * 1024;

/**
 * docs/product.md §7 `career` (create, prefill, verify email) and the applicant's rights (read, correct, withdraw), plus the
 * résumé database for verified premium employers. Résumés are private files, always sent as attachments.
 */
export const careersRoutes: FastifyPluginAsyncZod = async (app) => {
  const careers = app.careers;
  await app.register(multipart, {
    limits: { fileSize: resumeMaxBytes, files: 1, fields: 2, fieldSize: 64 * 1024, parts: 3 },
  });

  app.get(
    '/career/prefill',
    {
      preHandler: app.requireUser,
      schema: { tags: ['careers'], response: { 200: careerPrefillSchema, ...errors } },
    },
    async (request) => careers.prefill(request.user!.id),
  );

  app.get(
    '/career',
    {
      preHandler: app.requireUser,
      schema: { tags: ['careers'], response: { 200: careerApplicationResponseSchema, ...errors } },
    },
    async (request) => ({ application: await careers.getOwn(app.db, request.user!.id) }),
  );

  app.post(
    '/career',
    {
      preHandler: app.requireUser,
      bodyLimit: uploadBodyLimit,
      config: { idempotency: true },
      schema: {
        tags: ['careers'],
        consumes: ['multipart/form-data'],
        response: { 201: careerApplicationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readCareerForm(request);
      if (!form.resume) throw new AppError(400, 'RESUME_REQUIRED', 'Attach your résumé');
      const application = await careers.create(app.db, request.user!.id, form.input, form.resume);
      return reply.status(201).send({ application });
    },
  );

  app.put(
    '/career',
    {
      preHandler: app.requireUser,
      bodyLimit: uploadBodyLimit,
      schema: {
        tags: ['careers'],
        consumes: ['multipart/form-data'],
        response: { 200: careerApplicationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readCareerForm(request);
      return { application: await careers.update(app.db, request.user!.id, form.input, form.resume) };
    },
  );

  app.delete(
    '/career',
    {
      preHandler: app.requireUser,
      schema: { tags: ['careers'], response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await careers.withdraw(app.db, request.user!.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/career/resume',
    {
      preHandler: app.requireUser,
      schema: { tags: ['careers'], response: { 401: errorResponseSchema, 404: errorResponseSchema } },
    },
    async (request, reply) => {
      const file = await careers.ownResume(app.db, request.user!.id);
      return app.storage.sendPrivate(reply, file.key, { filename: file.filename });
    },
  );

  app.post(
    '/career/verify-email',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['careers'],
        body: careerVerifyEmailRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await careers.verifyEmail(app.db, request.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/career/verify-email/resend',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: { tags: ['careers'], response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await careers.resendVerification(app.db, request.user!.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/career/applications',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['careers'],
        querystring: resumeSearchQuerySchema,
        response: { 200: resumeSearchResponseSchema, ...errors },
      },
    },
    async (request) => careers.search(app.db, request.user!.id, request.query),
  );

  app.get(
    '/career/applications/:id/resume',
    {
      schema: {
        tags: ['careers'],
        params: applicationParams,
        response: {
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // A visitor, like any account that may not open résumés, learns nothing: the same 404 as a missing one.
      if (!request.user) throw notFound('CAREER_APPLICATION_NOT_FOUND', 'No such application');
      const file = await careers.employerResume(app.db, request.user.id, request.params.id);
      return app.storage.sendPrivate(reply, file.key, { filename: file.filename });
    },
  );
};
