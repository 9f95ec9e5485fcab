import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { rowsOf, withTransaction } from '../../db/transaction';
import { seedCatalog } from '../../seed/catalog';

/** The catalogue stores ratings from `review.changed` (decision 061): newest wins, whatever the order. */
let t: TestApp;
let productId: number;
let reviewedId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog({
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 30 },
  });
  [productId, reviewedId] = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`SELECT id FROM products WHERE status = 'active' ORDER BY id LIMIT 2`),
  ).map((row) => Number(row.id)) as [number, number];
});
afterAll(async () => {
  await t?.close();
});

const rating = async (id = productId) =>
  rowsOf<{ rating_avg: number; rating_count: number }>(
    await t.database.db.execute(sql`SELECT rating_avg, rating_count FROM products WHERE id = ${id}`),
  ).map((row) => ({ avg: Number(row.rating_avg), count: Number(row.rating_count) }))[0];

const announce = (ratingAvg: number, ratingCount: number, ratedAt: string) =>
  withTransaction(t.database.db, (tx) =>
    t.app.events.emit(
      'review.changed',
      {
        itemKind: 'product',
        itemId: productId,
        reviewId: '1',
        change: 'created',
        ratingAvg,
        ratingCount,
        ratedAt,
      },
      tx,
    ),
  );

describe('catalogue ratings from review.changed', () => {
  it('stores the rating an event carries', async () => {
    await announce(4.5, 2, '2030-01-01T00:00:02.000Z');
    await t.app.events.drain();
    expect(await rating()).toEqual({ avg: 4.5, count: 2 });
  });

  it('keeps the newest rating when an older one arrives later', async () => {
    await announce(3, 3, '2030-01-01T00:00:03.000Z');
    await announce(1, 1, '2030-01-01T00:00:01.000Z');
    await t.app.events.drain();
    expect(await rating()).toEqual({ avg: 3, count: 3 });
  });

  it('follows a real review through the reviews module', async () => {
    const [user] = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash, roles)
            VALUES (gen_random_uuid(), 'R1', 'Rita Review', 'rita@example.ca', '+16135550101', 'x', '{buyer}')
            RETURNING id`,
      ),
    );
    const before = await t.app.reviews.listReviews(
      t.database.db,
      'product',
      String(reviewedId),
      null,
      1,
      100,
    );
    await t.app.reviews.addReview(
      t.database.db,
      'product',
      { id: user!.id, fullName: 'Rita Review' },
      String(reviewedId),
      5,
      undefined,
    );
    await t.app.events.drain();
    const after = await t.app.reviews.listReviews(t.database.db, 'product', String(reviewedId), null, 1, 100);
    expect(after.ratingCount).toBe(before.ratingCount + 1);
    expect(await rating(reviewedId)).toEqual({ avg: after.ratingAvg, count: after.ratingCount });
  });
});
