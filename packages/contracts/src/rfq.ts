import { z } from 'zod';
import { chatSubjectKindSchema } from './chat';
import { CANADIAN_POSTAL_CODE, provinceCodeSchema } from './provinces';

/**
 * Requests for quotes to many suppliers (decision 298, docs/product.md §7 quotation): what the buyer sends, what a
 * supplier answers, and what each side reads back. Response schemas are plain output shapes (no transforms).
 */

const cents = z.number().int().min(0).max(100_000_000_00);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const rfqCreateRequestSchema = z
  .object({
    title: z.string().trim().min(3).max(120),
    categoryId: z.number().int().positive(),
    description: z.string().trim().min(1).max(5000),
    quantity: z.number().int().min(1).max(10_000_000),
    targetUnitPriceCents: cents.nullable().default(null),
    deadline: z.iso.datetime({ offset: true }),
    deliveryProvince: provinceCodeSchema,
    deliveryPostalCode: z.string().trim().max(10).regex(CANADIAN_POSTAL_CODE, 'errors:POSTAL_CODE_INVALID'),
    /** Empty: suppliers are chosen for the buyer; else only these storefronts (still matched to the category). */
    storefrontIds: z.array(z.number().int().positive()).max(10).default([]),
    /**
     * Private request (decision 317): suppliers see "a verified buyer in <province>" until the buyer opens a chat
     * with one of them or accepts its quote. Set at sending, never changed.
     */
    private: z.boolean().default(false),
  })
  .strict();
export type RfqCreateRequest = z.input<typeof rfqCreateRequestSchema>;

export const rfqStatusSchema = z.enum(['open', 'accepted', 'closed', 'expired']);
export const rfqRecipientStatusSchema = z.enum(['invited', 'quoted', 'declined', 'accepted', 'closed']);

export const rfqSchema = z.object({
  id: z.string(),
  title: z.string(),
  categoryId: z.string(),
  description: z.string(),
  quantity: z.number(),
  targetUnitPriceCents: z.number().nullable(),
  deadline: z.string(),
  deliveryProvince: z.string(),
  deliveryPostalCode: z.string(),
  status: rfqStatusSchema,
  createdAt: z.string(),
  /** Decision 317: the buyer's name is hidden from suppliers until revealed to each (see `rfqBuyerShownSchema`). */
  private: z.boolean(),
});
export type Rfq = z.infer<typeof rfqSchema>;

/**
 * What a supplier sees of the buyer (decision 317): the name when the request is not private or was revealed to
 * this supplier; else `name` is null and the screen says "a verified buyer in <province>".
 */
export const rfqBuyerShownSchema = z.object({
  name: z.string().nullable(),
  province: z.string(),
  revealed: z.boolean(),
});
export type RfqBuyerShown = z.infer<typeof rfqBuyerShownSchema>;

/** Attachments of a request (decision 317): at most 5 files of at most 10 MB, type checked by content. */
export const RFQ_ATTACHMENT_LIMITS = { perRequest: 5, maxBytes: 10 * 1024 * 1024 } as const;
export const rfqAttachmentTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'model/step',
  'model/stl',
  'image/vnd.dxf',
  'image/vnd.dwg',
] as const;
export const rfqAttachmentTypeSchema = z.enum(rfqAttachmentTypes);
export type RfqAttachmentType = z.infer<typeof rfqAttachmentTypeSchema>;
export const rfqAttachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: rfqAttachmentTypeSchema,
  bytes: z.number(),
  createdAt: z.string(),
});
export type RfqAttachment = z.infer<typeof rfqAttachmentSchema>;

/** A supplier's rating across its storefront's products and services (decision 317); average null with no review. */
export const rfqSupplierRatingSchema = z.object({ average: z.number().nullable(), count: z.number() });

/** A quoted unit price is at least one cent and a lead time at least one day (the CHECKs of migration 0950). */
const unitCents = cents.min(1);

export const rfqPriceTierSchema = z.object({
  minQuantity: z.number().int().min(1).max(10_000_000),
  unitPriceCents: unitCents,
});

export const rfqQuoteRequestSchema = z
  .object({
    unitPriceCents: unitCents,
    tiers: z.array(rfqPriceTierSchema).max(10).default([]),
    leadDays: z.number().int().min(1).max(365),
    shippingCents: cents,
    validUntil: isoDate,
    notes: z.string().trim().max(2000).default(''),
  })
  .strict();
export type RfqQuoteRequest = z.input<typeof rfqQuoteRequestSchema>;

export const rfqQuoteVersionSchema = z.object({
  version: z.number(),
  unitPriceCents: z.number(),
  tiers: z.array(z.object({ minQuantity: z.number(), unitPriceCents: z.number() })),
  leadDays: z.number(),
  shippingCents: z.number(),
  validUntil: z.string(),
  notes: z.string(),
  createdAt: z.string(),
});

export const rfqDeclineRequestSchema = z.object({ reason: z.string().trim().min(1).max(1000) }).strict();

export const rfqComparisonSortSchema = z.enum(['delivered', 'lead']);

