import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createQuotesService, type QuotesService } from './quotes.service';

/**
 * The quotes module's door: `app.quotes` (quotations — inquiries about a product or a service: stored, read by
 * their two parties, answered once by the seller user), its routes and public types. Opening the conversation
 * and posting the business actions belong to the workflows that call it (flows/inquiry/send-inquiry.ts,
 * flows/inquiry/decide-quotation.ts).
 */
declare module 'fastify' {
  interface FastifyInstance {
    quotes: QuotesService;
  }
}

export type { QuotesService, NewQuotation } from './quotes.service';
export { chatPayloadOf, toCents } from './quotation-payloads';
export { quotesRoutes } from './quotes.routes';

async function quotesModule(app: FastifyInstance) {
  app.decorate('quotes', createQuotesService());
}

export const quotesModulePlugin = fp(quotesModule, { name: 'quotes-module', dependencies: ['context'] });
