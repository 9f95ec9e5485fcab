import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { blogRows, publishedBlog, rowIso } from '../blogs.present';

/** Sitemap read: a stable page of the published posts' slugs (by id) with their dates. */
export async function listPublicBlogSlugs(db: Db, offset: number, limit: number) {
  const found = await blogRows(
    db,
    sql`SELECT slug, published_at FROM blogs WHERE ${publishedBlog}
        ORDER BY id LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
  );
  return found.map((row) => ({
    slug: String(row.slug),
    updatedAt: row.published_at ? rowIso(row.published_at) : null,
  }));
}
