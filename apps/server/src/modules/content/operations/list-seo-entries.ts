import { count, ilike } from 'drizzle-orm';
import type { Paged, SeoEntryAdmin } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { likePattern, seoToAdmin } from '../content.present';
import { seoEntries } from '../content.tables';

/** The admin's SEO entries by path, optionally those whose path contains `q`. */
export async function listSeoEntries(
  db: Db,
  page: number,
  pageSize: number,
  q?: string,
): Promise<Paged<SeoEntryAdmin>> {
  const where = q ? ilike(seoEntries.path, likePattern(q.toLowerCase())) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(seoEntries)
      .where(where)
      .orderBy(seoEntries.path, seoEntries.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(seoEntries).where(where),
  ]);
  return { items: rows.map(seoToAdmin), total: Number(total), page, pageSize };
}
