import { count, desc } from 'drizzle-orm';
import type { AdminBlog, Paged } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { blogToAdmin } from '../blogs.present';
import { blogs } from '../blogs.tables';

/** Every post, drafts included, newest first (the admin console). */
export async function listBlogsForAdmin(db: Db, page: number, pageSize: number): Promise<Paged<AdminBlog>> {
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(blogs)
      .orderBy(desc(blogs.createdAt), desc(blogs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(blogs),
  ]);
  return { items: rows.map(blogToAdmin), total: Number(total), page, pageSize };
}
