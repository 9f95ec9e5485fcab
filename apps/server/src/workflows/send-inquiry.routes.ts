import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  inquiryResponseSchema,
  productInquiryRequestSchema,
  serviceInquiryRequestSchema,
} from '@maplesource/contracts';
import { sendInquiry } from './send-inquiry';

/**
 * Spec §7 `quotation` (product) and `service-quotation`: a logged-in buyer sends an inquiry, validated with the
 * contracts schema the web form uses; sending twice with one Idempotency-Key creates one inquiry.
 */
export const sendInquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = {
    201: inquiryResponseSchema,
    400: errorResponseSchema,
    401: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
  };
  app.post(
    '/quotation',
    {
      preHandler: app.requireUser,
      config: { idempotency: true },
      schema: { tags: ['quotes'], body: productInquiryRequestSchema, response },
    },
    async (request, reply) => {
      const answer = await sendInquiry(
        app,
        request.user!.id,
        { kind: 'product', ...request.body },
        request.idempotencyKey,
      );
      return reply.status(201).send(answer);
    },
  );
  app.post(
    '/service-quotation',
    {
      preHandler: app.requireUser,
      config: { idempotency: true },
      schema: { tags: ['quotes'], body: serviceInquiryRequestSchema, response },
    },
    async (request, reply) => {
      const answer = await sendInquiry(
        app,
        request.user!.id,
        { kind: 'service', ...request.body },
        request.idempotencyKey,
      );
      return reply.status(201).send(answer);
    },
  );
};
