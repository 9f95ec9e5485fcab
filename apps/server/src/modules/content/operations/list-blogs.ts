import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { blogCardColumns, blogRows, blogTextCondition, publishedBlog, toBlogCard } from '../blogs.present';

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
  const conditions = [publishedBlog];
  if (category) conditions.push(sql`category = ${category}`);
  if (tsquery !== undefined) conditions.push(blogTextCondition(tsquery));
  const where = sql.join(conditions, sql` AND `);
  const items = await blogRows(
    db,
    sql`SELECT ${blogCardColumns} FROM blogs WHERE ${where} ORDER BY published_at DESC, id DESC
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  const [count] = await blogRows(db, sql`SELECT count(*)::int AS n FROM blogs WHERE ${where}`);
  return { items: items.map(toBlogCard), total: Number(count?.n ?? 0), page, pageSize };
}
