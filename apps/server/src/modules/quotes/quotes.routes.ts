import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  quotationIdParamsSchema,
  quotationResponseSchema,
} from '@maplesource/contracts';

/**
 * GET quotation/:quotationId: a quotation for its buyer or its seller user (anyone else: 404). Sending one
 * (`quotation`, `service-quotation`) and answering one run as workflows (flows/inquiry/inquiry.routes.ts,
 * flows/inquiry/inquiry.routes.ts), since they write in the chat too.
 */
export const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/quotation/:quotationId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['quotes'],
        params: quotationIdParamsSchema,
        response: { 200: quotationResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      quotation: await app.quotes.getFor(app.db, request.user!.id, request.params.quotationId),
    }),
  );
};
