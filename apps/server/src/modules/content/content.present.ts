import type { GlobalParagraph, SeoEntryAdmin } from '@maplesource/contracts';
import { notFound } from '../../plugins/errors';
import type { globalParagraphs, seoEntries } from './content.tables';

/**
 * What the content operations share: the not-found errors, the admin search's LIKE pattern, the unique-index
 * check, and an SEO entry or a global paragraph as the API shows it.
 */
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A unique index refused the write (PostgreSQL 23505), as the driver or Drizzle's wrapper reports it. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export const seoNotFound = () => notFound('SEO_NOT_FOUND', 'No SEO entry with this id');

export const globalParagraphNotFound = () =>
  notFound('GLOBAL_PARAGRAPH_NOT_FOUND', 'No global paragraph with this id');

type SeoRow = typeof seoEntries.$inferSelect;
export const seoToAdmin = (r: SeoRow): SeoEntryAdmin => ({
  id: r.id,
  path: r.path,
  code: r.code,
  updatedBy: r.updatedBy,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

type ParagraphRow = typeof globalParagraphs.$inferSelect;
export const paragraphOut = (r: ParagraphRow): GlobalParagraph => ({
  id: r.id,
  path: r.path,
  textEn: r.textEn,
  textFr: r.textFr,
  updatedAt: iso(r.updatedAt),
});
