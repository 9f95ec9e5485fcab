import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  invoiceDetailsQuerySchema,
  invoiceExportQuerySchema,
  invoicePdfQuerySchema,
  invoiceResponseSchema,
  invoiceViewBodySchema,
  type InvoiceKind,
} from '@maplesource/contracts';
import { exportErrorResponses, exportRouteAccess, sendCsv } from '../../plugins/csv-export';
import '../sellers';
import { documentLogo, sendPdf } from './document-layout';
import { pdfLanguages, renderInvoicePdf, viewerLanguage } from './invoice-pdf';
import { invoiceExportHeader, type InvoiceExportParty } from './invoices.export';

/**
 * docs/product.md §7 `invoice/details` and `service-invoice/details` (plus the PDF of each): the invoice for its buyer or its
 * seller user, by token; anyone else gets 404 INVOICE_NOT_FOUND. Reading changes nothing: the invoice page records
 * the buyer's first view with POST `<prefix>/view` (decision 246).
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
    app.post(
      `/${prefix}/view`,
      {
        preHandler: app.requireUser,
        schema: { tags: ['invoices'], body: invoiceViewBodySchema, response: detailsResponse },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const invoice = await app.invoices.recordView(app.db, {
          token: request.body.invoiceToken,
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
        // The storefront's uploaded logo heads the document when it has one (decision 293).
        const logo = await app.sellers
          .getSeller(app.db, String(invoice.seller.sellerId))
          .then((seller) => documentLogo(app.storage, seller.logoUrl))
          .catch(() => null);
        const pdf = await renderInvoicePdf(
          invoice,
          pdfLanguages(invoice, viewerLanguage(request, request.query.lang)),
          request.query.paper ?? app.config.DOCUMENT_PAPER,
          logo,
        );
        return sendPdf(reply, `invoice-${invoice.id}.pdf`, pdf);
      },
    );
  }

  // The accountants' exports (decision 251): the caller's own invoices only — as buyer (bills) or as seller user
  // (sales, role seller). The 200 answer is a CSV stream; errors use the usual JSON shape.
  for (const [path, party] of [
    ['/invoices/export', 'buyer'],
    ['/seller/invoices/export', 'seller'],
  ] as Array<[string, InvoiceExportParty]>) {
    app.get(
      path,
      {
        ...exportRouteAccess(app, party),
        schema: {
          tags: ['invoices'],
          querystring: invoiceExportQuerySchema,
          response: exportErrorResponses,
        },
      },
      async (request, reply) => {
        const { from, to, format } = request.query;
        return sendCsv(reply, {
          filename: `maplesource-${party === 'seller' ? 'sales' : 'purchase'}-invoices-${format}-${from}-${to}.csv`,
          header: invoiceExportHeader(format, party),
          records: app.invoices.exportRecords(app.db, {
            party,
            userId: request.user!.id,
            from,
            to,
            format,
            now: new Date(),
          }),
        });
      },
    );
  }
};
