import { z } from 'zod';
import { canadianTaxCodes, canadianTaxRatesOn, sameRatePercent, taxAmountCents } from './canadian-tax';
import { dateInTimeZone, documentTimeZones, type DocumentTimeZone } from './document-time';
import {
  CANADIAN_POSTAL_CODE,
  normalizePostalCode,
  provinceCodeSchema,
  type ProvinceCode,
} from './provinces';
import { multilineTextSchema, nameTextSchema } from './safe-text';

/**
 * Invoices (docs/product.md §2 invoice page and generation modal, §3 Invoice, §4 invoice status, §5 invoice generation,
 * §7 invoice/details, invoice/reject, service-invoice). Money is integer cents CAD, dates ISO strings.
 * A seller issues an invoice from a conversation; its buyer and its seller read it by its token; anyone else gets
 * 404 INVOICE_NOT_FOUND.
 */

/** `withdrawn`: the seller took a pending invoice back, to revise it or not (decision 271). */
export const invoiceStatuses = ['pending', 'accepted', 'rejected', 'expired', 'withdrawn'] as const;
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

/**
 * Why an invoice's tax differs from the dated table (decision 241): a fixed list, printed on the invoice in the
 * reader's language. A buyer's exemption certificate is printed with its number.
 */
export const taxOverrideReasons = ['zeroRated', 'exempt', 'export', 'exemptionCertificate'] as const;
export const taxOverrideReasonSchema = z.enum(taxOverrideReasons);
export type TaxOverrideReason = z.infer<typeof taxOverrideReasonSchema>;

/** A certificate number as printed: letters, digits, spaces, '.', '/' and '-', up to 40 characters. */
export const taxCertificateNumberSchema = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .string()
      .max(40, 'errors:INVOICE_TAX_CERTIFICATE_INVALID')
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u, 'errors:INVOICE_TAX_CERTIFICATE_INVALID')
      .nullable(),
  );

/** A real YYYY-MM-DD calendar date (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The due date of an invoice (decision 255): the date of its expiry in the document's time zone. An invoice expiring
 * at midnight exactly is due the day before.
 */
export function invoiceDueOn(expiresAt: Date, timeZone: DocumentTimeZone): string {
  return dateInTimeZone(new Date(expiresAt.getTime() - 1), timeZone);
}

/** Unit price (decision 255): the total price over the quantity, rounded half up to the cent. */
export function invoiceUnitPriceCents(totalPriceCents: number, quantity: number): number {
  return Math.floor((2 * totalPriceCents + quantity) / (2 * quantity));
}

/** Expiry window a seller may choose (decision 131): 1 hour to 30 days, 7 days by default. */
export const invoiceExpiryHours = { min: 1, max: 30 * 24, default: 7 * 24 } as const;
/** Largest negotiated price or shipping charge: $1,000,000,000.00 (keeps tax arithmetic exact). */
export const invoiceMaxAmountCents = 100_000_000_000;

export const invoiceTaxLineSchema = z.object({
  code: z.enum(canadianTaxCodes),
  /** Decimal percentage as printed: '5', '13', '9.975'; '0' for an exempt or zero-rated line. */
  ratePercent: z.string().regex(/^\d{1,2}(?:\.\d{1,3})?$/, 'errors:INVOICE_TAX_RATE_NOT_ALLOWED'),
  amountCents: z.number().int().nonnegative().max(invoiceMaxAmountCents),
});
export type InvoiceTaxLine = z.infer<typeof invoiceTaxLineSchema>;

/** The seller's company data printed on an invoice (copied at issue time). */
/**
 * A party's street address as printed on its documents (decision 315): the seller's business address from its tax
 * profile, the buyer's billing address. Copied onto the invoice when it is issued.
 */
export const documentAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  province: provinceCodeSchema,
  postalCode: z.string(),
});
export type DocumentAddress = z.infer<typeof documentAddressSchema>;
/** The seller's business address as entered: checked like any address, the postal code written `A1A 1A1`. */
export const documentAddressInputSchema = z.object({
  street: nameTextSchema({ min: 3, max: 200, requiredMessage: 'errors:STREET_REQUIRED' }),
  city: nameTextSchema({ max: 100, requiredMessage: 'errors:CITY_REQUIRED' }),
  province: provinceCodeSchema,
  postalCode: z
    .string()
    .trim()
    .max(10)
    .regex(CANADIAN_POSTAL_CODE, 'errors:POSTAL_CODE_INVALID')
    .transform(normalizePostalCode),
});

