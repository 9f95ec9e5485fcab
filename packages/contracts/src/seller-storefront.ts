import { z } from 'zod';
import { emailSchema, phoneNumberSchema } from './auth';
import { provinceCodeSchema, provinceCodes } from './provinces';
import { multilineTextSchema, safeUrlSchema } from './safe-text';

/** Certifications a storefront can show (decision 261): a fixed list, labelled in the web's locales. */
export const storefrontCertifications = [
  'iso-9001',
  'iso-14001',
  'iso-13485',
  'iso-45001',
  'as9100',
  'iatf-16949',
  'cwb',
  'controlled-goods',
  'csa',
  'ul',
  'haccp',
  'sqf',
  'fsc',
  'ecologo',
  'b-corp',
] as const;
export const storefrontCertificationSchema = z.enum(storefrontCertifications);
export type StorefrontCertification = z.infer<typeof storefrontCertificationSchema>;

/** Logo and banner are only images this site stored (the upload route's answer), never another host's. */
export const storefrontImageUrlSchema = z
  .string()
  .max(500)
  .regex(/^\/(?:uploads|api\/v1\/uploads)\/[A-Za-z0-9._/-]+$/, 'errors:STOREFRONT_IMAGE_INVALID');

export const storefrontLimits = {
  descriptionMax: 4000,
  logoMaxWidth: 512,
  bannerMaxWidth: 1600,
  firstYear: 1800,
} as const;

const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());

/**
 * What the seller edits of their storefront (seller centre, decision 261): the same schema checks the web form
 * and the route. A description may be empty in one language (the public page shows the other with a note), not
 * in both.
 */
export const sellerStorefrontInputSchema = z
  .object({
    logoUrl: storefrontImageUrlSchema.nullable(),
    bannerUrl: storefrontImageUrlSchema.nullable(),
    descriptionEn: multilineTextSchema({ max: storefrontLimits.descriptionMax }),
    descriptionFr: multilineTextSchema({ max: storefrontLimits.descriptionMax }),
    contactEmail: optionalText(emailSchema),
    contactPhone: optionalText(phoneNumberSchema),
    website: optionalText(
      safeUrlSchema(300).refine((value) => value.startsWith('https://'), 'errors:WEBSITE_HTTPS'),
    ),
    serviceProvinces: z
      .array(provinceCodeSchema)
      .max(provinceCodes.length)
      .refine((list) => new Set(list).size === list.length, 'errors:STOREFRONT_DUPLICATE_VALUE'),
    certifications: z
      .array(storefrontCertificationSchema)
      .max(storefrontCertifications.length)
      .refine((list) => new Set(list).size === list.length, 'errors:STOREFRONT_DUPLICATE_VALUE'),
    yearEstablished: z
      .number({ message: 'errors:STOREFRONT_YEAR_INVALID' })
      .int('errors:STOREFRONT_YEAR_INVALID')
      .min(storefrontLimits.firstYear, 'errors:STOREFRONT_YEAR_INVALID')
      .refine((year) => year <= new Date().getFullYear(), 'errors:STOREFRONT_YEAR_INVALID'),
  })
  .refine((input) => input.descriptionEn.length > 0 || input.descriptionFr.length > 0, {
    message: 'errors:STOREFRONT_DESCRIPTION_REQUIRED',
    path: ['descriptionEn'],
  });
export type SellerStorefrontInput = z.infer<typeof sellerStorefrontInputSchema>;
export type SellerStorefrontFormValues = z.input<typeof sellerStorefrontInputSchema>;

/** The seller centre's view of one of its storefronts. */
export const sellerStorefrontSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  listed: z.boolean(),
  logoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  descriptionEn: z.string(),
  descriptionFr: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  website: z.string().nullable(),
  serviceProvinces: z.array(provinceCodeSchema),
  certifications: z.array(storefrontCertificationSchema),
  yearEstablished: z.number().int(),
});
export type SellerStorefront = z.infer<typeof sellerStorefrontSchema>;

export const storefrontImageKindSchema = z.object({ kind: z.enum(['logo', 'banner']) });
export const storefrontImageUploadResponseSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
