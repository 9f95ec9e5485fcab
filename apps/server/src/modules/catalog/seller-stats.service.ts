import { sql, type SQL } from 'drizzle-orm';
import type { SellerStats, SellerStatsQuery, SellerStatsSort } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf, withTransaction } from '../../db/transaction';
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

const itemOf = (row: Row) => ({
  kind: row.item_kind as ItemKind,
  id: String(row.item_id),
  nameEn: String(row.name_en),
  nameFr: String(row.name_fr),
  ...countsOf(row),
  popularityScore: Number(row.popularity),
  bestsellerScore: Number(row.bestseller),
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

type DayRange = { from: string; to: string };
/** One part of a period's per-item sums: rows added (+1) or taken away (-1). */
type ItemRowsPart =
  { sign: 1 | -1; days: DayRange } | { sign: 1 | -1; months: DayRange } | { sign: 1 | -1; startOf: string };

/**
 * Rough cost of reading a part, in "one day of item rows" (decision 314): a month's rows or a running total hold
 * about one row per item of the storefront, several days' worth; days after today hold nothing yet.
 */
const MONTH_ROWS_IN_DAYS = 5;
function partCost(part: ItemRowsPart, today: string) {
  if ('days' in part) {
    const to = part.days.to < today ? part.days.to : today;
    return to < part.days.from ? 0 : (utc(to) - utc(part.days.from)) / dayMs + 1;
  }
  if ('months' in part) return monthsBetween(part.months.from, part.months.to) * MONTH_ROWS_IN_DAYS;
  return MONTH_ROWS_IN_DAYS;
}
const costOf = (parts: ItemRowsPart[], today: string) =>
  parts.reduce((n, part) => n + partCost(part, today), 0);

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const addMonths = (month: string, n: number) => {
  const d = new Date(utc(month));
  return isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
};
/** Months from `from` to `to`, both first days, both included. */
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7)) +
  1;
const addDays = (day: string, n: number) => isoDay(utc(day) + n * dayMs);
const torontoDay = (at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date(at));

/**
 * Every item's counters over the days before `day`, as parts (decision 314): the running total of a month start
 * (written for months up to `lastStart` only) plus or minus the day rows between it and `day`, whichever month
 * start is cheaper; a month start after `lastStart` is `lastStart`'s total plus the month rows in between.
 */
function before(day: string, lastStart: string, today: string): ItemRowsPart[] {
  const startAt = (month: string, sign: 1 | -1): ItemRowsPart[] =>
    month <= lastStart
      ? [{ sign, startOf: month }]
      : [
          { sign, startOf: lastStart },
          { sign, months: { from: lastStart, to: addMonths(month, -1) } },
        ];
  const down = monthStart(day);
  const up = addMonths(down, 1);
  const fromBelow: ItemRowsPart[] =
    day === down
      ? startAt(down, 1)
      : [...startAt(down, 1), { sign: 1, days: { from: down, to: addDays(day, -1) } }];
  const fromAbove: ItemRowsPart[] = [
    ...startAt(up, 1),
    { sign: -1, days: { from: day, to: addDays(up, -1) } },
  ];
  return costOf(fromAbove, today) < costOf(fromBelow, today) ? fromAbove : fromBelow;
}

/**
 * The cheapest parts whose sum is each item's counters over `from`..`to` (decision 314): the period's edge days,
 * whole month rows and edge days (decision 290), or the difference of the running totals before `to`'s next day and
 * before `from`.
 */
export function itemRowsParts(from: string, to: string, lastStart: string, today: string): ItemRowsPart[] {
  const cut = splitPeriod(from, to);
  const direct: ItemRowsPart[] = [cut.head, cut.tail]
    .filter((part) => part !== null)
    .map((days) => ({ sign: 1 as const, days }));
  if (cut.firstMonth && cut.lastMonth)
    direct.push({ sign: 1, months: { from: cut.firstMonth, to: cut.lastMonth } });
  const difference = [
    ...before(addDays(to, 1), lastStart, today),
    ...before(from, lastStart, today).map((part) => ({
      ...part,
      sign: (part.sign === 1 ? -1 : 1) as 1 | -1,
    })),
  ];
  return costOf(difference, today) < costOf(direct, today) ? difference : direct;
}

/**
 * The last month whose running totals may be written: the current Toronto month once it is an hour old (decision
 * 314: a transaction begun on the month's eve has committed by then, so the days before it no longer change).
 */
export const lastWritableMonthStart = (now: number) => monthStart(torontoDay(now - 3_600_000));

/**
 * Writes one storefront's running totals before `month` once (decision 314): from the last month written before it
 * plus the month rows in between, or from all the month rows before it. The mark and the rows are one transaction;
 * a second writer waits on the mark and then writes nothing.
 */
async function writeMonthStart(db: Db, sellerId: number, month: string) {
  const marked = rowsOf(
    await db.execute(
      sql`SELECT 1 FROM catalog_item_month_start_marks WHERE seller_id = ${sellerId} AND month = ${month}::date`,
    ),
  );
  if (marked.length > 0) return;
  await withTransaction(db, async (tx) => {
    const claimed = rowsOf(
      await tx.execute(sql`INSERT INTO catalog_item_month_start_marks (seller_id, month)
        VALUES (${sellerId}, ${month}::date) ON CONFLICT DO NOTHING RETURNING 1`),
    );
    if (claimed.length === 0) return;
    await tx.execute(sql`
      WITH previous AS (
        SELECT max(month) AS month FROM catalog_item_month_start_marks
        WHERE seller_id = ${sellerId} AND month < ${month}::date
      )
      INSERT INTO catalog_item_month_starts (seller_id, month, item_kind, item_id, views, quotations, accepted, rejected, in_progress)
      SELECT ${sellerId}, ${month}::date, d.item_kind, d.item_id, ${sums}
      FROM (
        SELECT item_kind, item_id, views, quotations, accepted, rejected, in_progress FROM catalog_item_month_starts
        WHERE seller_id = ${sellerId} AND month = (SELECT month FROM previous)
        UNION ALL
        SELECT item_kind, item_id, views, quotations, accepted, rejected, in_progress FROM catalog_item_months
        WHERE seller_id = ${sellerId} AND month < ${month}::date
          AND month >= coalesce((SELECT month FROM previous), '-infinity'::date)
      ) d
      GROUP BY d.item_kind, d.item_id
      HAVING ${nonZero}`);
  });
}

