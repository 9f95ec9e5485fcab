import { sql } from 'drizzle-orm';
import type { AdminPaymentReview, Paged, PaymentReviewStatus } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';
import { adminReviewSelect, toAdminReview, type AdminReviewRow } from '../orders.reviews';

/** The payment reviews for the admin, open and escalated first. */
export async function listReviews(
  db: Db,
  query: { status?: PaymentReviewStatus | undefined; page: number; pageSize: number },
): Promise<Paged<AdminPaymentReview>> {
  const where = query.status ? sql`r.status = ${query.status}` : sql`true`;
  const [count] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM payment_reviews r WHERE ${where}`),
  );
  const rows = rowsOf<AdminReviewRow>(
    await db.execute(sql`${adminReviewSelect} WHERE ${where}
      ORDER BY (r.status = 'open') DESC, (r.escalated_at IS NOT NULL) DESC, r.created_at, r.id
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
  );
  return {
    items: rows.map(toAdminReview),
    total: Number(count?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
