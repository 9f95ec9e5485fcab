import { z } from 'zod';

/**
 * Domain events (ARCHITECTURE rule 5, decision 065): what a module announces after a state change, for
 * other modules to react to after commit. Names are `<module>.<past-tense>`; payloads are JSON (dates as
 * ISO strings, ids as they are stored) and stay small: ids and the facts a subscriber needs, not whole rows.
 * A payload schema only ever gains optional fields: events already in the outbox are parsed with it again.
 */
const chatMessageCreatedSchema = z.object({
  chatId: z.string().min(1),
  messageId: z.string().min(1),
  seq: z.number().int().positive(),
  senderId: z.string().min(1),
  recipientId: z.string().min(1),
  subjectKind: z.enum(['product', 'service']).optional(),
  businessAction: z.string().nullable().optional(),
});

export const domainEventSchemas = {
  /**
   * A review of a product or service was created, changed or deleted. The reviews module sends the item's
   * rating as it computed it in that transaction and when (`ratedAt`, increasing per item: the reviews of one
   * item change one at a time), so the catalogue keeps the newest rating whatever order deliveries come in.
   * (Optional only because payload schemas only gain optional fields; every emitter sends all three.)
   */
  'review.changed': z.object({
    itemKind: z.enum(['product', 'service']),
    itemId: z.number().int().positive(),
    reviewId: z.string().min(1),
    change: z.enum(['created', 'updated', 'deleted']),
    ratingAvg: z.number().min(0).max(5).optional(),
    ratingCount: z.number().int().min(0).optional(),
    ratedAt: z.iso.datetime({ offset: true }).optional(),
  }),
  /** An admin renamed a category (EN/FR names): listings and page heads that show it are out of date. */
  'category.renamed': z.object({ categoryId: z.string().min(1) }),
  /**
   * An admin renamed a product or a service, or its seller changed or (un)published it (decision 287): listings and
   * page heads that show it are out of date.
   */
  'catalog-item.renamed': z.object({ itemKind: z.enum(['product', 'service']), itemId: z.string().min(1) }),
  /**
   * An admin changed a storefront (verified badge, or name, city, province, business type), or its seller edited
   * it in the seller centre (`storefront`: logo, banner, descriptions, contact, service area…, decision 261).
   */
  'seller.changed': z.object({
    sellerId: z.string().min(1),
    change: z.enum(['verified', 'profile', 'storefront']),
  }),
  /** An application to sell was submitted, approved or refused (flows/seller-onboarding, decision 280). */
  'seller-application.changed': z.object({
    applicationId: z.string().min(1),
    userId: z.string().min(1),
    status: z.enum(['pending', 'approved', 'refused']),
    /** The draft (pending) or listed (approved) storefront's slug. */
    storefrontSlug: z.string().optional(),
    /** A refusal's reason, as the admin wrote it. */
    reason: z.string().optional(),
  }),
  /** A storefront claim changed (flows/storefront-claims, decision 263): code verified, approved or refused. */
  'storefront-claim.changed': z.object({
    claimId: z.string().min(1),
    userId: z.string().min(1),
    status: z.enum(['pending', 'approved', 'refused']),
    storefrontName: z.string(),
    storefrontSlug: z.string(),
    reason: z.string().optional(),
    /**
     * The storefront's listed contact e-mail before the claim (decision 291): told of the claim's steps too, so a
     * real owner learns someone is claiming their storefront. Absent on competing claims refused by an approval.
     */
    listedContactEmail: z.string().optional(),
  }),
  /**
   * A chat message was stored (text, images or a business action). Notifications and the offline e-mail react
   * to it. A user's message is delivered live by the socket handler that stored it.
   */
  'chat.message-created': chatMessageCreatedSchema,
  /**
   * A business action was posted into a chat (also announced as `chat.message-created`): its live delivery to
   * both parties runs from this event, after commit, so a user's message costs no delivery for it (decision 186).
   */
  'chat.business-action-posted': chatMessageCreatedSchema,
  /** A buyer sent an inquiry (quotes): the conversation it opened holds it. */
  'quotation.created': z.object({
    quotationId: z.string().min(1),
    chatId: z.string().min(1),
    buyerId: z.string().min(1),
    sellerUserId: z.string().min(1),
    subjectKind: z.enum(['product', 'service']),
  }),
  /** The seller accepted or rejected a quotation. */
  'quotation.decided': z.object({
    quotationId: z.string().min(1),
    chatId: z.string().min(1),
    decision: z.enum(['accepted', 'rejected']),
  }),
  /**
   * An order was created from an accepted invoice, or its status, payment or refunds changed (orders module).
   * `status` is the order's status after the change.
   */
  'order.changed': z.object({
    orderId: z.string().min(1),
    kind: z.enum(['product', 'service']),
    chatId: z.string().min(1),
    status: z.string().min(1),
    /** `unpaid`: cancelled because no payment succeeded in time (decision 166). */
    change: z.enum(['created', 'status', 'payment', 'refund', 'unpaid']),
    paymentStatus: z.string().optional(),
    buyerUserId: z.string().optional(),
    sellerUserId: z.string().optional(),
  }),
  /**
   * A payment review of an order was opened by the buyer, answered by the seller, escalated for want of an answer
   * (decision 316) or resolved by an admin (docs/product.md §9; the parties, and for an escalation the admins, are
   * e-mailed).
   */
  /** The provider refused or reversed a payout's transfer; its amount is back in the seller's available balance. */
  'payout.failed': z.object({
    payoutId: z.string().min(1),
    sellerId: z.number().int().positive(),
    amountCents: z.number().int().positive(),
    reason: z.string(),
  }),
  /**
   * The cardholder's bank disputed an order's payment, or decided the dispute (decision 304): `lost` took the amount
   * back from the seller's share (a chargeback), `won` released the freeze. The seller is e-mailed.
   */
  'order.dispute-changed': z.object({
    disputeId: z.string().min(1),
    orderId: z.string().min(1),
    sellerId: z.number().int().positive(),
    amountCents: z.number().int().positive(),
    change: z.enum(['opened', 'won', 'lost']),
  }),
  /** A request for quotes reached its matched suppliers (flows/rfq/send-rfq.ts, decision 317): each is told. */
  'rfq.sent': z.object({ rfqId: z.string().min(1) }),
  /** A supplier quoted or revised its quote (flows/rfq/answer-rfq.ts, decision 317): the buyer is told. */
  'rfq.quoted': z.object({
    rfqId: z.string().min(1),
    recipientId: z.string().min(1),
    version: z.number().int().min(1),
  }),
  /** A request ended (accepted, closed or expired; decision 317): the suppliers not chosen are told politely. */
  'rfq.ended': z.object({
    rfqId: z.string().min(1),
    outcome: z.enum(['accepted', 'closed', 'expired']),
  }),
  'order.payment-review-changed': z.object({
    reviewId: z.string().min(1),
    orderId: z.string().min(1),
    kind: z.enum(['product', 'service']),
    chatId: z.string().min(1),
    change: z.enum(['opened', 'answered', 'escalated', 'resolved']),
  }),
  /** A seller issued an invoice in a conversation (invoices; the buyer hears of it from `invoice_sent`). */
  'invoice.issued': z.object({
    invoiceId: z.string().min(1),
    chatId: z.string().min(1),
    buyerId: z.string().min(1),
    sellerUserId: z.string().min(1),
    kind: z.enum(['product', 'service']),
    totalCents: z.number().int().nonnegative(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  /** The buyer rejected a pending invoice with a reason (the seller hears of it from `invoice_rejected`). */
  'invoice.rejected': z.object({
    invoiceId: z.string().min(1),
    chatId: z.string().min(1),
    buyerId: z.string().min(1),
    sellerUserId: z.string().min(1),
    kind: z.enum(['product', 'service']),
  }),
  /**
   * The seller withdrew a pending invoice (decision 271), alone or to issue its next version (`revisedBy`, the new
   * invoice's id); the buyer hears of it from `invoice_withdrawn`.
   */
  'invoice.withdrawn': z.object({
    invoiceId: z.string().min(1),
    chatId: z.string().min(1),
    buyerId: z.string().min(1),
    sellerUserId: z.string().min(1),
    kind: z.enum(['product', 'service']),
    version: z.number().int().positive(),
    revisedBy: z.string().min(1).nullable(),
  }),
  /** A pending invoice passed its expiry time and was marked expired (once): both parties are told. */
  'invoice.expired': z.object({
    invoiceId: z.string().min(1),
    invoiceToken: z.string().min(1),
    chatId: z.string().min(1),
    buyerId: z.string().min(1),
    sellerUserId: z.string().min(1),
    kind: z.enum(['product', 'service']),
    /** For the chat's card (decision 167); absent in events stored before it. */
    totalCents: z.number().int().nonnegative().optional(),
    expiresAt: z.string().optional(),
    /** The invoice's creation time, for the chat's card (decision 194); absent in events stored before it. */
    issuedAt: z.string().optional(),
  }),
} as const satisfies Record<`${string}.${string}`, z.ZodType>;

export type DomainEventName = keyof typeof domainEventSchemas;
export type DomainEventPayload<N extends DomainEventName> = z.infer<(typeof domainEventSchemas)[N]>;

export const domainEventNames = Object.keys(domainEventSchemas) as DomainEventName[];
