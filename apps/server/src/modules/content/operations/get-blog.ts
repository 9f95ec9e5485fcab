import { sql } from 'drizzle-orm';
import type { BlogDetail } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { notFound } from '../../../plugins/errors';
import { blogRows, publishedBlog, toBlogCard } from '../blogs.present';

/** One published post by its slug, with its bodies. */
export async function getBlog(db: Db, slug: string): Promise<BlogDetail> {
  const [row] = await blogRows(db, sql`SELECT * FROM blogs WHERE slug = ${slug} AND ${publishedBlog}`);
  if (!row) throw notFound('BLOG_NOT_FOUND', 'Blog post not found');
  return { ...toBlogCard(row), bodyEn: String(row.body_en), bodyFr: String(row.body_fr) };
}
