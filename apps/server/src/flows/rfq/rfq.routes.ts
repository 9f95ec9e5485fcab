import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cncQuoteParamsSchema,
  cncQuoteRfqRequestSchema,
  cncQuoteRfqResponseSchema,
  errorResponseSchema,
  RFQ_ATTACHMENT_LIMITS,
  rfqAcceptedResponseSchema,
  rfqAttachmentParamsSchema,
  rfqAttachmentUploadedSchema,
  rfqChatResponseSchema,
  rfqQuoteParamsSchema,
  rfqSellerAttachmentParamsSchema,
  rfqSupplierParamsSchema,
  rfqBuyerQuerySchema,
  rfqBuyerViewSchema,
  rfqClosedResponseSchema,
  rfqCreatedResponseSchema,
  rfqCreateRequestSchema,
  rfqDeclineRequestSchema,
  rfqIdParamsSchema,
  rfqListQuerySchema,
  rfqListResponseSchema,
  rfqOkResponseSchema,
  rfqQuotedResponseSchema,
  rfqQuoteRequestSchema,
  rfqSellerBuyerParamsSchema,
  rfqSellerParamsSchema,
  rfqSellerRfqParamsSchema,
  rfqSupplierInboxSchema,
  rfqSupplierViewSchema,
} from '@maplesource/contracts';
import { AppError, errorResponses } from '../../plugins/errors';
import { acceptQuote } from './accept-quote';
import { declineRfq, muteRfqBuyer, quoteRfq } from './answer-rfq';
import { muteRfqBuyerOf } from './mute-rfq-buyer';
import { rfqAttachmentFor } from './download-rfq-attachment';
import { openRfqChat } from './open-rfq-chat';
import { attachmentTooLarge, uploadRfqAttachment } from './upload-rfq-attachment';
import { closeRfq } from './close-rfq';
import { compareQuotes, shown } from './compare-quotes';
import { sendRfq } from './send-rfq';
import { requestFirmQuotes } from './request-firm-quotes';
import { supplierInbox, supplierRfq } from './supplier-rfq';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429);
const downloadErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * Requests for quotes (decision 298). Buyer: POST/GET rfqs, GET rfqs/:id (the comparison), POST rfqs/:id/close —
 * only the buyer's own (another's → 404). Supplier, under seller/:sellerId/rfqs: inbox, one request, quote or
 * revise, decline, mute a buyer (by id, or the buyer of a request) — only a matched storefront of the user's (else
 * 404). Decision 317: the award (POST rfqs/:id/quotes/:quoteId/accept), the buyer's chat with one supplier,
 * attachments (upload by the buyer, download by the buyer or a matched supplier).
 */