/** One supplier in the buyer's comparison: their latest quote priced for the requested quantity. */
export const rfqSupplierRowSchema = z.object({
  recipientId: z.string(),
  storefrontId: z.string(),
  storefrontName: z.string(),
  verified: z.boolean(),
  status: rfqRecipientStatusSchema,
  declineReason: z.string().nullable(),
  latest: rfqQuoteVersionSchema.nullable(),
  unitPriceCents: z.number().nullable(),
  goodsCents: z.number().nullable(),
  shippingCents: z.number().nullable(),
  taxCents: z.number().nullable(),
  deliveredCents: z.number().nullable(),
  leadDays: z.number().nullable(),
  validUntil: z.string().nullable(),
  rating: rfqSupplierRatingSchema,
  /** The buyer's conversation with this supplier about the request, once opened (chat or award). */
  chatId: z.string().nullable(),
  /** Whether that conversation is a product or a service one (the inbox lists each kind apart); null without one. */
  chatKind: chatSubjectKindSchema.nullable(),
});

export const rfqIdParamsSchema = z.object({ id: z.uuid() });
export const rfqBuyerQuerySchema = z.object({ sort: rfqComparisonSortSchema.default('delivered') });
export const rfqListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const rfqBuyerViewSchema = z.object({
  rfq: rfqSchema,
  suppliers: z.array(rfqSupplierRowSchema),
  attachments: z.array(rfqAttachmentSchema),
});
/** The buyer's list: each request with how many suppliers it reached and how many of them have quoted. */
export const rfqListResponseSchema = z.object({
  rfqs: z.array(rfqSchema.extend({ supplierCount: z.number(), quoteCount: z.number() })),
  total: z.number(),
});
export const rfqCreatedResponseSchema = z.object({
  rfq: rfqSchema,
  sentTo: z.array(z.object({ storefrontId: z.string() })),
});
export const rfqClosedResponseSchema = z.object({ rfq: rfqSchema });

export const rfqSellerParamsSchema = z.object({ sellerId: z.string().regex(/^\d{1,12}$/) });
export const rfqSellerRfqParamsSchema = rfqSellerParamsSchema.extend({ id: z.uuid() });
export const rfqSellerBuyerParamsSchema = rfqSellerParamsSchema.extend({ buyerId: z.uuid() });

export const rfqSupplierInboxSchema = z.object({
  rfqs: z.array(rfqSchema.extend({ recipientStatus: rfqRecipientStatusSchema, buyer: rfqBuyerShownSchema })),
  /** Requests still open that this supplier has not answered: the seller centre's badge. */
  newCount: z.number(),
});
export const rfqSupplierViewSchema = z.object({
  rfq: rfqSchema,
  status: rfqRecipientStatusSchema,
  declineReason: z.string().nullable(),
  versions: z.array(rfqQuoteVersionSchema),
  buyer: rfqBuyerShownSchema,
  attachments: z.array(rfqAttachmentSchema),
  /** The conversation the buyer opened with this supplier (or the award's), reachable from the inbox. */
  chatId: z.string().nullable(),
  chatKind: chatSubjectKindSchema.nullable(),
});
export const rfqQuotedResponseSchema = z.object({ quote: rfqQuoteVersionSchema });
export const rfqOkResponseSchema = z.object({ ok: z.literal(true) });

/** `POST rfqs/:id/quotes/:quoteId/accept`: `quoteId` is the supplier's row in the comparison (`recipientId`). */
export const rfqQuoteParamsSchema = rfqIdParamsSchema.extend({ quoteId: z.uuid() });
export const rfqAcceptedResponseSchema = z.object({
  rfq: rfqSchema,
  /** The recipient whose quote was accepted, the conversation it continues in and the quotation held there. */
  recipientId: z.string(),
  chatId: z.string(),
  /** The conversation is about the supplier's listed item: a product or a service conversation. */
  chatKind: chatSubjectKindSchema,
  quotationId: z.string(),
});
export type RfqAcceptedResponse = z.infer<typeof rfqAcceptedResponseSchema>;

/** `POST rfqs/:id/suppliers/:sellerId/chat` (buyer): the conversation with one matched supplier. */
export const rfqSupplierParamsSchema = rfqIdParamsSchema.extend({ sellerId: z.string().regex(/^\d{1,12}$/) });
export const rfqChatResponseSchema = z.object({
  chatId: z.string(),
  created: z.boolean(),
  chatKind: chatSubjectKindSchema,
});
export type RfqChatResponse = z.infer<typeof rfqChatResponseSchema>;

/** `POST rfqs/:id/attachments` (multipart, one file named `file`) → 201; downloads by the buyer or a matched supplier. */
export const rfqAttachmentUploadedSchema = z.object({ attachment: rfqAttachmentSchema });
export const rfqAttachmentParamsSchema = rfqIdParamsSchema.extend({ attachmentId: z.uuid() });
export const rfqSellerAttachmentParamsSchema = rfqSellerRfqParamsSchema.extend({ attachmentId: z.uuid() });
