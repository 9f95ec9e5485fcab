import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { blogRows, publishedBlog } from '../blogs.present';

/** Sitemap read: how many posts are published. */
export async function countPublicBlogs(db: Db): Promise<number> {
  const [row] = await blogRows(db, sql`SELECT count(*)::int AS n FROM blogs WHERE ${publishedBlog}`);
  return Number(row?.n ?? 0);
}
