import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { forbidden, notFound } from '../../../plugins/errors';
import { announceRating, lockItem, reviewTables, rows, type Kind, type ReviewsDeps } from '../review-rows';

/** Only the author deletes their review; the item's new rating is announced. */
export async function deleteReview(deps: ReviewsDeps, db: Db, kind: Kind, userId: string, reviewId: string) {
  const t = reviewTables[kind];
  if (!/^\d{1,15}$/.test(reviewId)) throw notFound('REVIEW_NOT_FOUND', 'Review not found');
  await db.transaction(async (tx) => {
    const [row] = await rows(
      tx,
      sql`SELECT * FROM ${sql.raw(t.reviews)} WHERE id = ${Number(reviewId)} FOR UPDATE`,
    );
    if (!row) throw notFound('REVIEW_NOT_FOUND', 'Review not found');
    if (row.user_id !== userId) throw forbidden('REVIEW_NOT_OWNER', 'You can only delete your own review');
    const itemId = Number(row[t.fk]);
    await lockItem(tx, kind, itemId);
    await tx.execute(sql`DELETE FROM ${sql.raw(t.reviews)} WHERE id = ${Number(reviewId)}`);
    await announceRating(deps.events, tx, kind, itemId, reviewId, 'deleted');
  });
}