const invoiceSellerSchema = z.object({
  sellerId: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  legalName: z.string(),
  /** Null only when the seller declared the small-supplier exemption (decision 132). */
  gstHstNumber: z.string().nullable(),
  qstNumber: z.string().nullable(),
  /** The business address printed on invoices (decision 315); null when none is on file, absent before it. */
  address: documentAddressSchema.nullable().optional(),
});

export const invoiceSchema = z.object({
  id: z.string(),
  token: z.string(),
  kind: invoiceKindSchema,
  chatId: z.uuid(),
  status: invoiceStatusSchema,
  /** `address`: the buyer's billing address when the invoice was issued (decision 315); null without one. */
  buyer: z.object({
    userId: z.uuid(),
    name: z.string(),
    address: documentAddressSchema.nullable().optional(),
  }),
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
  /**
   * Price of one unit (decision 255): the negotiated price over the quantity, rounded half up to the cent. The
   * total price, not the unit price × quantity, is what is charged.
   */
  unitPriceCents: z.number().int().nonnegative(),
  /** Total price of the goods or service (decision 255): the negotiated price, before shipping and tax. */
  totalPriceCents: z.number().int().positive(),
  shippingCents: z.number().int().nonnegative(),
  taxLines: z.array(invoiceTaxLineSchema),
  taxCents: z.number().int().nonnegative(),
  /** Free text of an invoice issued before decision 241 (or the small-supplier statement); null otherwise. */
  taxOverrideReason: z.string().nullable(),
  /** Why the seller's tax differs from the table (decision 241); null when the table's tax applies. */
  taxOverrideCode: taxOverrideReasonSchema.nullable(),
  /** The buyer's exemption certificate number, with `taxOverrideCode` 'exemptionCertificate'. */
  taxExemptionCertificate: z.string().nullable(),
  totalCents: z.number().int().positive(),
  paymentTerms: z.string(),
  deliveryTerms: z.string(),
  notes: z.string(),
  leadDays: z.number().int().nonnegative().nullable(),
  deliveryProvince: provinceCodeSchema,
  deliveryPostalCode: z.string(),
  /** Invoice date (YYYY-MM-DD in `timeZone`): the date of the tax rate. */
  issuedOn: z.string(),
  /**
   * The document's time zone (decision 248): the seller's province's when issued, America/Toronto before. Its
   * dates and times are shown in it, with its name.
   */
  timeZone: z.enum(documentTimeZones),
  /**
   * Due date (decision 255): the last day, in `timeZone`, on which the buyer may accept and pay (payment is taken at
   * acceptance). YYYY-MM-DD, never before `issuedOn`.
   */
  dueOn: z.string(),
  /**
   * Delivery deadline (decision 255): the date by which the seller delivers, YYYY-MM-DD; the quotation's deadline
   * unless the seller set another; null when neither exists.
   */
  deadline: z.string().nullable(),
  expiresAt: z.string(),
  viewedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  orderId: z.string().nullable(),
  /** 1 for a first invoice; a revision is its previous version's + 1 (decision 271). */
  version: z.number().int().positive(),
  /** The version this one revises (its token), or null for a first invoice. */
  previousInvoiceToken: z.string().nullable(),
  /** What this version changed from the previous one, field by field (`invoiceChanges`); [] for a first invoice. */
  changes: z.array(z.lazy(() => invoiceChangeSchema)),
  withdrawnAt: z.string().nullable(),
  /** The buyer's counter-offer given with a rejection (decision 272), or null. */
  counterOffer: z.lazy(() => counterOfferSchema).nullable(),
  /** 'fr' when the delivery province is QC (Charter of the French Language): French first. */
  documentLanguage: z.enum(['fr', 'en']),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceResponseSchema = z.object({ invoice: invoiceSchema });
export type InvoiceResponse = z.infer<typeof invoiceResponseSchema>;
export const invoiceListResponseSchema = z.object({ items: z.array(invoiceSchema) });
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

const taxOverrideSchema = z.object({
  /** Why the tax differs from the table (decision 241); required as soon as a rate differs or is zero. */
  reason: z
    .enum(taxOverrideReasons, { error: 'errors:INVOICE_TAX_OVERRIDE_REASON_REQUIRED' })
    .nullable()
    .default(null),
  /** The buyer's exemption certificate number, with (and only with) the `exemptionCertificate` reason. */
  certificateNumber: taxCertificateNumberSchema.nullable().default(null),
  /**
   * One line per tax of the delivery province's table, each at the table's rate or 0 %, its amount the rate ×
   * the taxable base rounded as the table rounds; [] for a supply on which no tax at all is charged.
   */
  lines: z.array(invoiceTaxLineSchema).max(canadianTaxCodes.length),
});

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
  taxOverride: taxOverrideSchema.nullable().default(null),
  /**
   * Delivery deadline (decision 255), YYYY-MM-DD; the quotation's deadline when omitted. The server also checks
   * that it is not before the invoice date.
   */
  deadline: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'errors:INVOICE_DEADLINE_INVALID')
    .refine((value) => isCalendarDate(value), 'errors:INVOICE_DEADLINE_INVALID')
    .optional(),
});
export type IssueInvoiceBody = z.input<typeof issueInvoiceBodySchema>;
export type IssueInvoiceInput = z.output<typeof issueInvoiceBodySchema>;
export type TaxOverrideInput = NonNullable<IssueInvoiceInput['taxOverride']>;

