import { z } from 'zod';
import { canadianTaxCodes } from './canadian-tax';
import { provinceCodeSchema } from './provinces';
import { multilineTextSchema, nameTextSchema } from './safe-text';

/**
 * Invoices (spec §2 invoice page and generation modal, §3 Invoice, §4 invoice status, §5 invoice generation,
 * §7 invoice/details, invoice/reject, service-invoice; issue 12). Money is integer cents CAD, dates ISO strings.
 * A seller issues an invoice from a conversation; its buyer and its seller read it by its token; anyone else gets
 * 404 INVOICE_NOT_FOUND.
 */

export const invoiceStatuses = ['pending', 'accepted', 'rejected', 'expired'] as const;
export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceKinds = ['product', 'service'] as const;
export const invoiceKindSchema = z.enum(invoiceKinds);
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;

/** Token: ≥ 128 random bits in base64url (the server makes 32 bytes → 43 characters). */
export const invoiceTokenSchema = z
  .string({ error: 'errors:INVOICE_NOT_FOUND' })
  .min(16, 'errors:INVOICE_NOT_FOUND')
  .max(100, 'errors:INVOICE_NOT_FOUND')
  .regex(/^[A-Za-z0-9_-]+$/, 'errors:INVOICE_NOT_FOUND');

/** Expiry window a seller may choose (decision 131): 1 hour to 30 days, 7 days by default. */
export const invoiceExpiryHours = { min: 1, max: 30 * 24, default: 7 * 24 } as const;
/** Largest negotiated price or shipping charge: $1,000,000,000.00 (keeps tax arithmetic exact). */
export const invoiceMaxAmountCents = 100_000_000_000;

export const invoiceTaxLineSchema = z.object({
  code: z.enum(canadianTaxCodes),
  /** Decimal percentage as printed: '5', '13', '9.975'; '0' for an exempt or zero-rated line. */
  ratePercent: z.string().regex(/^\d{1,2}(?:\.\d{1,3})?$/),
  amountCents: z.number().int().nonnegative().max(invoiceMaxAmountCents),
});
export type InvoiceTaxLine = z.infer<typeof invoiceTaxLineSchema>;

/** The seller's company data printed on an invoice (copied at issue time). */
const invoiceSellerSchema = z.object({
  sellerId: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  legalName: z.string(),
  /** Null only when the seller declared the small-supplier exemption (decision 132). */
  gstHstNumber: z.string().nullable(),
  qstNumber: z.string().nullable(),
});

