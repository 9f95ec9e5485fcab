import { z } from 'zod';
import { multilineTextSchema, nameTextSchema, safeUrlSchema } from './safe-text';
import { pagedSchema, pageQuerySchema } from './common';
import { businessTypeSchema } from './catalog';
import { provinceCodeSchema } from './provinces';

/** Content domain: global paragraphs, SEO entries, admin audit log, site settings. */

export const contentErrorCodes = [
  'SEO_NOT_FOUND',
  'GLOBAL_PARAGRAPH_NOT_FOUND',
  'SEO_PATH_TAKEN',
  'GLOBAL_PARAGRAPH_PATH_TAKEN',
  'SEO_MARKUP_EMPTY',
  'ADMIN_ENTITY_NOT_FOUND',
  'ADMIN_TARGET_UNAVAILABLE',
] as const;
export type ContentErrorCode = (typeof contentErrorCodes)[number];

/** docs/product.md §3 SEO lookup result (`GET seo/by-path`). */
export const seoEntrySchema = z.object({ path: z.string(), code: z.string() });
export const seoByPathQuerySchema = z.object({
  path: z.string().min(1).max(500),
  /** `1`: answer 204 instead of 404 when there is no entry (the web client: no console error per page view). */
  optional: z.enum(['0', '1']).optional(),
});
export type SeoByPathQuery = z.infer<typeof seoByPathQuerySchema>;

