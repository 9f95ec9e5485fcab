import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createInvoicesService, type InvoicesService } from './invoices.service';
import { registerInvoiceJobs } from './invoices.jobs';

/**
 * The invoices module's door: `app.invoices` (invoices issued in a conversation, read by their buyer and seller
 * user by token, rejected once, accepted once by the statement of flows/invoice/accept-invoice.sql.ts (+ `acceptanceRefusal`), expired once by a
 * job at `expiresAt` and a sweep), its routes (details and PDF) and public types. Issuing and rejecting post chat
 * business actions, so they are workflows (flows/invoice/issue-invoice.ts, flows/invoice/reject-invoice.ts).
 */
declare module 'fastify' {
  interface FastifyInstance {
    invoices: InvoicesService;
  }
}

export type { AcceptanceRecord, AcceptanceSlot, InvoicesService, NewInvoice } from './invoices.service';
export {
  chatPayloadOf,
  expireInvoiceJob,
  expireSweepJob,
  invoiceExpired,
  invoiceNotFound,
  invoiceNotPending,
} from './invoices.service';
export type { InvoiceExportParty, InvoiceExportRequest } from './invoices.export';
export { sanitizeSignatureSvg, signatureSvgMaxBytes } from './signature-svg';
export { pdfLanguages, renderInvoicePdf, viewerLanguage } from './invoice-pdf';
export { documentLogo, sendPdf, type DocumentLogo } from './document-layout';
export { renderOrderDocumentPdf, type OrderDocumentKind } from './order-document-pdf';
export { invoicesRoutes } from './invoices.routes';

async function invoicesModule(app: FastifyInstance) {
  const service = createInvoicesService(app.events);
  app.decorate('invoices', service);
  await registerInvoiceJobs(app, service);
}

export const invoicesModulePlugin = fp(invoicesModule, {
  name: 'invoices-module',
  dependencies: ['context', 'events', 'jobs'],
});