const nonZero = sql`(sum(d.views) <> 0 OR sum(d.quotations) <> 0 OR sum(d.accepted) <> 0 OR sum(d.rejected) <> 0
  OR sum(d.in_progress) <> 0)`;

/**
 * Each item's counters over the period, one row per item that had anything (decision 314), as a statement to rank:
 * the running totals it needs are written first.
 */
async function periodItems(
  db: Db,
  sellerId: number,
  period: { from: string; to: string },
  itemFilter: SQL,
  now: number,
) {
  const lastStart = lastWritableMonthStart(now);
  const parts = itemRowsParts(period.from, period.to, lastStart, torontoDay(now));
  const starts = [...new Set(parts.flatMap((part) => ('startOf' in part ? [part.startOf] : [])))];
  for (const month of starts) await writeMonthStart(db, sellerId, month);
  const counters = (sign: 1 | -1) =>
    sign === 1
      ? sql`d.item_kind, d.item_id, d.views, d.quotations, d.accepted, d.rejected, d.in_progress`
      : sql`d.item_kind, d.item_id, -d.views AS views, -d.quotations AS quotations, -d.accepted AS accepted,
          -d.rejected AS rejected, -d.in_progress AS in_progress`;
  const partRows = (part: ItemRowsPart) => {
    if ('days' in part)
      return sql`SELECT ${counters(part.sign)} FROM catalog_item_days d WHERE d.seller_id = ${sellerId}
        AND d.day BETWEEN ${part.days.from}::date AND ${part.days.to}::date${itemFilter}`;
    if ('months' in part)
      return sql`SELECT ${counters(part.sign)} FROM catalog_item_months d WHERE d.seller_id = ${sellerId}
        AND d.month BETWEEN ${part.months.from}::date AND ${part.months.to}::date${itemFilter}`;
    return sql`SELECT ${counters(part.sign)} FROM catalog_item_month_starts d WHERE d.seller_id = ${sellerId}
      AND d.month = ${part.startOf}::date${itemFilter}`;
  };
  const itemRowsOfPeriod = sql.join(parts.map(partRows), sql` UNION ALL `);
  const perItem = sql`SELECT d.item_kind, d.item_id, ${sums} FROM (${itemRowsOfPeriod}) d
    GROUP BY d.item_kind, d.item_id HAVING ${nonZero}`;
  return perItem;
}

/**
 * One storefront's stats over a period (decisions 273, 290, 314): the chart's days from the storefront's day rows
 * (every day of the period, zeros included; one item's from its own day rows), and one page of the items, sorted,
 * from the cheapest parts that sum to the period. The caller has checked that the storefront is the user's;
 * `query.item` of another storefront answers 404.
 */
export async function sellerStats(
  db: Db,
  sellerId: number,
  query: SellerStatsQuery,
  now = Date.now(),
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
  const perItem = await periodItems(db, sellerId, query, itemFilter, now);
  const order = sql.raw(`${sortColumn[query.sort]} DESC, item_kind, item_id`);
  const periodDays = sql`d.seller_id = ${sellerId} AND d.day BETWEEN ${query.from}::date AND ${query.to}::date`;
  const [byDay, byItem] = await Promise.all([
    db.execute(
      query.item
        ? sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${sums}
            FROM catalog_item_days d WHERE ${periodDays}${itemFilter} GROUP BY d.day`
        : sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.views, d.quotations, d.accepted, d.rejected, d.in_progress
            FROM catalog_storefront_item_days d WHERE ${periodDays}`,
    ),
    db.execute(sql`
      WITH per_item AS (${perItem}), ranked AS (
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
    const counted = rowsOf(await db.execute(sql`SELECT count(*) AS n FROM (${perItem}) p`)) as Row[];
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
      items: itemRows.map(itemOf),
    },
  };
}

/**
 * Every item of one storefront over a period, in the order of `sort` (decision 314): the items CSV. The caller has
 * checked that the storefront is the user's.
 */
export async function sellerStatsItems(
  db: Db,
  sellerId: number,
  query: { from: string; to: string; sort: SellerStatsSort },
  now = Date.now(),
): Promise<SellerStats['items']['items']> {
  const perItem = await periodItems(db, sellerId, query, sql``, now);
  const order = sql.raw(`${sortColumn[query.sort]} DESC, item_kind, item_id`);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      WITH per_item AS (${perItem})
      SELECT p.*, p.views + 5 * p.quotations + 10 * p.accepted AS popularity,
        10 * p.accepted + p.quotations AS bestseller,
        coalesce(pr.name_en, sv.name_en, '') AS name_en, coalesce(pr.name_fr, sv.name_fr, '') AS name_fr
      FROM per_item p
      LEFT JOIN products pr ON p.item_kind = 'product' AND pr.id = p.item_id
      LEFT JOIN services sv ON p.item_kind = 'service' AND sv.id = p.item_id
      ORDER BY ${order}`),
  );
  return rows.map(itemOf);
}
