import { z } from 'zod';
import { emailSchema, fullNameSchema, phoneNumberSchema } from './auth';
import { pagedSchema, pageQuerySchema } from './common';
import { limits } from './limits';
import { CANADIAN_POSTAL_CODE, provinceCodeSchema } from './provinces';

/**
 * Careers (docs/product.md §1, §3, §5, §7): an applicant's application with a résumé, its e-mail verification,
 * and the résumé database that verified premium employers search. Job categories are a fixed bilingual list
 * (decision 090): the code is stored, the web shows `careers:categories.<code>`; labels here serve the API.
 */
export const jobCategories = [
  { code: 'manufacturing-production', en: 'Manufacturing and production', fr: 'Fabrication et production' },
  { code: 'engineering', en: 'Engineering', fr: 'Ingénierie' },
  { code: 'skilled-trades', en: 'Skilled trades', fr: 'Métiers spécialisés' },
  { code: 'warehouse-logistics', en: 'Warehouse and logistics', fr: 'Entrepôt et logistique' },
  {
    code: 'sales-business-development',
    en: 'Sales and business development',
    fr: 'Ventes et développement des affaires',
  },
  { code: 'customer-service', en: 'Customer service', fr: 'Service à la clientèle' },
  { code: 'marketing-communications', en: 'Marketing and communications', fr: 'Marketing et communications' },
  { code: 'finance-accounting', en: 'Finance and accounting', fr: 'Finance et comptabilité' },
  {
    code: 'administration',
    en: 'Administration and office support',
    fr: 'Administration et soutien de bureau',
  },
  { code: 'information-technology', en: 'Information technology', fr: 'Technologies de l’information' },
  {
    code: 'quality-assurance',
    en: 'Quality assurance and control',
    fr: 'Assurance et contrôle de la qualité',
  },
  {
    code: 'procurement-supply-chain',
    en: 'Procurement and supply chain',
    fr: 'Approvisionnement et chaîne logistique',
  },
  { code: 'other', en: 'Other', fr: 'Autre' },
] as const;
export const jobCategoryCodes = jobCategories.map((c) => c.code) as [
  (typeof jobCategories)[number]['code'],
  ...(typeof jobCategories)[number]['code'][],
];
export const jobCategorySchema = z.enum(jobCategoryCodes, { error: 'errors:JOB_CATEGORY_REQUIRED' });
export type JobCategory = z.infer<typeof jobCategorySchema>;

/** docs/product.md §5: résumé PDF, JPG, JPEG or PNG, at most 5MB (checked by its bytes on the server). */
export const resumeMaxBytes = limits.maxUploadBytes;
export const resumeAcceptedTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const resumeAcceptedExtensions = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const coverLetterMaxLength = 5000;

/** The application's fields (docs/product.md §3); sent as the multipart field `application` (JSON) beside the file `resume`. */
export const careerApplicationInputSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phoneNumber: phoneNumberSchema,
  jobCategory: jobCategorySchema,
  street: z.string().trim().min(3, 'errors:STREET_REQUIRED').max(200),
  province: provinceCodeSchema,
  city: z.string().trim().min(1, 'errors:CITY_REQUIRED').max(100),
  postalCode: z.string().trim().max(10).regex(CANADIAN_POSTAL_CODE, 'errors:POSTAL_CODE_INVALID'),
  coverLetter: z.string().trim().max(coverLetterMaxLength, 'errors:COVER_LETTER_TOO_LONG').default(''),
});
export type CareerApplicationInput = z.input<typeof careerApplicationInputSchema>;

/** `GET /career/prefill`: what the profile and its default address already know. */
export const careerPrefillSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  street: z.string(),
  province: provinceCodeSchema.nullable(),
  city: z.string(),
  postalCode: z.string(),
});
export type CareerPrefill = z.infer<typeof careerPrefillSchema>;

export const resumeFileSchema = z.object({
  filename: z.string(),
  contentType: z.enum(resumeAcceptedTypes),
  bytes: z.number().int().nonnegative(),
});

export const resumeViewSchema = z.object({
  viewerName: z.string(),
  viewedAt: z.string(),
});
export type ResumeView = z.infer<typeof resumeViewSchema>;

/** The applicant's own application (`GET /career`), with who opened the résumé (privacy: right of access). */
export const careerApplicationSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  phoneNumber: z.string(),
  jobCategory: jobCategorySchema,
  street: z.string(),
  province: provinceCodeSchema,
  city: z.string(),
  postalCode: z.string(),
  coverLetter: z.string(),
  resume: resumeFileSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  views: z.array(resumeViewSchema),
});
export type CareerApplication = z.infer<typeof careerApplicationSchema>;
export const careerApplicationResponseSchema = z.object({ application: careerApplicationSchema });
export type CareerApplicationResponse = z.infer<typeof careerApplicationResponseSchema>;

export const careerVerifyEmailRequestSchema = z.object({
  token: z.string().trim().min(1, 'errors:CAREER_VERIFICATION_INVALID').max(200),
});

/** The résumé database's search (premium employers): every filter optional, `q` words of the cover letter. */
export const resumeSearchQuerySchema = pageQuerySchema.extend({
  jobCategory: jobCategorySchema.optional(),
  province: provinceCodeSchema.optional(),
  city: z.string().trim().max(100).optional(),
  q: z.string().trim().max(200).optional(),
});
export type ResumeSearchQuery = z.input<typeof resumeSearchQuerySchema>;
export type ResumeSearchFilters = z.infer<typeof resumeSearchQuerySchema>;

export const resumeSearchItemSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  jobCategory: jobCategorySchema,
  province: provinceCodeSchema,
  city: z.string(),
  coverLetter: z.string(),
  resume: resumeFileSchema,
  createdAt: z.string(),
});
export type ResumeSearchItem = z.infer<typeof resumeSearchItemSchema>;
export const resumeSearchResponseSchema = pagedSchema(resumeSearchItemSchema);
export type ResumeSearchResponse = z.infer<typeof resumeSearchResponseSchema>;

/** Admin console: mark an account a verified business and/or a premium employer. */
export const employerStatusInputSchema = z.object({
  isVerifiedBusiness: z.boolean(),
  isPremiumEmployer: z.boolean(),
});
export type EmployerStatusInput = z.infer<typeof employerStatusInputSchema>;
export const employerStatusSchema = employerStatusInputSchema.extend({
  userId: z.string(),
  email: z.string(),
  fullName: z.string(),
});
export type EmployerStatus = z.infer<typeof employerStatusSchema>;
export const employerStatusParamsSchema = z.object({ userId: z.uuid('errors:NOT_FOUND') });
export const employerLookupQuerySchema = z.object({ email: emailSchema });
