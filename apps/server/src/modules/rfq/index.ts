import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  buyerRfqs,
  createRfq,
  declineRfq,
  endRfq,
  muteBuyer,
  mutedBy,
  quoteRfq,
  rfqForBuyer,
  rfqForSupplier,
  supplierInbox,
} from './rfq.service';

/**
 * The rfq module's door: `app.rfq` (requests for quotes to many suppliers, decision 298): requests and their
 * recipients, every quote version, declines, buyer mutes, and the limits that protect suppliers. Matching reads
 * storefronts through the sellers module; the workflows that call this door notify and open chats.
 */
declare module 'fastify' {
  interface FastifyInstance {
    rfq: RfqService;
  }
}

export const createRfqService = () => ({
  create: createRfq,
  forBuyer: rfqForBuyer,
  ofBuyer: buyerRfqs,
  forSupplier: rfqForSupplier,
  quote: quoteRfq,
  decline: declineRfq,
  end: endRfq,
  inbox: supplierInbox,
  mutedBy,
  muteBuyer,
});
export type RfqService = ReturnType<typeof createRfqService>;
export type { NewRfq, QuoteAnswer, StoredRfq, StoredRecipient, StoredQuoteVersion } from './rfq.service';
export { RFQ_LIMITS } from './rfq.service';

async function rfqModule(app: FastifyInstance) {
  app.decorate('rfq', createRfqService());
}

export const rfqModulePlugin = fp(rfqModule, { name: 'rfq-module', dependencies: ['context'] });
