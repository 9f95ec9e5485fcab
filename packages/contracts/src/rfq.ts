import { z } from 'zod';
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
});
export type Rfq = z.infer<typeof rfqSchema>;

export const rfqPriceTierSchema = z.object({
  minQuantity: z.number().int().min(1).max(10_000_000),
  unitPriceCents: cents,
});

export const rfqQuoteRequestSchema = z
  .object({
    unitPriceCents: cents,
    tiers: z.array(rfqPriceTierSchema).max(10).default([]),
    leadDays: z.number().int().min(0).max(365),
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
});

export const rfqIdParamsSchema = z.object({ id: z.uuid() });
export const rfqBuyerQuerySchema = z.object({ sort: rfqComparisonSortSchema.default('delivered') });
export const rfqListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const rfqBuyerViewSchema = z.object({ rfq: rfqSchema, suppliers: z.array(rfqSupplierRowSchema) });
export const rfqListResponseSchema = z.object({ rfqs: z.array(rfqSchema), total: z.number() });
export const rfqCreatedResponseSchema = z.object({
  rfq: rfqSchema,
  sentTo: z.array(z.object({ storefrontId: z.string() })),
});
export const rfqClosedResponseSchema = z.object({ rfq: rfqSchema });

export const rfqSellerParamsSchema = z.object({ sellerId: z.string().regex(/^\d{1,12}$/) });
export const rfqSellerRfqParamsSchema = rfqSellerParamsSchema.extend({ id: z.uuid() });
export const rfqSellerBuyerParamsSchema = rfqSellerParamsSchema.extend({ buyerId: z.uuid() });

export const rfqSupplierInboxSchema = z.object({
  rfqs: z.array(rfqSchema.extend({ recipientStatus: rfqRecipientStatusSchema })),
  /** Requests still open that this supplier has not answered: the seller centre's badge. */
  newCount: z.number(),
});
export const rfqSupplierViewSchema = z.object({
  rfq: rfqSchema,
  status: rfqRecipientStatusSchema,
  declineReason: z.string().nullable(),
  versions: z.array(rfqQuoteVersionSchema),
});
export const rfqQuotedResponseSchema = z.object({ quote: rfqQuoteVersionSchema });
export const rfqOkResponseSchema = z.object({ ok: z.literal(true) });