export const rfqRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: RFQ_ATTACHMENT_LIMITS.maxBytes, files: 1, fields: 0, parts: 1 },
  });

  app.post(
    '/rfqs',
    {
      config: { requiredRole: 'buyer', idempotency: true },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['rfq'],
        body: rfqCreateRequestSchema,
        response: { 201: rfqCreatedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await sendRfq(app, {
        buyerId: request.user!.id,
        body: request.body,
        idempotencyKey: request.idempotencyKey,
      });
      return reply.status(201).send({ rfq: shown(sent.rfq), sentTo: sent.sentTo });
    },
  );

  // "Request firm quotes" for a CNC instant quote (decision 325): one request per quote, the part attached.
  app.post(
    '/cnc-quotes/:id/rfq',
    {
      config: { requiredRole: 'buyer' },
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['rfq', 'cnc-quotes'],
        params: cncQuoteParamsSchema,
        body: cncQuoteRfqRequestSchema,
        response: { 200: cncQuoteRfqResponseSchema, 201: cncQuoteRfqResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await requestFirmQuotes(app, {
        buyerId: request.user!.id,
        quoteId: request.params.id,
        body: request.body,
      });
      return reply.status(answer.created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/rfqs',
    {
      config: { requiredRole: 'buyer' },
      schema: {
        tags: ['rfq'],
        querystring: rfqListQuerySchema,
        response: { 200: rfqListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await app.rfq.ofBuyer(app.db, request.user!.id, request.query);
      return { rfqs: page.rfqs.map(shown), total: page.total };
    },
  );

  app.get(
    '/rfqs/:id',
    {
      config: { requiredRole: 'buyer' },
      schema: {
        tags: ['rfq'],
        params: rfqIdParamsSchema,
        querystring: rfqBuyerQuerySchema,
        response: { 200: rfqBuyerViewSchema, ...errors },
      },
    },
    async (request) =>
      compareQuotes(app, { buyerId: request.user!.id, rfqId: request.params.id, sort: request.query.sort }),
  );

  app.post(
    '/rfqs/:id/close',
    {
      config: { requiredRole: 'buyer' },
      bodyLimit: 1024,
      schema: {
        tags: ['rfq'],
        params: rfqIdParamsSchema,
        response: { 200: rfqClosedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const closed = await closeRfq(app, request.user!.id, request.params.id);
      return { rfq: shown(closed.rfq) };
    },
  );

  app.get(
    '/seller/:sellerId/rfqs',
    {
      config: { requiredRole: 'seller' },
      schema: {
        tags: ['rfq'],
        params: rfqSellerParamsSchema,
        response: { 200: rfqSupplierInboxSchema, ...errors },
      },
    },
    async (request) => supplierInbox(app, request.user!.id, request.params.sellerId),
  );

  app.get(
    '/seller/:sellerId/rfqs/:id',
    {
      config: { requiredRole: 'seller' },
      schema: {
        tags: ['rfq'],
        params: rfqSellerRfqParamsSchema,
        response: { 200: rfqSupplierViewSchema, ...errors },
      },
    },
    async (request) => supplierRfq(app, request.user!.id, request.params.sellerId, request.params.id),
  );

  app.post(
    '/seller/:sellerId/rfqs/:id/quotes',
    {
      config: { requiredRole: 'seller' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['rfq'],
        params: rfqSellerRfqParamsSchema,
        body: rfqQuoteRequestSchema,
        response: { 201: rfqQuotedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const quoted = await quoteRfq(app, {
        userId: request.user!.id,
        sellerId: request.params.sellerId,
        rfqId: request.params.id,
        body: request.body,
      });
      return reply.status(201).send(quoted);
    },
  );

  app.post(
    '/seller/:sellerId/rfqs/:id/decline',
    {
      config: { requiredRole: 'seller' },
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['rfq'],
        params: rfqSellerRfqParamsSchema,
        body: rfqDeclineRequestSchema,
        response: { 200: rfqOkResponseSchema, ...errors },
      },
    },
    async (request) =>
      declineRfq(app, {
        userId: request.user!.id,
        sellerId: request.params.sellerId,
        rfqId: request.params.id,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/seller/:sellerId/rfqs/buyers/:buyerId/mute',
    {
      config: { requiredRole: 'seller' },
      bodyLimit: 1024,
      schema: {
        tags: ['rfq'],
        params: rfqSellerBuyerParamsSchema,
        response: { 200: rfqOkResponseSchema, ...errors },
      },
    },
    async (request) =>
      muteRfqBuyer(app, {
        userId: request.user!.id,
        sellerId: request.params.sellerId,
        buyerId: request.params.buyerId,
      }),
  );

  // The screens' mute: by the request the supplier reads, so no buyer id is handed to a supplier.
  app.post(
    '/seller/:sellerId/rfqs/:id/mute',
    {
      config: { requiredRole: 'seller' },
      bodyLimit: 1024,
      schema: {
        tags: ['rfq'],
        params: rfqSellerRfqParamsSchema,
        response: { 200: rfqOkResponseSchema, ...errors },
      },
    },
    async (request) =>
      muteRfqBuyerOf(app, {
        userId: request.user!.id,
        sellerId: request.params.sellerId,
        rfqId: request.params.id,
      }),
  );

  app.post(
    '/rfqs/:id/quotes/:quoteId/accept',
    {
      config: { requiredRole: 'buyer' },
      bodyLimit: 1024,
      schema: {
        tags: ['rfq'],
        params: rfqQuoteParamsSchema,
        response: { 200: rfqAcceptedResponseSchema, ...errors },
      },
    },
    async (request) =>
      acceptQuote(app, {
        buyerId: request.user!.id,
        rfqId: request.params.id,
        recipientId: request.params.quoteId,
      }),
  );

  app.post(
    '/rfqs/:id/suppliers/:sellerId/chat',
    {
      config: { requiredRole: 'buyer' },
      bodyLimit: 1024,
      schema: {
        tags: ['rfq'],
        params: rfqSupplierParamsSchema,
        response: { 200: rfqChatResponseSchema, ...errors },
      },
    },
    async (request) =>
      openRfqChat(app, {
        buyerId: request.user!.id,
        rfqId: request.params.id,
        sellerId: request.params.sellerId,
      }),
  );

  app.post(
    '/rfqs/:id/attachments',
    {
      config: { requiredRole: 'buyer' },
      bodyLimit: RFQ_ATTACHMENT_LIMITS.maxBytes + 256 * 1024,
      schema: {
        tags: ['rfq'],
        consumes: ['multipart/form-data'],
        params: rfqIdParamsSchema,
        response: { 201: rfqAttachmentUploadedSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const buyerId = request.user!.id;
      // Room is checked before the upload is read: a full or ended request answers without taking 10 MB.
      await app.rfq.checkAttachmentRoom(app.db, { rfqId: request.params.id, buyerId });
      if (!request.isMultipart())
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
      let file: { data: Buffer; filename: string } | null = null;
      try {
        const part = await request.file();
        if (part) file = { data: await part.toBuffer(), filename: part.filename };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw attachmentTooLarge();
        throw error;
      }
      const attachment = await uploadRfqAttachment(app, { buyerId, rfqId: request.params.id, file });
      return reply.status(201).send({ attachment });
    },
  );

  app.get(
    '/rfqs/:id/attachments/:attachmentId',
    {
      config: { requiredRole: 'buyer' },
      schema: { tags: ['rfq'], params: rfqAttachmentParamsSchema, response: downloadErrors },
    },
    async (request, reply) => {
      const file = await rfqAttachmentFor(app, {
        as: 'buyer',
        buyerId: request.user!.id,
        rfqId: request.params.id,
        attachmentId: request.params.attachmentId,
      });
      return app.storage.sendPrivate(reply, file.storageKey, { filename: file.filename });
    },
  );

  app.get(
    '/seller/:sellerId/rfqs/:id/attachments/:attachmentId',
    {
      config: { requiredRole: 'seller' },
      schema: { tags: ['rfq'], params: rfqSellerAttachmentParamsSchema, response: downloadErrors },
    },
    async (request, reply) => {
      const file = await rfqAttachmentFor(app, {
        as: 'supplier',
        userId: request.user!.id,
        sellerId: request.params.sellerId,
        rfqId: request.params.id,
        attachmentId: request.params.attachmentId,
      });
      return app.storage.sendPrivate(reply, file.storageKey, { filename: file.filename });
    },
  );
};
