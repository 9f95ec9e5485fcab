import { z } from 'zod';
import { limits } from './limits';
import { provinceCodeSchema } from './provinces';

/**
 * Quotes (docs/product.md §2 inquiry modal, §3 Inquiry, §5 inquiry rules, §7 quotation and service-quotation).
 * One schema for the web form and the server. Prices are typed in dollars (at least 1, two decimals at most)
 * and stored by the server as integer cents.
 */

/** Today as YYYY-MM-DD in UTC; a deadline must be after it. */
function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const inquiryPriceSchema = z
  .number({ error: 'errors:INQUIRY_PRICE_REQUIRED' })
  .min(limits.inquiryMinimum, 'errors:INQUIRY_PRICE_MIN')
  .max(100_000_000, 'errors:INQUIRY_PRICE_MAX')
  .multipleOf(0.01, 'errors:INQUIRY_PRICE_CENTS');

const inquiryFields = {
  /** Lead days the buyer can accept (shown from the product; optional). */
  leadDays: z.number().int().min(0).max(3650).nullable().default(null),
  deliveryProvince: provinceCodeSchema,
  /** docs/product.md §5: post code required, 6 characters (A1A1A1; a space is allowed and removed). */
  deliveryPostalCode: z
    .string({ error: 'errors:INQUIRY_POSTAL_CODE_REQUIRED' })
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, 'errors:INQUIRY_POSTAL_CODE_REQUIRED')
        .length(6, 'errors:INQUIRY_POSTAL_CODE_LENGTH')
        .regex(/^[A-Z][0-9][A-Z][0-9][A-Z][0-9]$/, 'errors:INQUIRY_POSTAL_CODE_LENGTH'),
    ),
  quantity: z
    .number({ error: 'errors:INQUIRY_QUANTITY_REQUIRED' })
    .int('errors:INQUIRY_QUANTITY_MIN')
    .min(limits.inquiryMinimum, 'errors:INQUIRY_QUANTITY_MIN')
    .max(10_000_000, 'errors:INQUIRY_QUANTITY_MAX'),
  minPrice: inquiryPriceSchema,
  maxPrice: inquiryPriceSchema,
  /** YYYY-MM-DD, after today. */
  deadline: z
    .string({ error: 'errors:INQUIRY_DEADLINE_REQUIRED' })
    .min(1, 'errors:INQUIRY_DEADLINE_REQUIRED')
    .pipe(z.iso.date('errors:INQUIRY_DEADLINE_REQUIRED'))
    .refine((value) => value > todayIsoDate(), 'errors:INQUIRY_DEADLINE_FUTURE'),
  message: z.string().trim().max(2000, 'errors:INQUIRY_MESSAGE_TOO_LONG').default(''),
};

function maxAboveMin(value: { minPrice: number; maxPrice: number }): boolean {
  return value.maxPrice > value.minPrice;
}
const maxAboveMinIssue = { message: 'errors:INQUIRY_MAX_PRICE_ABOVE_MIN', path: ['maxPrice'] };

/** POST quotation: an inquiry about a product. */
export const productInquiryRequestSchema = z
  .object({ productId: z.number().int().positive('errors:PRODUCT_NOT_FOUND'), ...inquiryFields })
  .refine(maxAboveMin, maxAboveMinIssue);
export type ProductInquiryRequest = z.input<typeof productInquiryRequestSchema>;
export type ProductInquiry = z.output<typeof productInquiryRequestSchema>;

/** POST service-quotation: the same form about a service. */
export const serviceInquiryRequestSchema = z
  .object({ serviceId: z.number().int().positive('errors:SERVICE_NOT_FOUND'), ...inquiryFields })
  .refine(maxAboveMin, maxAboveMinIssue);
export type ServiceInquiryRequest = z.input<typeof serviceInquiryRequestSchema>;
export type ServiceInquiry = z.output<typeof serviceInquiryRequestSchema>;

/** The answer to both: the conversation the buyer lands in (opened, or reused), holding the quotation. */
export const inquiryResponseSchema = z.object({
  quotationId: z.string(),
  requestId: z.string(),
  chatId: z.uuid(),
  chatCreated: z.boolean(),
});
export type InquiryResponse = z.infer<typeof inquiryResponseSchema>;

export const quotationStatuses = ['pending', 'accepted', 'rejected'] as const;
export const quotationStatusSchema = z.enum(quotationStatuses);
export type QuotationStatus = z.infer<typeof quotationStatusSchema>;

/** The seller's answer to a quotation (accept or reject, with an optional reason). */
export const quotationDecisionRequestSchema = z.object({
  decision: z.enum(['accepted', 'rejected']),
  reason: z.string().trim().max(1000).optional(),
});
export type QuotationDecisionRequest = z.infer<typeof quotationDecisionRequestSchema>;
export const quotationIdParamsSchema = z.object({ quotationId: z.string().min(1).max(100) });

export const quotationSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  subject: z.object({
    kind: z.enum(['product', 'service']),
    id: z.number().int().positive(),
    name: z.string(),
    /** The French name (decision 233); null when unknown (the English name is shown). */
    nameFr: z.string().nullable(),
  }),
  buyerId: z.uuid(),
  sellerUserId: z.uuid(),
  chatId: z.uuid(),
  quantity: z.number().int().positive(),
  minPriceCents: z.number().int().nonnegative(),
  maxPriceCents: z.number().int().nonnegative(),
  deadline: z.string(),
  deliveryProvince: provinceCodeSchema,
  deliveryPostalCode: z.string(),
  leadDays: z.number().int().nonnegative().nullable(),
  message: z.string(),
  status: quotationStatusSchema,
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Quotation = z.infer<typeof quotationSchema>;
export const quotationResponseSchema = z.object({ quotation: quotationSchema });

export const quoteErrorCodes = [
  'INQUIRY_PRICE_REQUIRED',
  'INQUIRY_PRICE_MIN',
  'INQUIRY_PRICE_MAX',
  'INQUIRY_PRICE_CENTS',
  'INQUIRY_POSTAL_CODE_REQUIRED',
  'INQUIRY_POSTAL_CODE_LENGTH',
  'INQUIRY_QUANTITY_REQUIRED',
  'INQUIRY_QUANTITY_MIN',
  'INQUIRY_QUANTITY_MAX',
  'INQUIRY_DEADLINE_REQUIRED',
  'INQUIRY_DEADLINE_FUTURE',
  'INQUIRY_MESSAGE_TOO_LONG',
  'INQUIRY_MAX_PRICE_ABOVE_MIN',
  'QUOTATION_NOT_FOUND',
  'QUOTATION_ALREADY_DECIDED',
  'INQUIRY_OWN_LISTING',
] as const;