export type TaxOverrideIssue = {
  /** Where in `taxOverride` (e.g. ['lines', 0, 'ratePercent']). */
  path: (string | number)[];
  code: (typeof invoiceErrorCodes)[number];
  message: string;
};

/**
 * What the law lets a seller's tax override change (decision 241), checked in this one place by the server's
 * issue-invoice workflow and by the web's invoice modal: the lines are the delivery province's taxes on the invoice
 * date (each once, all of them) or none; each rate is the table's or 0 %; each amount is its rate × the taxable
 * base rounded like the table; a rate that differs (or no tax at all) needs a reason from the fixed list; the
 * exemption-certificate reason needs the certificate's number, and only it carries one. Returns the lines in the
 * table's order with the table's way of writing the rate. Throws RangeError when the table has no rate for the date.
 */
export function checkTaxOverride(
  override: TaxOverrideInput,
  context: { province: ProvinceCode; date: string; taxableCents: number },
): { lines: InvoiceTaxLine[]; issues: TaxOverrideIssue[] } {
  const table = canadianTaxRatesOn(context.province, context.date);
  const issues: TaxOverrideIssue[] = [];
  const tableRate = (code: string) => table.find((rate) => rate.code === code)?.ratePercent;
  const seen = new Set<string>();
  override.lines.forEach((line, index) => {
    const expected = tableRate(line.code);
    if (expected === undefined || seen.has(line.code)) {
      issues.push({
        path: ['lines', index, 'code'],
        code: 'INVOICE_TAX_CODE_NOT_IN_PROVINCE',
        message: `${line.code} is not a tax of ${context.province} on ${context.date}, or is given twice`,
      });
      return;
    }
    seen.add(line.code);
    if (!sameRatePercent(line.ratePercent, expected) && !sameRatePercent(line.ratePercent, '0'))
      issues.push({
        path: ['lines', index, 'ratePercent'],
        code: 'INVOICE_TAX_RATE_NOT_ALLOWED',
        message: `${line.code} is ${expected} % in ${context.province} on ${context.date}; only that rate or 0 % may be charged`,
      });
    else if (line.amountCents !== taxAmountCents(context.taxableCents, line.ratePercent))
      issues.push({
        path: ['lines', index, 'amountCents'],
        code: 'INVOICE_TAX_AMOUNT_MISMATCH',
        message: `${line.code} at ${line.ratePercent} % of the taxable amount is ${taxAmountCents(context.taxableCents, line.ratePercent)} cents`,
      });
  });
  if (override.lines.length > 0 && issues.length === 0 && seen.size !== table.length)
    issues.push({
      path: ['lines'],
      code: 'INVOICE_TAX_CODE_NOT_IN_PROVINCE',
      message: `Give one line for each tax of ${context.province}: ${table.map((rate) => rate.code).join(', ')}`,
    });

  const differs =
    override.lines.length === 0
      ? table.length > 0
      : override.lines.some((line) => !sameRatePercent(line.ratePercent, tableRate(line.code) ?? ''));
  if (differs && override.reason === null)
    issues.push({
      path: ['reason'],
      code: 'INVOICE_TAX_OVERRIDE_REASON_REQUIRED',
      message:
        'A rate that differs from the table needs a reason: zero-rated supply, exempt supply, export or exemption certificate',
    });
  if (!differs && override.reason !== null)
    issues.push({
      path: ['reason'],
      code: 'INVOICE_TAX_OVERRIDE_UNCHANGED',
      message: 'These lines are the table’s tax: a reason would be printed for a change that is not there',
    });
  if (override.reason === 'exemptionCertificate' && !override.certificateNumber)
    issues.push({
      path: ['certificateNumber'],
      code: 'INVOICE_TAX_CERTIFICATE_REQUIRED',
      message: 'Give the number of the buyer’s exemption certificate',
    });
  if (override.reason !== 'exemptionCertificate' && override.certificateNumber)
    issues.push({
      path: ['certificateNumber'],
      code: 'INVOICE_TAX_CERTIFICATE_UNEXPECTED',
      message: 'A certificate number goes only with the exemption-certificate reason',
    });

  const lines = table.flatMap((rate): InvoiceTaxLine[] => {
    const line = override.lines.find((candidate) => candidate.code === rate.code);
    if (!line) return [];
    const ratePercent = sameRatePercent(line.ratePercent, rate.ratePercent) ? rate.ratePercent : '0';
    return [{ code: rate.code, ratePercent, amountCents: line.amountCents }];
  });
  return { lines, issues };
}

