import { sql, type SQL } from 'drizzle-orm';
import type { BlogCard, BlogDetail } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';

/** Landing page (hero, features) and blogs; tables in migration 0220. */

type Row = Record<string, unknown>;
const rows = async (db: Db, query: SQL) => rowsOf<Row>(await db.execute(query));
const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export async function getHeroSettings(db: Db) {
  const [row] = await rows(db, sql`SELECT * FROM hero_settings WHERE id = 1`);
  if (!row) {
    return {
      titleEn: 'Buy Canadian. The B2B hub.',
      titleFr: 'Achetez canadien. Le carrefour B2B.',
      subtitleEn: '',
      subtitleFr: '',
      ctaLabelEn: 'Browse products',
      ctaLabelFr: 'Parcourir les produits',
      ctaPath: '/products',
      imageUrl: '/api/v1/media/hero.svg',
    };
  }
  return {
    titleEn: String(row.title_en),
    titleFr: String(row.title_fr),
    subtitleEn: String(row.subtitle_en),
    subtitleFr: String(row.subtitle_fr),
    ctaLabelEn: String(row.cta_label_en),
    ctaLabelFr: String(row.cta_label_fr),
    ctaPath: String(row.cta_path),
    imageUrl: String(row.image_url),
  };
}

export async function listLandingFeatures(db: Db) {
  return (await rows(db, sql`SELECT * FROM landing_features ORDER BY position, id`)).map((row) => ({
    id: String(row.id),
    icon: String(row.icon),
    titleEn: String(row.title_en),
    titleFr: String(row.title_fr),
    bodyEn: String(row.body_en),
    bodyFr: String(row.body_fr),
    position: Number(row.position),
  }));
}

function toBlogCard(row: Row): BlogCard {
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
    publishedAt: iso(row.published_at),
  };
}

const cardColumns = sql`id, slug, title_en, title_fr, excerpt_en, excerpt_fr, category, cover_url, reading_minutes, published_at`;

/**
 * Published posts, newest first; `tsquery` (the search text as the catalogue's typo vocabulary resolved it)
 * keeps the posts whose title matches, the same condition as the global search's blog group.
 */
export async function listBlogs(
  db: Db,
  page: number,
  pageSize: number,
  category?: string,
  tsquery?: string | null,
) {
  const conditions = [sql`published_at IS NOT NULL AND published_at <= now()`];
  if (category) conditions.push(sql`category = ${category}`);
  if (tsquery !== undefined) conditions.push(blogTextCondition(tsquery));
  const where = sql.join(conditions, sql` AND `);
  const items = await rows(
    db,
    sql`SELECT ${cardColumns} FROM blogs WHERE ${where} ORDER BY published_at DESC, id DESC
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  const [count] = await rows(db, sql`SELECT count(*)::int AS n FROM blogs WHERE ${where}`);
  return { items: items.map(toBlogCard), total: Number(count?.n ?? 0), page, pageSize };
}

export async function getBlog(db: Db, slug: string): Promise<BlogDetail> {
  const [row] = await rows(
    db,
    sql`SELECT * FROM blogs WHERE slug = ${slug} AND published_at IS NOT NULL AND published_at <= now()`,
  );
  if (!row) throw notFound('BLOG_NOT_FOUND', 'Blog post not found');
  return { ...toBlogCard(row), bodyEn: String(row.body_en), bodyFr: String(row.body_fr) };
}

/** A text search that resolved to nothing searchable (only punctuation) matches no post. */
const blogTextCondition = (tsquery: string | null) =>
  tsquery ? sql`search_doc @@ to_tsquery('simple', ${tsquery})` : sql`false`;

/** Blog search for the global search: the first page of `listBlogs` with the same resolved text, no count. */
export async function searchBlogs(db: Db, tsquery: string | null, limit: number): Promise<BlogCard[]> {
  if (!tsquery) return [];
  return (
    await rows(
      db,
      sql`SELECT ${cardColumns} FROM blogs
          WHERE published_at IS NOT NULL AND published_at <= now() AND ${blogTextCondition(tsquery)}
          ORDER BY published_at DESC, id DESC LIMIT ${limit}`,
    )
  ).map(toBlogCard);
}

/** Sitemap reads: how many posts are published, and a stable page of their slugs (by id) with their dates. */
export async function countPublicBlogs(db: Db): Promise<number> {
  const [row] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM blogs WHERE published_at IS NOT NULL AND published_at <= now()`,
  );
  return Number(row?.n ?? 0);
}

export async function publicBlogSlugs(db: Db, offset: number, limit: number) {
  const found = await rows(
    db,
    sql`SELECT slug, published_at FROM blogs WHERE published_at IS NOT NULL AND published_at <= now()
        ORDER BY id LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
  );
  return found.map((row) => ({
    slug: String(row.slug),
    updatedAt: row.published_at ? iso(row.published_at) : null,
  }));
}
