import { sql } from 'drizzle-orm';
import type { SellerStats, SellerStatsQuery, SellerStatsSort } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { itemNotFound } from './seller-items.service';

type Row = Record<string, unknown>;
type ItemKind = 'product' | 'service';
export type QuotationOutcome = 'quotation' | 'accepted' | 'rejected' | 'in-progress';

const outcomeColumn = {
  quotation: { column: 'quotations', popularity: 5, bestseller: 1 },
  accepted: { column: 'accepted', popularity: 10, bestseller: 10 },
  rejected: { column: 'rejected', popularity: 0, bestseller: 0 },
  'in-progress': { column: 'in_progress', popularity: 0, bestseller: 0 },
} as const;

/**
 * Counts a quotation's step on its product or service (decision 040's scores; the day row follows by trigger,
 * migration 0870). By id, whatever the item's status now: a quotation answered after its item was unpublished
 * still counts, and an item deleted since counts nothing (no error, the answer is what matters).
 */
export async function countQuotationOutcome(
  db: Db,
  kind: ItemKind,
  itemId: number,
  outcome: QuotationOutcome,
) {
  const { column, popularity, bestseller } = outcomeColumn[outcome];
  const table = sql.raw(kind === 'product' ? 'products' : 'services');
  await db.execute(sql`
    UPDATE ${table} SET ${sql.raw(column)} = ${sql.raw(column)} + 1,
      popularity_score = popularity_score + ${popularity}, bestseller_score = bestseller_score + ${bestseller}
    WHERE id = ${itemId}`);
}

const sums = sql`sum(d.views)::bigint AS views, sum(d.quotations)::bigint AS quotations,
  sum(d.accepted)::bigint AS accepted, sum(d.rejected)::bigint AS rejected, sum(d.in_progress)::bigint AS in_progress`;

const countsOf = (row: Row | undefined) => ({
  views: Number(row?.views ?? 0),
  quotations: Number(row?.quotations ?? 0),
  accepted: Number(row?.accepted ?? 0),
  rejected: Number(row?.rejected ?? 0),
  inProgress: Number(row?.in_progress ?? 0),
});

/** The items table's sorts (decision 290): a column of `ranked`, then kind and id as the unique tie-breaker. */
const sortColumn: Record<SellerStatsSort, string> = {
  popularity: 'popularity',
  bestseller: 'bestseller',
  views: 'views',
  quotations: 'quotations',
  accepted: 'accepted',
  rejected: 'rejected',
  inProgress: 'in_progress',
};

/** Every calendar day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const dayMs = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * A period cut for the month rows (decision 290, "Monthly rows"): the whole calendar months inside `from`..`to`
 * (first days `firstMonth`..`lastMonth`, none when `firstMonth` is null) and the day ranges left at its two edges
 * (`head`, `tail`: `null` when empty). Without a whole month, the whole period is `head`.
 */
export function splitPeriod(from: string, to: string) {
  const start = new Date(utc(from));
  // The first month that starts on or after `from`, and the first day after the last month that ends on or before `to`.
  const firstMonth =
    start.getUTCDate() === 1 ? utc(from) : Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  const after = new Date(utc(to) + dayMs);
  const endOfMonths =
    after.getUTCDate() === 1 ? after.getTime() : Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), 1);
  if (firstMonth >= endOfMonths) return { firstMonth: null, lastMonth: null, head: { from, to }, tail: null };
  const lastMonthStart = new Date(endOfMonths - dayMs);
  return {
    firstMonth: isoDay(firstMonth),
    lastMonth: isoDay(Date.UTC(lastMonthStart.getUTCFullYear(), lastMonthStart.getUTCMonth(), 1)),
    head: firstMonth > utc(from) ? { from, to: isoDay(firstMonth - dayMs) } : null,
    tail: endOfMonths <= utc(to) ? { from: isoDay(endOfMonths), to } : null,
  };
}

/**
 * One storefront's stats over a period (decision 273): sums of the day rows in the storefront's key range, by day
 * (every day of the period, zeros included), and by item (one page of the items, sorted, decision 290) from the
 * month rows of its whole months and the day rows of its edges. The caller has checked that the storefront is the
 * user's; `query.item` of another storefront answers 404.
 */
