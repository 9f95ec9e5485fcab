import { count, ilike, or } from 'drizzle-orm';
import type { GlobalParagraph, Paged } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { likePattern, paragraphOut } from '../content.present';
import { globalParagraphs } from '../content.tables';

/** The admin's global paragraphs by path, optionally those whose path or English text contains `q`. */
export async function listGlobalParagraphs(
  db: Db,
  page: number,
  pageSize: number,
  q?: string,
): Promise<Paged<GlobalParagraph>> {
  const where = q
    ? or(
        ilike(globalParagraphs.path, likePattern(q.toLowerCase())),
        ilike(globalParagraphs.textEn, likePattern(q)),
      )
    : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(globalParagraphs)
      .where(where)
      .orderBy(globalParagraphs.path, globalParagraphs.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(globalParagraphs).where(where),
  ]);
  return { items: rows.map(paragraphOut), total: Number(total), page, pageSize };
}