export const invoiceSchema = z.object({
  id: z.string(),
  token: z.string(),
  kind: invoiceKindSchema,
  chatId: z.uuid(),
  status: invoiceStatusSchema,
  buyer: z.object({ userId: z.uuid(), name: z.string() }),
  seller: invoiceSellerSchema,
  subject: z.object({
    id: z.number().int().positive(),
    /** The product's or service's English name, as issued. */
    name: z.string(),
    /**
     * Its French name (decision 232); null for an invoice issued before it whose name could not be matched.
     * `subjectNameIn(subject, language)` picks the one to show.
     */
    nameFr: z.string().nullable(),
    /** The category's English name, as issued. */
    category: z.string(),
    /** Its French name (decision 212); null for an invoice issued before it whose name could not be matched. */
    categoryFr: z.string().nullable(),
    quantity: z.number().int().positive(),
    unit: z.string().nullable(),
  }),
  negotiatedPriceCents: z.number().int().positive(),
  shippingCents: z.number().int().nonnegative(),
  taxLines: z.array(invoiceTaxLineSchema),
  taxCents: z.number().int().nonnegative(),
  taxOverrideReason: z.string().nullable(),
  totalCents: z.number().int().positive(),
  paymentTerms: z.string(),
  deliveryTerms: z.string(),
  notes: z.string(),
  leadDays: z.number().int().nonnegative().nullable(),
  deliveryProvince: provinceCodeSchema,
  deliveryPostalCode: z.string(),
  /** Invoice date (YYYY-MM-DD, Canada/Eastern): the date of the tax rate. */
  issuedOn: z.string(),
  expiresAt: z.string(),
  viewedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  orderId: z.string().nullable(),
  /** 'fr' when the delivery province is QC (Charter of the French Language): French first. */
  documentLanguage: z.enum(['fr', 'en']),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceResponseSchema = z.object({ invoice: invoiceSchema });
export type InvoiceResponse = z.infer<typeof invoiceResponseSchema>;
export const invoiceListResponseSchema = z.object({ items: z.array(invoiceSchema) });
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

const termsText = (max: number) => multilineTextSchema({ max }).default('');

/**
 * POST chats/:chatId/invoices (and service-chats/:chatId/invoices): the seller issues an invoice.
 * Quantity, delivery province, postal code and lead days default to the conversation's quotation.
 * The server computes the tax; `taxOverride` (exempt or zero-rated supply) replaces it and needs a reason.
 */
export const issueInvoiceBodySchema = z.object({
  negotiatedPriceCents: z
    .number({ error: 'errors:INVOICE_PRICE_REQUIRED' })
    .int('errors:INVOICE_AMOUNT_CENTS')
    .min(1, 'errors:INVOICE_PRICE_REQUIRED')
    .max(invoiceMaxAmountCents, 'errors:INVOICE_AMOUNT_TOO_LARGE'),
  shippingCents: z
    .number()
    .int('errors:INVOICE_AMOUNT_CENTS')
    .min(0, 'errors:INVOICE_SHIPPING_NEGATIVE')
    .max(invoiceMaxAmountCents, 'errors:INVOICE_AMOUNT_TOO_LARGE')
    .default(0),
  quantity: z.number().int().min(1).max(10_000_000).optional(),
  deliveryProvince: provinceCodeSchema.optional(),
  deliveryPostalCode: z
    .string()
    .max(10)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z][0-9][A-Z][0-9][A-Z][0-9]$/, 'errors:INQUIRY_POSTAL_CODE_LENGTH'))
    .optional(),
  leadDays: z.number().int().min(0).max(3650).nullable().optional(),
  paymentTerms: termsText(2000),
  deliveryTerms: termsText(2000),
  notes: termsText(5000),
  expiresInHours: z
    .number()
    .int('errors:INVOICE_EXPIRY_RANGE')
    .min(invoiceExpiryHours.min, 'errors:INVOICE_EXPIRY_RANGE')
    .max(invoiceExpiryHours.max, 'errors:INVOICE_EXPIRY_RANGE')
    .default(invoiceExpiryHours.default),
  taxOverride: z
    .object({
      reason: nameTextSchema({
        min: 3,
        max: 500,
        requiredMessage: 'errors:INVOICE_TAX_OVERRIDE_REASON_REQUIRED',
      }),
      /** [] for an exempt supply; otherwise the lines the seller charges instead (zero-rated: rate '0', 0 cents). */
      lines: z.array(invoiceTaxLineSchema).max(3),
    })
    .nullable()
    .default(null),
});
export type IssueInvoiceBody = z.input<typeof issueInvoiceBodySchema>;
export type IssueInvoiceInput = z.output<typeof issueInvoiceBodySchema>;

export const invoiceChatParamsSchema = z.object({ chatId: z.uuid('errors:CHAT_NOT_FOUND') });

/** GET invoice/details?invoiceToken=… (and service-invoice/details). */
export const invoiceDetailsQuerySchema = z.object({ invoiceToken: invoiceTokenSchema });

/** GET invoice/pdf?invoiceToken=…&lang=en|fr (and service-invoice/pdf). Default: the viewer's language. */
export const invoicePdfQuerySchema = z.object({
  invoiceToken: invoiceTokenSchema,
  lang: z.enum(['en', 'fr']).optional(),
});

/** Spec §5 / issue 12: the rejection reason is REQUIRED (3–1000 characters after trimming). */
export const invoiceRejectionReasonSchema = multilineTextSchema({
  min: 3,
  max: 1000,
  requiredMessage: 'errors:INVOICE_REJECTION_REASON_REQUIRED',
});
export const rejectInvoiceBodySchema = z.object({
  invoiceToken: invoiceTokenSchema,
  reason: z.string({ error: 'errors:INVOICE_REJECTION_REASON_REQUIRED' }).pipe(invoiceRejectionReasonSchema),
});
export type RejectInvoiceBody = z.infer<typeof rejectInvoiceBodySchema>;

/** Payload of the `invoice_sent` / `invoice_rejected` chat business actions (the web chat renders a card). */
export const chatInvoicePayloadSchema = z.object({
  invoiceId: z.string(),
  invoiceToken: z.string(),
  kind: invoiceKindSchema,
  totalCents: z.number().int().nonnegative(),
  expiresAt: z.string(),
  reason: z.string().optional(),
  /**
   * When the invoice itself was created (its `createdAt`): the conversation's newest invoice is the one created
   * last, whatever order its business actions arrive in (a late `invoice_expired` of an older one, decision 194).
   * Absent from payloads stored before it.
   */
  issuedAt: z.string().optional(),
});
export type ChatInvoicePayload = z.infer<typeof chatInvoicePayloadSchema>;