/**
 * The invoice modal's schema (decision 241): the request's schema plus `checkTaxOverride` for the delivery
 * province and the invoice date, each issue on its field of `taxOverride`; and, as the server checks, a delivery
 * deadline not before the invoice date (decision 255).
 */
export function issueInvoiceFormSchema(context: { province: ProvinceCode | null; date: string }) {
  const whole = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);
  return issueInvoiceBodySchema.superRefine(
    (body, ctx) => {
      if (typeof body.deadline === 'string' && isCalendarDate(body.deadline) && body.deadline < context.date)
        ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'errors:INVOICE_DEADLINE_BEFORE_ISSUE' });
      // Runs beside the other fields' errors (see `when`), so the body may be unparsed: re-read what it needs.
      const parsed = taxOverrideSchema.nullable().safeParse(body.taxOverride ?? null);
      const province = provinceCodeSchema.safeParse(body.deliveryProvince ?? context.province);
      if (!parsed.success || !parsed.data || !province.success) return;
      let issues: TaxOverrideIssue[];
      try {
        issues = checkTaxOverride(parsed.data, {
          province: province.data,
          date: context.date,
          taxableCents: whole(body.negotiatedPriceCents) + whole(body.shippingCents),
        }).issues;
      } catch {
        return; // no rate known for the date: the server answers
      }
      for (const issue of issues)
        ctx.addIssue({
          code: 'custom',
          path: ['taxOverride', ...issue.path],
          message: `errors:${issue.code}`,
        });
    },
    { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'taxOverride') },
  );
}

export const invoiceChatParamsSchema = z.object({ chatId: z.uuid('errors:CHAT_NOT_FOUND') });

/** GET invoice/details?invoiceToken=… (and service-invoice/details). */
export const invoiceDetailsQuerySchema = z.object({ invoiceToken: invoiceTokenSchema });

/** POST invoice/view (and service-invoice/view): the buyer opened the invoice page; the first records viewedAt. */
export const invoiceViewBodySchema = z.object({ invoiceToken: invoiceTokenSchema });
export type InvoiceViewBody = z.infer<typeof invoiceViewBodySchema>;

