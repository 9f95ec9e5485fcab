import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reviewTables, rows, type Kind } from '../review-rows';

/** The id of the review this user wrote of the item, or null (a visitor, or no review yet). */
export async function findMyReviewId(
  db: Db,
  input: { kind: Kind; itemId: number; userId: string | null },
): Promise<string | null> {
  if (!input.userId) return null;
  const t = reviewTables[input.kind];
  const [mine] = await rows(
    db,
    sql`SELECT id FROM ${sql.raw(t.reviews)} WHERE user_id = ${input.userId} AND ${sql.raw(t.fk)} = ${input.itemId}`,
  );
  return mine ? String(mine.id) : null;
}
