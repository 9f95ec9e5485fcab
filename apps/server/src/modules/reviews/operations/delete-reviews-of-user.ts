import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/transaction';
import { announceRating, lockItem, reviewTables, rows, type ReviewsDeps } from '../review-rows';

/**
 * Removes every review the user wrote (account deletion), in the caller's transaction, and announces each
 * item's new rating.
 */
export async function deleteReviewsOfUser(deps: ReviewsDeps, tx: Tx, userId: string): Promise<void> {
  for (const kind of ['product', 'service'] as const) {
    const t = reviewTables[kind];
    const deleted = await rows(
      tx,
      sql`DELETE FROM ${sql.raw(t.reviews)} WHERE user_id = ${userId}
          RETURNING id, ${sql.raw(t.fk)} AS item_id`,
    );
    const byItem = new Map<number, string>();
    for (const row of deleted) byItem.set(Number(row.item_id), String(row.id));
    for (const [itemId, reviewId] of [...byItem].sort((a, b) => a[0] - b[0])) {
      await lockItem(tx, kind, itemId);
      await announceRating(deps.events, tx, kind, itemId, reviewId, 'deleted');
    }
  }
}
