import { sql, type SQL } from 'drizzle-orm';
import type { Review } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf, type Tx } from '../../db/transaction';
import type { DomainEvents } from '../../plugins/events';
import type { CatalogService } from '../catalog';

/** What the review operations use: the catalogue's door (item checks) and the events (rating changes). */
export interface ReviewsDeps {
  catalog: CatalogService;
  events: DomainEvents;
}

export type Kind = 'product' | 'service';
/** This module reads and writes its tables with raw SQL and row records (decision 310). */
export const reviewTables = {
  product: { reviews: 'product_reviews', fk: 'product_id' },
  service: { reviews: 'service_reviews', fk: 'service_id' },
} as const;

type Row = Record<string, unknown>;
export const rows = async (db: Db, query: SQL) => rowsOf<Row>(await db.execute(query));

export function toReview(row: Row, userId: string | null): Review {
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
export async function ratingOf(db: Db, kind: Kind, id: number) {
  const t = reviewTables[kind];
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

/** Announces the item's new rating as `review.changed` in the transaction that changed its reviews. */
export async function announceRating(
  events: DomainEvents,
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
export const lockItem = (tx: Tx, kind: Kind, id: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`reviews:${kind}:${id}`}, 0))`);
