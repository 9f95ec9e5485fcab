import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  quotationDecisionRequestSchema,
  quotationIdParamsSchema,
  quotationResponseSchema,
} from '@maplesource/contracts';
import { decideQuotation } from './decide-quotation';

/**
 * The seller's answer to a quotation (`role: seller`): POST quotation/:quotationId/decision accepts or rejects
 * it in its conversation. Only the seller user of that conversation; anyone else gets 404.
 */
export const quotesSellerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireRole('seller'));
  app.post(
    '/quotation/:quotationId/decision',
    {
      schema: {
        tags: ['quotes'],
        params: quotationIdParamsSchema,
        body: quotationDecisionRequestSchema,
        response: {
          200: quotationResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      quotation: await decideQuotation(app, request.user!.id, request.params.quotationId, request.body),
    }),
  );
};
