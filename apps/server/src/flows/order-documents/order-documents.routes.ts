import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  orderDocumentQuerySchema,
  orderIdParamsSchema,
  type OrderKind,
} from '@maplesource/contracts';
import { sendPdf, viewerLanguage, type OrderDocumentKind } from '../../modules/invoices';
import { renderOrderDocument } from './render-order-document';

/**
 * GET orders/:id/receipt.pdf, orders/:id/confirmation.pdf, service-orders/:id/receipt.pdf and
 * service-orders/:id/confirmation.pdf (decision 293): the order's payment receipt (once paid, else 409
 * ORDER_NOT_PAID) and its confirmation, for the order's buyer or its seller user; anyone else 404 ORDER_NOT_FOUND.
 * The 200 answer is the PDF's bytes; errors use the usual JSON shape.
 */
export const orderDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, kind] of [
    ['/orders', 'product'],
    ['/service-orders', 'service'],
  ] as Array<[string, OrderKind]>) {
    for (const document of ['receipt', 'confirmation'] as OrderDocumentKind[]) {
      app.get(
        `${path}/:id/${document}.pdf`,
        {
          preHandler: app.requireUser,
          schema: {
            tags: ['orders'],
            params: orderIdParamsSchema,
            querystring: orderDocumentQuerySchema,
            response: {
              400: errorResponseSchema,
              401: errorResponseSchema,
              404: errorResponseSchema,
              409: errorResponseSchema,
            },
          },
        },
        async (request, reply) => {
          const { order, pdf } = await renderOrderDocument(app, {
            userId: request.user!.id,
            kind,
            orderId: request.params.id,
            document,
            viewerLanguage: viewerLanguage(request, request.query.lang),
            paper: request.query.paper ?? app.config.DOCUMENT_PAPER,
            now: new Date(),
          });
          return sendPdf(reply, `${document}-${order.id}.pdf`, pdf);
        },
      );
    }
  }
};
