import { sql } from 'drizzle-orm';
import type { Review } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { conflict } from '../../../plugins/errors';
import {
  announceRating,
  lockItem,
  reviewTables,
  rows,
  toReview,
  type Kind,
  type ReviewsDeps,
} from '../review-rows';

/** One review per buyer per item (the unique index answers REVIEW_EXISTS); the new rating is announced. */
export async function addReview(
  deps: ReviewsDeps,
  db: Db,
  kind: Kind,
  user: { id: string; fullName: string },
  idOrSlug: string,
  rating: number,
  comment: string | undefined,
): Promise<Review> {
  const t = reviewTables[kind];
  const id = await deps.catalog.resolveActiveItemId(db, kind, idOrSlug);
  return db.transaction(async (tx) => {
    await lockItem(tx, kind, id);
    const inserted = await rows(
      tx,
      sql`INSERT INTO ${sql.raw(t.reviews)} (${sql.raw(t.fk)}, user_id, author_name, rating, comment)
          VALUES (${id}, ${user.id}, ${user.fullName.slice(0, 120)}, ${rating}, ${comment ? comment : null})
          ON CONFLICT (${sql.raw(t.fk)}, user_id) WHERE user_id IS NOT NULL DO NOTHING
          RETURNING *`,
    );
    if (inserted.length === 0) throw conflict('REVIEW_EXISTS', 'You have already reviewed this item');
    await announceRating(deps.events, tx, kind, id, String(inserted[0]!.id), 'created');
    return toReview(inserted[0]!, user.id);
  });
}
