import { sql, type SQL } from 'drizzle-orm';
import type { AdminBlog, BlogCard } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';
import type { blogs } from './blogs.tables';
import { iso } from './content.present';

/**
 * What the landing-page and blog operations share (tables in migration 0220): the rows of a `sql` read, a post as
 * a card, as the admin sees it, and the public posts' text-search condition. The public reads are `sql` for the
 * full-text search (decision 310 confines the content module's raw SQL to what the builder cannot say).
 */
export type BlogSqlRow = Record<string, unknown>;

export const blogRows = async (db: Db, query: SQL) => rowsOf<BlogSqlRow>(await db.execute(query));

/** A timestamp of a `sql` row (a Date or the driver's text) as ISO 8601. */
export const rowIso = (value: unknown) => iso(value instanceof Date ? value : String(value));

export function toBlogCard(row: BlogSqlRow): BlogCard {
  return {
    id: String(row.id),
    slug: String(row.slug),
    titleEn: String(row.title_en),
    titleFr: String(row.title_fr),
    excerptEn: String(row.excerpt_en),
    excerptFr: String(row.excerpt_fr),
    category: String(row.category),
    coverUrl: String(row.cover_url),
    readingMinutes: Number(row.reading_minutes),
    publishedAt: rowIso(row.published_at),
  };
}

/** The columns `toBlogCard` reads. */
export const blogCardColumns = sql`id, slug, title_en, title_fr, excerpt_en, excerpt_fr, category, cover_url, reading_minutes, published_at`;

/** A published post: published, and not in the future. */
export const publishedBlog = sql`published_at IS NOT NULL AND published_at <= now()`;

/** A text search that resolved to nothing searchable (only punctuation) matches no post. */
export const blogTextCondition = (tsquery: string | null) =>
  tsquery ? sql`search_doc @@ to_tsquery('simple', ${tsquery})` : sql`false`;

type BlogRow = typeof blogs.$inferSelect;
export const blogToAdmin = (r: BlogRow): AdminBlog => ({
  id: String(r.id),
  slug: r.slug,
  titleEn: r.titleEn,
  titleFr: r.titleFr,
  excerptEn: r.excerptEn,
  excerptFr: r.excerptFr,
  bodyEn: r.bodyEn,
  bodyFr: r.bodyFr,
  category: r.category,
  coverUrl: r.coverUrl,
  published: r.publishedAt !== null,
  readingMinutes: r.readingMinutes,
  publishedAt: r.publishedAt === null ? null : iso(r.publishedAt),
  createdAt: iso(r.createdAt),
});

export const adminBlogNotFound = () => notFound('ADMIN_ENTITY_NOT_FOUND', 'No blog post with this id');

/** The admin's blog id as the table's key; an id that cannot be one names no post. */
export const blogKey = (id: string) => {
  const key = Number(id);
  if (!Number.isSafeInteger(key)) throw adminBlogNotFound();
  return key;
};
