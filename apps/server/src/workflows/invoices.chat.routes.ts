import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  invoiceChatParamsSchema,
  invoiceListResponseSchema,
  invoiceResponseSchema,
  issueInvoiceBodySchema,
  rejectInvoiceBodySchema,
  type InvoiceKind,
} from '@maplesource/contracts';
import { notFound } from '../plugins/errors';
import { issueInvoice } from './issue-invoice';
import { rejectInvoice } from './reject-invoice';

const kinds: Array<{ kind: InvoiceKind; chats: string; invoice: string }> = [
  { kind: 'product', chats: '/chats', invoice: '/invoice' },
  { kind: 'service', chats: '/service-chats', invoice: '/service-invoice' },
];

/**
 * Invoices in conversations (issue 12), for product chats and their `service-` twins:
 * - POST chats/:chatId/invoices (role seller, Idempotency-Key): the seller user of the conversation issues one;
 * - GET chats/:chatId/invoices: the conversation's invoices for either participant (the seller's chat shows them);
 * - POST invoice/reject `{ invoiceToken, reason }`: the buyer rejects a pending invoice with a reason.
 * Anyone who is not the right party gets 404.
 */
export const invoicesChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
  };
  for (const { kind, chats, invoice } of kinds) {
    app.post(
      `${chats}/:chatId/invoices`,
      {
        preHandler: app.requireRole('seller'),
        config: { idempotency: true },
        schema: {
          tags: ['invoices'],
          params: invoiceChatParamsSchema,
          body: issueInvoiceBodySchema,
          response: { 201: invoiceResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const issued = await issueInvoice(app, {
          sellerUserId: request.user!.id,
          chatId: request.params.chatId,
          kind,
          body: request.body,
          idempotencyKey: request.idempotencyKey,
        });
        return reply.status(201).send({ invoice: issued });
      },
    );
    app.get(
      `${chats}/:chatId/invoices`,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['invoices'],
          params: invoiceChatParamsSchema,
          response: { 200: invoiceListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const userId = request.user!.id;
        const participants = await app.chat.participants(request.params.chatId);
        if (
          !participants ||
          participants.subjectKind !== kind ||
          (participants.buyerId !== userId && participants.sellerUserId !== userId)
        )
          throw notFound('CHAT_NOT_FOUND', 'Chat not found');
        reply.header('cache-control', 'private, no-store');
        return { items: await app.invoices.listForChat(app.db, request.params.chatId, new Date()) };
      },
    );
    app.post(
      `${invoice}/reject`,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['invoices'],
          body: rejectInvoiceBodySchema,
          response: { 200: invoiceResponseSchema, ...errors },
        },
      },
      async (request) => ({
        invoice: await rejectInvoice(app, {
          buyerUserId: request.user!.id,
          token: request.body.invoiceToken,
          kind,
          reason: request.body.reason,
        }),
      }),
    );
  }
};
