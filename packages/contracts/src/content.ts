import { z } from 'zod';
import { pagedSchema } from './common';

/** Content domain (issue 5): global paragraphs, SEO entries, admin audit log, site settings. */

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

/** Spec §3 SEO lookup result (`GET seo/by-path`). */
export const seoEntrySchema = z.object({ path: z.string(), code: z.string() });
export const seoByPathQuerySchema = z.object({ path: z.string().min(1).max(500) });
export type SeoByPathQuery = z.infer<typeof seoByPathQuerySchema>;

/** A page path as stored: starts with `/`, lowercase, no query. */
export const contentPathSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^\/[^\s?#]*$/, 'must be a path starting with /');

/** Spec §7: global-paragraph by path — admin-written text blocks shown on listing pages. */
export const globalParagraphSchema = z.object({
  id: z.string(),
  path: z.string(),
  textEn: z.string(),
  textFr: z.string(),
  updatedAt: z.string(),
});
export type GlobalParagraph = z.infer<typeof globalParagraphSchema>;
export const globalParagraphQuerySchema = z.object({ path: z.string().min(1).max(500) });

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

export const adminListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
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
