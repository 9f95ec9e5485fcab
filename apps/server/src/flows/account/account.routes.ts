import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountRequestSchema, okResponseSchema } from '@maplesource/contracts';
import { deleteAccount } from './delete-account';

/** DELETE /api/v1/profile { currentPassword }: deletes the caller's own account (decision 076). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/profile',
    {
      preHandler: app.requireUser,
      schema: { tags: ['accounts'], body: deleteAccountRequestSchema, response: { 200: okResponseSchema } },
    },
    async (request, reply) => {
      await deleteAccount(app, request.user!.id, request.body.currentPassword);
      // The session died with the account; the browser forgets its cookie too.
      app.clearSessionCookie(reply);
      return { ok: true as const };
    },
  );
};
