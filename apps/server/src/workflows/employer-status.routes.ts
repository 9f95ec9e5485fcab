import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  employerLookupQuerySchema,
  employerStatusInputSchema,
  employerStatusParamsSchema,
  employerStatusSchema,
  errorResponseSchema,
} from '@maplesource/contracts';
import { withTransaction } from '../db/transaction';
import { notFound } from '../plugins/errors';
import { setEmployerStatusWorkflow } from './set-employer-status';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * The admin console's employer controls under /api/v1/admin (inside the admin scope of services/buyer.ts): find
 * an account by e-mail and mark it a verified business and/or a premium employer (issue 13), audited.
 */
export const employerStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/employers',
    {
      schema: {
        tags: ['admin'],
        querystring: employerLookupQuerySchema,
        response: { 200: employerStatusSchema, ...errors },
      },
    },
    async (request) => {
      const user = await app.auth.users.findByEmail(request.query.email);
      if (!user) throw notFound('USER_NOT_FOUND', 'Account not found');
      return {
        userId: user.id,
        email: user.email,
        fullName: user.fullName,
        isVerifiedBusiness: user.isVerifiedBusiness,
        isPremiumEmployer: user.isPremiumEmployer,
      };
    },
  );
  app.put(
    '/employers/:userId',
    {
      schema: {
        tags: ['admin'],
        params: employerStatusParamsSchema,
        body: employerStatusInputSchema,
        response: { 200: employerStatusSchema, ...errors },
      },
    },
    async (request) =>
      withTransaction(app.db, (tx) =>
        setEmployerStatusWorkflow(app, tx, {
          actor: { userId: request.user?.id ?? null },
          userId: request.params.userId,
          status: request.body,
        }),
      ),
  );
};