/** GET invoice/pdf?invoiceToken=…&lang=en|fr (and service-invoice/pdf). Default: the viewer's language. */
/** Paper sizes of the business documents' PDFs (decision 258): Letter, Canada's usual size, unless A4 is asked. */
export const documentPaperSizes = ['letter', 'a4'] as const;
export type DocumentPaperSize = (typeof documentPaperSizes)[number];

/** Without `paper`, the server's setting (`DOCUMENT_PAPER`, Letter unless set; decision 293). */
export const invoicePdfQuerySchema = z.object({
  invoiceToken: invoiceTokenSchema,
  lang: z.enum(['en', 'fr']).optional(),
  paper: z.enum(documentPaperSizes).optional(),
});

/**
 * GET orders/:id/receipt.pdf and orders/:id/confirmation.pdf (and service-orders/…; decision 293): the order's
 * payment receipt and confirmation, for its buyer or its seller user, in the viewer's language unless `lang` is asked
 * (French then English for a Quebec delivery), on the paper asked or the server's setting.
 */
export const orderDocumentQuerySchema = z.object({
  lang: z.enum(['en', 'fr']).optional(),
  paper: z.enum(documentPaperSizes).optional(),
});
export type OrderDocumentQuery = z.infer<typeof orderDocumentQuerySchema>;

/** docs/product.md §5: the rejection reason is REQUIRED (3–1000 characters after trimming). */
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

/**
 * The buyer's counter-offer, given with a rejection (decision 272): what they would accept. At least one of price,
 * quantity and delivery date; the note is optional. The seller can turn it into the next invoice in one step.
 */
export const counterOfferSchema = z
  .object({
    negotiatedPriceCents: z
      .number()
      .int('errors:INVOICE_AMOUNT_CENTS')
      .min(1, 'errors:INVOICE_PRICE_REQUIRED')
      .max(invoiceMaxAmountCents, 'errors:INVOICE_AMOUNT_TOO_LARGE')
      .nullable()
      .default(null),
    quantity: z.number().int().min(1).max(10_000_000).nullable().default(null),
    deliveryDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'errors:INVOICE_DEADLINE_INVALID')
      .refine((value) => isCalendarDate(value), 'errors:INVOICE_DEADLINE_INVALID')
      .nullable()
      .default(null),
    note: multilineTextSchema({ max: 1000 }).default(''),
  })
  .refine(
    (offer) => offer.negotiatedPriceCents !== null || offer.quantity !== null || offer.deliveryDate !== null,
    { message: 'errors:INVOICE_COUNTER_OFFER_EMPTY', path: ['negotiatedPriceCents'] },
  );
export type CounterOffer = z.output<typeof counterOfferSchema>;

/** POST invoice/reject's body: the reason (required as for any rejection) and, optionally, a counter-offer. */
export const rejectInvoiceWithOfferBodySchema = rejectInvoiceBodySchema.extend({
  counterOffer: counterOfferSchema.optional(),
});
export type RejectInvoiceWithOfferBody = z.input<typeof rejectInvoiceWithOfferBodySchema>;

/** POST invoice/withdraw (and service-invoice/withdraw): the seller user takes a pending invoice back. */
export const withdrawInvoiceBodySchema = z.object({ invoiceToken: invoiceTokenSchema });

/**
 * POST invoice/revise: the seller withdraws a pending invoice (or follows up a rejected, expired or withdrawn one)
 * with its next version, in one step; the body is the issue body plus the version revised.
 */
export const reviseInvoiceBodySchema = issueInvoiceBodySchema.extend({ invoiceToken: invoiceTokenSchema });
export type ReviseInvoiceBody = z.input<typeof reviseInvoiceBodySchema>;

/** The fields a buyer sees compared between two versions, in the order shown. */
export const invoiceChangeFields = [
  'negotiatedPriceCents',
  'unitPriceCents',
  'quantity',
  'shippingCents',
  'taxCents',
  'totalCents',
  'paymentTerms',
  'deliveryTerms',
  'notes',
  'leadDays',
  'deliveryProvince',
  'deliveryPostalCode',
  'deadline',
  'dueOn',
] as const;
export type InvoiceChangeField = (typeof invoiceChangeFields)[number];
export const invoiceChangeSchema = z.object({
  field: z.enum(invoiceChangeFields),
  from: z.union([z.string(), z.number()]).nullable(),
  to: z.union([z.string(), z.number()]).nullable(),
});
export type InvoiceChange = z.infer<typeof invoiceChangeSchema>;