/** A page path as stored: starts with `/`, lowercase, no query. */
export const contentPathSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^\/[^\s?#]*$/, 'must be a path starting with /');

/** docs/product.md §7: global-paragraph by path — admin-written text blocks shown on listing pages. */
export const globalParagraphSchema = z.object({
  id: z.string(),
  path: z.string(),
  textEn: z.string(),
  textFr: z.string(),
  updatedAt: z.string(),
});
export type GlobalParagraph = z.infer<typeof globalParagraphSchema>;
export const globalParagraphQuerySchema = z.object({
  path: z.string().min(1).max(500),
  /** `1`: a path without a paragraph answers 204 (no content) instead of 404, so pages log no error. */
  optional: z.enum(['0', '1']).optional(),
});

export const globalParagraphInputSchema = z.object({
  path: contentPathSchema,
  textEn: z.string().trim().min(1).max(5000),
  textFr: z.string().trim().min(1).max(5000),
});
export type GlobalParagraphInput = z.infer<typeof globalParagraphInputSchema>;

export const seoEntryAdminSchema = z.object({
  id: z.string(),
  path: z.string(),
  code: z.string(),
  updatedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SeoEntryAdmin = z.infer<typeof seoEntryAdminSchema>;

export const seoEntryInputSchema = z.object({
  path: contentPathSchema,
  code: z.string().max(20_000),
});
export type SeoEntryInput = z.infer<typeof seoEntryInputSchema>;

export const adminListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const seoEntryListSchema = pagedSchema(seoEntryAdminSchema);
export const globalParagraphListSchema = pagedSchema(globalParagraphSchema);

export const auditEntrySchema = z.object({
  id: z.string(),
  actorUserId: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = pagedSchema(auditEntrySchema);

/** Admin preview: the head the resolver would apply for a path with the submitted markup. */
export const seoPreviewRequestSchema = z.object({ path: contentPathSchema, code: z.string().max(20_000) });
export const seoPreviewResponseSchema = z.object({
  sanitizedCode: z.string(),
  head: z.object({
    title: z.string().nullable(),
    description: z.string().nullable(),
    canonical: z.string(),
    robots: z.string(),
    meta: z.array(
      z.object({ attribute: z.enum(['name', 'property']), key: z.string(), content: z.string() }),
    ),
    scripts: z.array(
      z.union([
        z.object({ kind: z.literal('json-ld'), json: z.string() }),
        z.object({ kind: z.literal('external'), src: z.string(), async: z.boolean(), defer: z.boolean() }),
      ]),
    ),
    matchedPath: z.string().nullable(),
  }),
});
export type SeoPreviewResponse = z.infer<typeof seoPreviewResponseSchema>;

// ---------- admin edits of landing page, blogs, categories and sellers ----------

/** Single-line names, titles and labels (decision 057: no control characters, bidi overrides or invisible-only). */
const text = (max: number) => nameTextSchema({ max });
/** Multi-line text: excerpts, Markdown bodies. */
const paragraphs = (max: number, min = 1) => multilineTextSchema({ min, max });

export const heroSettingsInputSchema = z.object({
  titleEn: text(200),
  titleFr: text(200),
  subtitleEn: paragraphs(500, 0),
  subtitleFr: paragraphs(500, 0),
  ctaLabelEn: text(60),
  ctaLabelFr: text(60),
  ctaPath: contentPathSchema,
  imageUrl: safeUrlSchema(1000),
});
export type HeroSettingsInput = z.infer<typeof heroSettingsInputSchema>;

export const landingFeatureInputSchema = z.object({
  icon: text(60),
  titleEn: text(120),
  titleFr: text(120),
  bodyEn: paragraphs(400, 0),
  bodyFr: paragraphs(400, 0),
});
export const landingFeaturesInputSchema = z.object({ items: z.array(landingFeatureInputSchema).max(12) });
export type LandingFeaturesInput = z.infer<typeof landingFeaturesInputSchema>;

export const blogSlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase letters, digits and hyphens');

/** A blog post as the admin writes it: Markdown bodies (images by URL), EN and FR. */
export const blogInputSchema = z.object({
  slug: blogSlugSchema,
  titleEn: text(200),
  titleFr: text(200),
  excerptEn: paragraphs(500),
  excerptFr: paragraphs(500),
  bodyEn: paragraphs(100_000),
  bodyFr: paragraphs(100_000),
  category: text(60),
  coverUrl: safeUrlSchema(1000),
  /** Published now when true and not yet published; a draft when false. */
  published: z.boolean(),
});
export type BlogInput = z.infer<typeof blogInputSchema>;

export const adminBlogSchema = blogInputSchema.extend({
  id: z.string(),
  readingMinutes: z.number().int().min(1),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminBlog = z.infer<typeof adminBlogSchema>;
export const adminBlogListSchema = pagedSchema(adminBlogSchema);

export const categoryNamesInputSchema = z.object({ nameEn: text(120), nameFr: text(120) });
export type CategoryNamesInput = z.infer<typeof categoryNamesInputSchema>;
export const adminCategorySchema = z.object({
  id: z.string(),
  kind: z.enum(['product', 'service']),
  slug: z.string(),
  parentId: z.string().nullable(),
  nameEn: z.string(),
  nameFr: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryListSchema = z.object({ items: z.array(adminCategorySchema) });

export const sellerVerifiedInputSchema = z.object({ verified: z.boolean() });
export const adminSellerSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  verified: z.boolean(),
});
export type AdminSeller = z.infer<typeof adminSellerSchema>;
/** A storefront as the admin console edits it (list rows, profile edits and their audit before/after). */
export const adminSellerProfileSchema = adminSellerSchema.extend({
  city: z.string(),
  province: provinceCodeSchema,
  businessType: businessTypeSchema,
});
export type AdminSellerProfile = z.infer<typeof adminSellerProfileSchema>;
export const adminSellerListSchema = pagedSchema(adminSellerProfileSchema);
/** Admin edit of a storefront: any of name, city, province, business type (copied onto its items). */
export const sellerProfileInputSchema = z
  .object({
    name: text(200).optional(),
    city: text(120).optional(),
    province: provinceCodeSchema.optional(),
    businessType: businessTypeSchema.optional(),
  })
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    message: 'Change at least one field',
  });
export type SellerProfileInput = z.infer<typeof sellerProfileInputSchema>;

/** Admin rename of a product or a service, looked up by numeric id or slug (the slug stays). */
export const catalogItemKinds = ['product', 'service'] as const;
export const adminCatalogItemParamsSchema = z.object({
  kind: z.enum(catalogItemKinds),
  idOrSlug: z.string().trim().min(1).max(300),
});
export const catalogItemNamesInputSchema = z.object({ nameEn: text(200), nameFr: text(200) });
export type CatalogItemNamesInput = z.infer<typeof catalogItemNamesInputSchema>;
export const adminCatalogItemSchema = z.object({
  id: z.string(),
  kind: z.enum(catalogItemKinds),
  slug: z.string(),
  nameEn: z.string(),
  nameFr: z.string(),
});
export type AdminCatalogItem = z.infer<typeof adminCatalogItemSchema>;

/** Admin image upload (blogs, "Markdown with images"): one JPEG, PNG or WebP ≤ 5 MB, stored as WebP. */
export const adminUploadMaxBytes = 5 * 1024 * 1024;
export const adminUploadMaxWidth = 1600;
export const adminUploadAcceptedTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const adminUploadResponseSchema = z.object({
  /** Same-origin address to put in Markdown: `/uploads/<sha256>.webp`. */
  url: z.string(),
  name: z.string(),
  contentType: z.literal('image/webp'),
  bytes: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type AdminUploadResponse = z.infer<typeof adminUploadResponseSchema>;
