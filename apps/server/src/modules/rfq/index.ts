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
import { addAttachment, checkAttachmentRoom } from './operations/add-attachment';
import { awardRfq } from './operations/award-rfq';
import { expireDueRfqs } from './operations/expire-due-rfqs';
import { linkRecipientChat } from './operations/link-recipient-chat';
import { attachmentFile, listAttachments } from './operations/list-attachments';
import { attachmentKeysOfBuyer } from './operations/attachment-keys-of-buyer';
import { recipientForBuyer } from './operations/recipient-for-buyer';
import { rfqById } from './operations/rfq-by-id';

/**
 * The rfq module's door: `app.rfq` (requests for quotes to many suppliers, decision 298): requests and their
 * recipients, every quote version, declines, buyer mutes, and the limits that protect suppliers. Matching reads
 * storefronts through the sellers module; the workflows that call this door notify and open chats. Decision 317 adds
 * the private flag and its per-supplier reveal, the award, private attachments and the expiry sweep's batch.
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
  /** Decision 317: the award under the request's row lock, idempotent for the same quote. */
  award: awardRfq,
  /** One matched supplier of the buyer's own request (404 otherwise). */
  recipientForBuyer,
  /** The conversation with a supplier recorded, and the buyer revealed to that supplier once. */
  linkChat: linkRecipientChat,
  checkAttachmentRoom,
  addAttachment,
  attachments: listAttachments,
  attachmentFile,
  /** Decision 347: the files that go with a deleted account. */
  attachmentKeysOfBuyer,
  /** The expiry sweep's batch (FOR UPDATE SKIP LOCKED, UPDATE … WHERE status = 'open'). */
  expireDue: expireDueRfqs,
  /** For notices only: a request and its recipients by id, no reader check. */
  byId: rfqById,
});
export type RfqService = ReturnType<typeof createRfqService>;
export type { NewRfq, QuoteAnswer, StoredRfq, StoredRecipient, StoredQuoteVersion } from './rfq.service';
export type { Award } from './operations/award-rfq';
export { RFQ_LIMITS } from './rfq.service';

async function rfqModule(app: FastifyInstance) {
  app.decorate('rfq', createRfqService());
}

export const rfqModulePlugin = fp(rfqModule, { name: 'rfq-module', dependencies: ['context'] });
