import { sql, type SQL } from 'drizzle-orm';
import type { Review } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf, type Tx } from '../../db/transaction';
import { conflict, forbidden, notFound } from '../../plugins/errors';
import type { DomainEvents } from '../../plugins/events';
import type { CatalogService } from '../catalog';

/**
 * Reviews of products and services: one per buyer per item (unique index), rating 1–5, optional comment;
 * only the author deletes theirs. Each change computes the item's rating from this module's reviews, under a
 * per-item lock (so `ratedAt` increases per item), and announces it as `review.changed` in the same
 * transaction; the catalogue, which owns the rating columns, stores it (catalog.subscribers.ts).
 */

type Kind = 'product' | 'service';
const tables = {
  product: { reviews: 'product_reviews', fk: 'product_id' },
  service: { reviews: 'service_reviews', fk: 'service_id' },
} as const;

type Row = Record<string, unknown>;
const rows = async (db: Db, query: SQL) => rowsOf<Row>(await db.execute(query));

function toReview(row: Row, userId: string | null): Review {
  return {
    id: String(row.id),
    rating: Number(row.rating),
    comment: row.comment === null || row.comment === undefined ? null : String(row.comment),
    authorName: String(row.author_name),
    mine: userId !== null && row.user_id === userId,
    createdAt: (row.created_at instanceof Date
      ? row.created_at
      : new Date(String(row.created_at))
    ).toISOString(),
  };
}

/** An item's rating from its reviews, and when it was computed (after the item's lock was taken). */
async function ratingOf(db: Db, kind: Kind, id: number) {
  const t = tables[kind];
  const [stats] = await rows(
    db,
    sql`SELECT coalesce(round(avg(rating)::numeric, 2)::double precision, 0) AS rating_avg,
          count(*)::int AS rating_count, clock_timestamp() AS rated_at
        FROM ${sql.raw(t.reviews)} WHERE ${sql.raw(t.fk)} = ${id}`,
  );
  const ratedAt = stats?.rated_at instanceof Date ? stats.rated_at : new Date(String(stats?.rated_at));
  return {
    ratingAvg: Number(stats?.rating_avg ?? 0),
    ratingCount: Number(stats?.rating_count ?? 0),
    ratedAt: ratedAt.toISOString(),
  };
}

/**
 * The reviews service (`app.reviews`); every method takes the database or transaction it runs in first.
 * It checks items through the catalogue's door and announces rating changes as events.
 */
export function createReviewsService(catalog: CatalogService, events: DomainEvents) {
  async function announce(
    tx: Tx,
    kind: Kind,
    id: number,
    reviewId: string,
    change: 'created' | 'deleted',
  ): Promise<void> {
    const rating = await ratingOf(tx, kind, id);
    await events.emit('review.changed', { itemKind: kind, itemId: id, reviewId, change, ...rating }, tx);
  }

  /** Serialises rating updates of one item (released at commit or rollback). */
  const lockItem = (tx: Tx, kind: Kind, id: number) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`reviews:${kind}:${id}`}, 0))`);

  async function listReviews(
    db: Db,
    kind: Kind,
    idOrSlug: string,
    userId: string | null,
    page: number,
    pageSize: number,
  ) {
    const t = tables[kind];
    const id = await catalog.resolveActiveItemId(db, kind, idOrSlug);
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

  async function addReview(
    db: Db,
    kind: Kind,
    user: { id: string; fullName: string },
    idOrSlug: string,
    rating: number,
    comment: string | undefined,
  ): Promise<Review> {
    const t = tables[kind];
    const id = await catalog.resolveActiveItemId(db, kind, idOrSlug);
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
      await announce(tx, kind, id, String(inserted[0]!.id), 'created');
      return toReview(inserted[0]!, user.id);
    });
  }

  async function deleteReview(db: Db, kind: Kind, userId: string, reviewId: string) {
    const t = tables[kind];
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
      await announce(tx, kind, itemId, reviewId, 'deleted');
    });
  }

  /**
   * Removes every review the user wrote (account deletion), in the caller's transaction, and announces each
   * item's new rating.
   */
  async function deleteReviewsOfUser(tx: Tx, userId: string): Promise<void> {
    for (const kind of ['product', 'service'] as const) {
      const t = tables[kind];
      const deleted = await rows(
        tx,
        sql`DELETE FROM ${sql.raw(t.reviews)} WHERE user_id = ${userId}
            RETURNING id, ${sql.raw(t.fk)} AS item_id`,
      );
      const byItem = new Map<number, string>();
      for (const row of deleted) byItem.set(Number(row.item_id), String(row.id));
      for (const [itemId, reviewId] of [...byItem].sort((a, b) => a[0] - b[0])) {
        await lockItem(tx, kind, itemId);
        await announce(tx, kind, itemId, reviewId, 'deleted');
      }
    }
  }

  /** The id of the review this user wrote of the item, or null (a visitor, or no review yet). */
  async function myReviewId(
    db: Db,
    input: { kind: Kind; itemId: number; userId: string | null },
  ): Promise<string | null> {
    if (!input.userId) return null;
    const t = tables[input.kind];
    const [mine] = await rows(
      db,
      sql`SELECT id FROM ${sql.raw(t.reviews)} WHERE user_id = ${input.userId} AND ${sql.raw(t.fk)} = ${input.itemId}`,
    );
    return mine ? String(mine.id) : null;
  }

  return { listReviews, addReview, deleteReview, deleteReviewsOfUser, myReviewId };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