export async function sellerStats(
  db: Db,
  sellerId: number,
  query: SellerStatsQuery,
): Promise<Omit<SellerStats, 'storefront'>> {
  let itemFilter = sql``;
  if (query.item) {
    const [kind, id] = query.item.split(':') as [ItemKind, string];
    const table = sql.raw(kind === 'product' ? 'products' : 'services');
    const owned = rowsOf(
      await db.execute(sql`SELECT 1 FROM ${table} WHERE id = ${Number(id)} AND seller_id = ${sellerId}`),
    );
    if (owned.length === 0) throw itemNotFound(kind);
    itemFilter = sql` AND d.item_kind = ${kind} AND d.item_id = ${Number(id)}`;
  }
  const range = sql`d.seller_id = ${sellerId} AND d.day BETWEEN ${query.from}::date AND ${query.to}::date${itemFilter}`;
  // Per item, the period's whole months come from the month rows and only its edge days from the day rows
  // (decision 290, "Monthly rows"): the same sums, over at most ~12 rows per item plus the edges' days.
  const cut = splitPeriod(query.from, query.to);
  const counters = sql`d.item_kind, d.item_id, d.views, d.quotations, d.accepted, d.rejected, d.in_progress`;
  const dayPart = (part: { from: string; to: string }) =>
    sql`SELECT ${counters} FROM catalog_item_days d
      WHERE d.seller_id = ${sellerId} AND d.day BETWEEN ${part.from}::date AND ${part.to}::date${itemFilter}`;
  const parts = [cut.head, cut.tail].filter((part) => part !== null).map(dayPart);
  if (cut.firstMonth)
    parts.push(sql`SELECT ${counters} FROM catalog_item_months d
      WHERE d.seller_id = ${sellerId} AND d.month BETWEEN ${cut.firstMonth}::date AND ${cut.lastMonth}::date${itemFilter}`);
  const itemRowsOfPeriod = sql.join(parts, sql` UNION ALL `);
  const order = sql.raw(`${sortColumn[query.sort]} DESC, item_kind, item_id`);
  const [byDay, byItem] = await Promise.all([
    db.execute(sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${sums}
      FROM catalog_item_days d WHERE ${range} GROUP BY d.day`),
    db.execute(sql`
      WITH per_item AS (
        SELECT d.item_kind, d.item_id, ${sums} FROM (${itemRowsOfPeriod}) d GROUP BY d.item_kind, d.item_id
      ), ranked AS (
        SELECT p.*, p.views + 5 * p.quotations + 10 * p.accepted AS popularity,
          10 * p.accepted + p.quotations AS bestseller, count(*) OVER () AS item_count
        FROM per_item p
        ORDER BY ${order}
        LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}
      )
      SELECT r.*, coalesce(pr.name_en, sv.name_en, '') AS name_en, coalesce(pr.name_fr, sv.name_fr, '') AS name_fr
      FROM ranked r
      LEFT JOIN products pr ON r.item_kind = 'product' AND pr.id = r.item_id
      LEFT JOIN services sv ON r.item_kind = 'service' AND sv.id = r.item_id
      ORDER BY ${order}`),
  ]);
  const dayRows = new Map(rowsOf<Row>(byDay).map((row) => [String(row.day), row]));
  const days = daysOf(query.from, query.to).map((day) => ({ day, ...countsOf(dayRows.get(day)) }));
  const totals = countsOf(undefined);
  for (const day of days)
    for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += day[key];
  const itemRows = rowsOf(byItem) as Row[];
  let itemCount = Number(itemRows[0]?.item_count ?? 0);
  // A page past the end has no row to carry the count: count alone (rare).
  if (itemRows.length === 0 && query.page > 1) {
    const counted = rowsOf(
      await db.execute(
        sql`SELECT count(DISTINCT (d.item_kind, d.item_id)) AS n FROM (${itemRowsOfPeriod}) d`,
      ),
    ) as Row[];
    itemCount = Number(counted[0]?.n ?? 0);
  }
  return {
    from: query.from,
    to: query.to,
    days,
    totals,
    items: {
      total: itemCount,
      page: query.page,
      pageSize: query.pageSize,
      items: itemRows.map((row) => ({
        kind: row.item_kind as ItemKind,
        id: String(row.item_id),
        nameEn: String(row.name_en),
        nameFr: String(row.name_fr),
        ...countsOf(row),
        popularityScore: Number(row.popularity),
        bestsellerScore: Number(row.bestseller),
      })),
    },
  };
}
