import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ratingOf, reviewTables, rows, toReview, type Kind, type ReviewsDeps } from '../review-rows';

/** A page of an active item's reviews, newest first, with the rating counted from this module's rows. */
export async function listReviews(
  deps: ReviewsDeps,
  db: Db,
  kind: Kind,
  idOrSlug: string,
  userId: string | null,
  page: number,
  pageSize: number,
) {
  const t = reviewTables[kind];
  const id = await deps.catalog.resolveActiveItemId(db, kind, idOrSlug);
  const items = await rows(
    db,
    sql`SELECT * FROM ${sql.raw(t.reviews)} WHERE ${sql.raw(t.fk)} = ${id}
        ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  // The reviews are this module's: their count and average are read here, not from the catalogue's copy.
  const stats = await ratingOf(db, kind, id);
  return {
    items: items.map((row) => toReview(row, userId)),
    total: stats.ratingCount,
    page,
    pageSize,
    ratingAvg: stats.ratingAvg,
    ratingCount: stats.ratingCount,
  };
}
