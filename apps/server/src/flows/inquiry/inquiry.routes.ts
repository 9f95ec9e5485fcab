import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatParamsSchema,
  errorResponseSchema,
  inquiryResponseSchema,
  pipelineMoveRequestSchema,
  pipelineMoveResponseSchema,
  pipelineQuerySchema,
  pipelineResponseSchema,
  productInquiryRequestSchema,
  storefrontResponseTimeParamsSchema,
  serviceInquiryRequestSchema,
  storefrontResponseTimeSchema,
  quotationDecisionRequestSchema,
  quotationIdParamsSchema,
  quotationResponseSchema,
} from '@maplesource/contracts';
import { sendInquiry } from './send-inquiry';
import { decideQuotation } from './decide-quotation';
import { movePipelineCard } from './move-pipeline-card';

/**
 * The seller's answer to a quotation (`role: seller`): POST quotation/:quotationId/decision accepts or rejects
 * it in its conversation. Only the seller user of that conversation; anyone else gets 404.
 */
const quotationDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.restrictScopeToRole('seller');
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

  // The seller's quotation pipeline (decision 267): only the caller's own conversations.
  app.get(
    '/seller/pipeline',
    {
      schema: {
        tags: ['quotes'],
        querystring: pipelineQuerySchema,
        response: {
          200: pipelineResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => app.chat.listPipeline(app.db, request.user!.id, request.query),
  );

  app.post(
    '/seller/pipeline/:chatId/move',
    {
      schema: {
        tags: ['quotes'],
        params: chatParamsSchema,
        body: pipelineMoveRequestSchema,
        response: {
          200: pipelineMoveResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      card: await movePipelineCard(app, request.user!.id, request.params.chatId, request.body),
    }),
  );
};

/**
 * docs/product.md §7 `quotation` (product) and `service-quotation`: a logged-in buyer sends an inquiry, validated with the
 * contracts schema the web form uses; sending twice with one Idempotency-Key creates one inquiry.
 */
export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = {
    201: inquiryResponseSchema,
    400: errorResponseSchema,
    401: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
  };
  // Public: how fast the storefront's owner answers requests (decision 268); null with too little data or no owner.
  app.get(
    '/seller/:id/response-time',
    {
      schema: {
        tags: ['quotes'],
        params: storefrontResponseTimeParamsSchema,
        response: { 200: storefrontResponseTimeSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const ownerUserId = await app.sellers.storefrontOwner(app.db, request.params.id);
      return {
        responseTime: ownerUserId ? await app.chat.medianFirstResponse(app.db, ownerUserId) : null,
      };
    },
  );
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
  // The seller's answer has its own role hook, so it is its own (encapsulated) plugin.
  await app.register(quotationDecisionRoutes);
};
