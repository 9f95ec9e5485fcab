import { sql, type SQL } from 'drizzle-orm';
import type { Review } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { conflict, forbidden, notFound } from '../../plugins/errors';

/**
 * Reviews of products and services: one per buyer per item (unique index), rating 1–5, optional comment;
 * only the author deletes theirs. The item's rating_avg/rating_count are recomputed in the same transaction.
 */

type Kind = 'product' | 'service';
const tables = {
  product: { reviews: 'product_reviews', items: 'products', fk: 'product_id' },
  service: { reviews: 'service_reviews', items: 'services', fk: 'service_id' },
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

async function itemId(db: Db, kind: Kind, idOrSlug: string): Promise<number> {
  const t = tables[kind];
  const by = /^\d{1,15}$/.test(idOrSlug) ? sql`id = ${Number(idOrSlug)}` : sql`slug = ${idOrSlug}`;
  const [row] = await rows(db, sql`SELECT id FROM ${sql.raw(t.items)} WHERE ${by} AND status = 'active'`);
  if (!row) {
    throw kind === 'product'
      ? notFound('PRODUCT_NOT_FOUND', 'Product Not Found')
      : notFound('SERVICE_NOT_FOUND', 'Service not found');
  }
  return Number(row.id);
}

export async function listReviews(
  db: Db,
  kind: Kind,
  idOrSlug: string,
  userId: string | null,
  page: number,
  pageSize: number,
) {
  const t = tables[kind];
  const id = await itemId(db, kind, idOrSlug);
  const items = await rows(
    db,
    sql`SELECT * FROM ${sql.raw(t.reviews)} WHERE ${sql.raw(t.fk)} = ${id}
        ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  const [stats] = await rows(
    db,
    sql`SELECT rating_avg, rating_count FROM ${sql.raw(t.items)} WHERE id = ${id}`,
  );
  return {
    items: items.map((row) => toReview(row, userId)),
    total: Number(stats?.rating_count ?? 0),
    page,
    pageSize,
    ratingAvg: Number(stats?.rating_avg ?? 0),
    ratingCount: Number(stats?.rating_count ?? 0),
  };
}

async function refreshRating(db: Db, kind: Kind, id: number) {
  const t = tables[kind];
  await db.execute(sql`
    UPDATE ${sql.raw(t.items)} SET
      rating_avg = coalesce((SELECT round(avg(rating)::numeric, 2)::double precision FROM ${sql.raw(t.reviews)} WHERE ${sql.raw(t.fk)} = ${id}), 0),
      rating_count = (SELECT count(*)::int FROM ${sql.raw(t.reviews)} WHERE ${sql.raw(t.fk)} = ${id})
    WHERE id = ${id}`);
}

export async function addReview(
  db: Db,
  kind: Kind,
  user: { id: string; fullName: string },
  idOrSlug: string,
  rating: number,
  comment: string | undefined,
): Promise<Review> {
  const t = tables[kind];
  const id = await itemId(db, kind, idOrSlug);
  return db.transaction(async (tx) => {
    const inserted = await rows(
      tx,
      sql`INSERT INTO ${sql.raw(t.reviews)} (${sql.raw(t.fk)}, user_id, author_name, rating, comment)
          VALUES (${id}, ${user.id}, ${user.fullName.slice(0, 120)}, ${rating}, ${comment ? comment : null})
          ON CONFLICT (${sql.raw(t.fk)}, user_id) WHERE user_id IS NOT NULL DO NOTHING
          RETURNING *`,
    );
    if (inserted.length === 0) throw conflict('REVIEW_EXISTS', 'You have already reviewed this item');
    await refreshRating(tx, kind, id);
    return toReview(inserted[0]!, user.id);
  });
}

export async function deleteReview(db: Db, kind: Kind, userId: string, reviewId: string) {
  const t = tables[kind];
  if (!/^\d{1,15}$/.test(reviewId)) throw notFound('REVIEW_NOT_FOUND', 'Review not found');
  await db.transaction(async (tx) => {
    const [row] = await rows(
      tx,
      sql`SELECT * FROM ${sql.raw(t.reviews)} WHERE id = ${Number(reviewId)} FOR UPDATE`,
    );
    if (!row) throw notFound('REVIEW_NOT_FOUND', 'Review not found');
    if (row.user_id !== userId) throw forbidden('REVIEW_NOT_OWNER', 'You can only delete your own review');
    await tx.execute(sql`DELETE FROM ${sql.raw(t.reviews)} WHERE id = ${Number(reviewId)}`);
    await refreshRating(tx, kind, Number(row[t.fk]));
  });
}

/**
 * Removes every review the user wrote (account deletion) and recomputes the ratings of the items they were on,
 * in the caller's transaction.
 */
export async function deleteReviewsOfUser(db: Db, userId: string): Promise<void> {
  for (const kind of ['product', 'service'] as const) {
    const t = tables[kind];
    const deleted = await rows(
      db,
      sql`DELETE FROM ${sql.raw(t.reviews)} WHERE user_id = ${userId} RETURNING ${sql.raw(t.fk)} AS item_id`,
    );
    const itemIds = [...new Set(deleted.map((row) => Number(row.item_id)))].sort((a, b) => a - b);
    for (const id of itemIds) await refreshRating(db, kind, id);
  }
}
