import { z } from 'zod';
import { emailSchema, phoneNumberSchema } from './auth';
import { businessTypeSchema } from './catalog';
import { GST_HST_NUMBER, QST_NUMBER } from './invoices';
import { provinceCodeSchema } from './provinces';
import { nameTextSchema } from './safe-text';

/** The Canada Revenue Agency business number: its 9 digits (spaces accepted on input). */
export const businessNumberSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{9}$/, 'errors:BUSINESS_NUMBER_INVALID'));

const optionalTaxNumber = (pattern: RegExp, message: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(pattern, message))
      .nullable(),
  );

/**
 * A signed-in account's application to sell (seller centre, decision 280): the business, its contact and, for a
 * registrant, the GST/HST number (and the QST number in Quebec) that tax registration prints on invoices.
 */
export const sellerApplicationInputSchema = z
  .object({
    legalName: nameTextSchema({ min: 2, max: 200 }),
    operatingName: nameTextSchema({ min: 2, max: 120 }),
    businessNumber: businessNumberSchema,
    province: provinceCodeSchema,
    city: nameTextSchema({ max: 100, requiredMessage: 'errors:CITY_REQUIRED' }),
    businessType: businessTypeSchema,
    /** Top-level category slugs, the first one the storefront's main category. */
    categories: z.array(z.string().trim().min(1).max(120)).min(1, 'errors:SELLER_CATEGORIES_REQUIRED').max(5),
    contactEmail: emailSchema,
    contactPhone: phoneNumberSchema,
    gstHstNumber: optionalTaxNumber(GST_HST_NUMBER, 'errors:SELLER_GST_HST_NUMBER_INVALID'),
    qstNumber: optionalTaxNumber(QST_NUMBER, 'errors:SELLER_QST_NUMBER_INVALID'),
  })
  .refine((input) => input.qstNumber === null || input.province === 'QC', {
    message: 'errors:SELLER_QST_ONLY_QUEBEC',
    path: ['qstNumber'],
  })
  .refine((input) => input.gstHstNumber === null || input.gstHstNumber.startsWith(input.businessNumber), {
    message: 'errors:SELLER_GST_HST_NOT_BUSINESS_NUMBER',
    path: ['gstHstNumber'],
  });
export type SellerApplicationInput = z.infer<typeof sellerApplicationInputSchema>;
export type SellerApplicationFormValues = z.input<typeof sellerApplicationInputSchema>;

export const sellerApplicationStatuses = ['pending', 'approved', 'refused'] as const;
export const sellerApplicationStatusSchema = z.enum(sellerApplicationStatuses);
export type SellerApplicationStatus = z.infer<typeof sellerApplicationStatusSchema>;

export const sellerApplicationSchema = z.object({
  id: z.string(),
  status: sellerApplicationStatusSchema,
  legalName: z.string(),
  operatingName: z.string(),
  businessNumber: z.string(),
  province: provinceCodeSchema,
  city: z.string(),
  businessType: businessTypeSchema,
  categories: z.array(z.string()),
  contactEmail: z.string(),
  contactPhone: z.string(),
  gstHstNumber: z.string().nullable(),
  qstNumber: z.string().nullable(),
  /** The draft storefront (`/seller/{slug}`), null once a refusal removed it. */
  storefront: z.object({ id: z.string(), slug: z.string() }).nullable(),
  refusalReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SellerApplication = z.infer<typeof sellerApplicationSchema>;

/** The caller's latest application (null: never applied). */
export const mySellerApplicationResponseSchema = z.object({
  application: sellerApplicationSchema.nullable(),
});
export type MySellerApplicationResponse = z.infer<typeof mySellerApplicationResponseSchema>;

/** The admin queue: pending applications, oldest first, with who applied. */
export const adminSellerApplicationSchema = sellerApplicationSchema.extend({
  applicant: z.object({ id: z.string(), email: z.string().nullable(), fullName: z.string() }),
});
export type AdminSellerApplication = z.infer<typeof adminSellerApplicationSchema>;
export const adminSellerApplicationListSchema = z.object({ items: z.array(adminSellerApplicationSchema) });
export type AdminSellerApplicationList = z.infer<typeof adminSellerApplicationListSchema>;

export const sellerApplicationParamsSchema = z.object({ id: z.uuid() });
export const refuseSellerApplicationInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'errors:SELLER_REFUSAL_REASON_REQUIRED')
    .max(1000, 'errors:SELLER_REFUSAL_REASON_TOO_LONG'),
});
export type RefuseSellerApplicationInput = z.infer<typeof refuseSellerApplicationInputSchema>;