type ComparedInvoice = Pick<Invoice, Exclude<InvoiceChangeField, 'quantity'> | 'subject'>;
/** What changed from `previous` to `next`, one entry per field that differs (decision 271). */
export function invoiceChanges(previous: ComparedInvoice, next: ComparedInvoice): InvoiceChange[] {
  const value = (invoice: ComparedInvoice, field: InvoiceChangeField) =>
    field === 'quantity' ? invoice.subject.quantity : invoice[field];
  return invoiceChangeFields.flatMap((field) => {
    const from = value(previous, field);
    const to = value(next, field);
    return from === to ? [] : [{ field, from, to }];
  });
}

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
  /** The invoice's version (decision 271); absent before it and on version 1's first actions. */
  version: z.number().int().positive().optional(),
  /** The buyer's counter-offer with `invoice_rejected` (decision 272). */
  counterOffer: z.lazy(() => counterOfferSchema).optional(),
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
  /** The business address printed on invoices (decision 315): null removes it; absent leaves it as it is. */
  address: documentAddressInputSchema.nullable().optional(),
});
export type SellerTaxProfile = z.infer<typeof sellerTaxProfileSchema>;
export type SellerTaxProfileInput = z.input<typeof sellerTaxProfileSchema>;

/**
 * The seller centre's form: the same profile, but one that lets the seller invoice (a GST/HST number unless the
 * small-supplier exemption is declared). The API still stores a partial profile (a legal name alone, say).
 */
export const sellerTaxRegistrationFormSchema = sellerTaxProfileSchema
  .extend({
    // The form's four address fields left empty mean "no address" (decision 315).
    address: z
      .object({ street: z.string(), city: z.string(), province: z.string(), postalCode: z.string() })
      .transform((fields) => (Object.values(fields).every((field) => field.trim() === '') ? null : fields))
      .pipe(documentAddressInputSchema.nullable()),
  })
  .refine((profile) => profile.smallSupplier || profile.gstHstNumber !== null, {
    path: ['gstHstNumber'],
    message: 'errors:SELLER_GST_HST_NUMBER_REQUIRED',
  });

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
  'INVOICE_TAX_OVERRIDE_UNCHANGED',
  'INVOICE_TAX_CODE_NOT_IN_PROVINCE',
  'INVOICE_TAX_RATE_NOT_ALLOWED',
  'INVOICE_TAX_AMOUNT_MISMATCH',
  'INVOICE_TAX_CERTIFICATE_REQUIRED',
  'INVOICE_TAX_CERTIFICATE_UNEXPECTED',
  'INVOICE_TAX_CERTIFICATE_INVALID',
  'INVOICE_REJECTION_REASON_REQUIRED',
  'INVOICE_NO_QUOTATION',
  'INVOICE_DEADLINE_INVALID',
  'INVOICE_DEADLINE_BEFORE_ISSUE',
  'INVOICE_SELLER_TAX_NUMBER_REQUIRED',
  'INVOICE_WITHDRAWN',
  'INVOICE_SUPERSEDED',
  'INVOICE_ALREADY_REVISED',
  'INVOICE_NOT_REVISABLE',
  'INVOICE_COUNTER_OFFER_EMPTY',
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

/**
 * The one expiry rule (decision 133): an invoice is expired once marked so, or while still pending once its expiry
 * time has come — before the expiry job has run. The invoices module's statements say the same in SQL
 * (`stillPendingAt`).
 */
export function isInvoiceExpired(
  invoice: { status: InvoiceStatus; expiresAt: string | number | Date },
  now: number | Date,
): boolean {
  if (invoice.status === 'expired') return true;
  return invoice.status === 'pending' && new Date(invoice.expiresAt).getTime() <= new Date(now).getTime();
}
