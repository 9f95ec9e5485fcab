import { sql, type SQL } from 'drizzle-orm';
import { orderTransitions, type Order, type OrderListQuery, type Paged } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';
import { orderSelect, toOrder, toTimelineEntry, type OrderRow, type TimelineRow } from './orders.rows';
import type { OrdersDirectory } from './orders.types';

/**
 * What the orders operations share: the not-found errors, and an order read as its party sees it (its timeline,
 * whether its supplier is verified, the statuses the seller may move it to).
 */
export const orderNotFound = () =>
  notFound('ORDER_NOT_FOUND', 'Order not found (it does not exist or you do not have access to it)');

export const paymentReviewNotFound = () => notFound('PAYMENT_REVIEW_NOT_FOUND', 'Payment review not found');

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function searchClause(search: string | undefined): SQL {
  if (!search) return sql``;
  const pattern = likePattern(search);
  // The short reference as the screens show it (`#3F2A9C01`, decision 213) finds its order too.
  const idPattern = likePattern(search.trim().replace(/^#/, ''));
  return sql` AND (o.id::text ILIKE ${idPattern} OR o.subject_name ILIKE ${pattern}
    OR o.subject_name_fr ILIKE ${pattern} OR o.seller_name ILIKE ${pattern})`;
}

export async function timelines(db: Db, ids: string[]) {
  const byOrder = new Map<string, ReturnType<typeof toTimelineEntry>[]>();
  if (ids.length === 0) return byOrder;
  const rows = rowsOf<TimelineRow>(
    await db.execute(sql`
      SELECT order_id, status, tracking_number, carrier, at FROM order_timeline
      WHERE order_id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      ORDER BY id`),
  );
  for (const row of rows)
    byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), toTimelineEntry(row)]);
  return byOrder;
}

export async function present(
  directory: OrdersDirectory,
  db: Db,
  rows: OrderRow[],
  side: 'buyer' | 'seller' | 'admin',
): Promise<Order[]> {
  const lines = await timelines(
    db,
    rows.map((row) => row.id),
  );
  const verified = new Map<number, boolean>();
  const now = new Date();
  const orders: Order[] = [];
  for (const row of rows) {
    const sellerId = Number(row.seller_id);
    if (!verified.has(sellerId)) verified.set(sellerId, await directory.sellerVerified(db, sellerId));
    orders.push(
      toOrder(row, lines.get(row.id) ?? [], {
        nextStatuses: side === 'seller' ? [...orderTransitions[row.status]] : [],
        sellerVerified: verified.get(sellerId)!,
        now,
      }),
    );
  }
  return orders;
}

export async function list(
  directory: OrdersDirectory,
  db: Db,
  where: SQL,
  query: OrderListQuery,
  side: 'buyer' | 'seller',
) {
  const filter = sql`${where}${query.status ? sql` AND o.status = ${query.status}` : sql``}${searchClause(query.search)}`;
  const [count] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM orders o WHERE ${filter}`),
  );
  const rows = rowsOf<OrderRow>(
    await db.execute(sql`${orderSelect} WHERE ${filter}
      ORDER BY o.placed_at DESC, o.id DESC
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
  );
  return {
    items: await present(directory, db, rows, side),
    total: Number(count?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  } satisfies Paged<Order>;
}

export async function one(
  directory: OrdersDirectory,
  db: Db,
  where: SQL,
  side: 'buyer' | 'seller' | 'admin',
): Promise<Order> {
  const [row] = rowsOf<OrderRow>(await db.execute(sql`${orderSelect} WHERE ${where}`));
  if (!row) throw orderNotFound();
  return (await present(directory, db, [row], side))[0]!;
}