/** Seller company data printed on invoices (input tax credit fields). */
export const GST_HST_NUMBER = /^\d{9}RT\d{4}$/;
export const QST_NUMBER = /^\d{10}TQ\d{4}$/;
export const sellerTaxProfileSchema = z.object({
  legalName: nameTextSchema({ min: 2, max: 200 }),
  gstHstNumber: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(GST_HST_NUMBER, 'errors:SELLER_GST_HST_NUMBER_INVALID'))
    .nullable(),
  qstNumber: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(QST_NUMBER, 'errors:SELLER_QST_NUMBER_INVALID'))
    .nullable(),
  /** Small supplier (≤ $30,000 of taxable supplies in four quarters): not registered, charges no GST/HST. */
  smallSupplier: z.boolean(),
});
export type SellerTaxProfile = z.infer<typeof sellerTaxProfileSchema>;
export type SellerTaxProfileInput = z.input<typeof sellerTaxProfileSchema>;

/**
 * The seller centre's form: the same profile, but one that lets the seller invoice (a GST/HST number unless the
 * small-supplier exemption is declared). The API still stores a partial profile (a legal name alone, say).
 */
export const sellerTaxRegistrationFormSchema = sellerTaxProfileSchema.refine(
  (profile) => profile.smallSupplier || profile.gstHstNumber !== null,
  { path: ['gstHstNumber'], message: 'errors:SELLER_GST_HST_NUMBER_REQUIRED' },
);

export const invoiceErrorCodes = [
  'INVOICE_NOT_FOUND',
  'INVOICE_NOT_PENDING',
  'INVOICE_EXPIRED',
  'INVOICE_ALREADY_PENDING',
  'INVOICE_PRICE_REQUIRED',
  'INVOICE_AMOUNT_CENTS',
  'INVOICE_AMOUNT_TOO_LARGE',
  'INVOICE_SHIPPING_NEGATIVE',
  'INVOICE_EXPIRY_RANGE',
  'INVOICE_TAX_OVERRIDE_REASON_REQUIRED',
  'INVOICE_REJECTION_REASON_REQUIRED',
  'INVOICE_NO_QUOTATION',
  'INVOICE_SELLER_TAX_NUMBER_REQUIRED',
  'SELLER_GST_HST_NUMBER_INVALID',
  'SELLER_QST_NUMBER_INVALID',
] as const;

/** GET / PUT seller/:id/tax-profile (role seller, the storefront's owner only; others 404). */
export const sellerTaxProfileParamsSchema = z.object({
  id: z.string().regex(/^\d{1,15}$/, 'errors:SELLER_NOT_FOUND'),
});
export const sellerTaxProfileResponseSchema = z.object({
  profile: invoiceSellerSchema.extend({ smallSupplier: z.boolean() }),
});
export type SellerTaxProfileResponse = z.infer<typeof sellerTaxProfileResponseSchema>;
export type OwnStorefront = SellerTaxProfileResponse['profile'];

/** GET seller/me (role seller): the storefronts the user owns, each with its tax profile (oldest claim first). */
export const myStorefrontsResponseSchema = z.object({
  storefronts: z.array(sellerTaxProfileResponseSchema.shape.profile),
});
export type MyStorefrontsResponse = z.infer<typeof myStorefrontsResponseSchema>;

/**
 * Whether the issue-invoice workflow accepts this storefront's profile (decision 132): a GST/HST number or the
 * small-supplier declaration, and a QST number when a registrant delivers to Quebec.
 */
export function taxProfileMissing(
  profile: Pick<SellerTaxProfile, 'gstHstNumber' | 'qstNumber' | 'smallSupplier'>,
  deliveryProvince: string | null,
): boolean {
  if (profile.smallSupplier && !profile.gstHstNumber) return false;
  if (!profile.gstHstNumber) return true;
  return deliveryProvince === 'QC' && !profile.qstNumber;
}

/** The invoice's category in a language (decision 212): the French name on a French page, when the invoice has it. */
export function invoiceCategoryName(
  subject: { category: string; categoryFr: string | null },
  language: string,
): string {
  return language === 'fr' && subject.categoryFr ? subject.categoryFr : subject.category;
}
