import { sql } from 'drizzle-orm';
import type { BlogCard } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { blogCardColumns, blogRows, blogTextCondition, publishedBlog, toBlogCard } from '../blogs.present';

/** Blog search for the global search: the first page of `listBlogs` with the same resolved text, no count. */
export async function searchBlogs(db: Db, tsquery: string | null, limit: number): Promise<BlogCard[]> {
  if (!tsquery) return [];
  return (
    await blogRows(
      db,
      sql`SELECT ${blogCardColumns} FROM blogs
          WHERE ${publishedBlog} AND ${blogTextCondition(tsquery)}
          ORDER BY published_at DESC, id DESC LIMIT ${limit}`,
    )
  ).map(toBlogCard);
}
