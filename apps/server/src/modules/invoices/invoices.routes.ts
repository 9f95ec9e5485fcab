import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  errorResponseSchema,
  invoiceDetailsQuerySchema,
  invoicePdfQuerySchema,
  invoiceResponseSchema,
  type InvoiceKind,
} from '@maplesource/contracts';
import { pdfLanguages, renderInvoicePdf } from './invoice-pdf';

/** The viewer's language: the `lang` asked for, else the browser's (French when it prefers French). */
function viewerLanguage(request: FastifyRequest, asked: 'en' | 'fr' | undefined): 'en' | 'fr' {
  if (asked) return asked;
  return /^\s*fr\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'fr' : 'en';
}

/**
 * Spec §7 `invoice/details` and `service-invoice/details` (plus the PDF of each): the invoice for its buyer or its
 * seller user, by token; anyone else gets 404 INVOICE_NOT_FOUND. The buyer's first read records `viewedAt`.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const detailsResponse = {
    200: invoiceResponseSchema,
    400: errorResponseSchema,
    401: errorResponseSchema,
    404: errorResponseSchema,
  };
  for (const [prefix, kind] of [
    ['invoice', 'product'],
    ['service-invoice', 'service'],
  ] as Array<[string, InvoiceKind]>) {
    app.get(
      `/${prefix}/details`,
      {
        preHandler: app.requireUser,
        schema: { tags: ['invoices'], querystring: invoiceDetailsQuerySchema, response: detailsResponse },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const invoice = await app.invoices.readFor(app.db, {
          token: request.query.invoiceToken,
          kind,
          userId: request.user!.id,
          now: new Date(),
        });
        return { invoice };
      },
    );
    app.get(
      `/${prefix}/pdf`,
      {
        preHandler: app.requireUser,
        // The 200 answer is the PDF's bytes; errors use the usual JSON shape.
        schema: { tags: ['invoices'], querystring: invoicePdfQuerySchema },
      },
      async (request, reply) => {
        const invoice = await app.invoices.readFor(app.db, {
          token: request.query.invoiceToken,
          kind,
          userId: request.user!.id,
          now: new Date(),
        });
        const pdf = await renderInvoicePdf(
          invoice,
          pdfLanguages(invoice, viewerLanguage(request, request.query.lang)),
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="invoice-${invoice.id}.pdf"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }
};
