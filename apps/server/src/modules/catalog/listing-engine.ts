import { sql, type SQL } from 'drizzle-orm';
import type { ProductFacets } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { queryGenericPlan, queryPrepared } from '../../db/prepared';
import { badRequest } from '../../plugins/errors';
import { originFilterCounts } from './origin-filter';

/**
 * How a product or service listing answers a page, its total and its facet counts at any scale (decision 042).
 *
 * - Pages are keyset pages: a cursor holds the last (or first) item's sort value and id, and the next page is the
 *   rows strictly after it in the listing's total order. Adding or removing products meanwhile never makes a page
 *   repeat or skip an item; no page walks past the rows before it. Without a cursor (a typed or shared `page=N`)
 *   the page is an OFFSET page, at most MAX_OFFSET rows deep.
 * - One extra row tells whether there is a next page (`hasMore` is always exact).
 * - Totals and facet counts are exact in a small catalogue (≤ exactRowLimit rows) and when the text is rare (the
 *   GIN index returns few rows). Otherwise they are 64 × what matches in a fixed 1-in-64 sample of the rows
 *   (partial indexes of migration 0240), rounded to two significant digits: an exact count of a broad match in a
 *   million rows costs 10–500 ms, the sample ~1–3 ms.
 */

export type ListingTable = 'products' | 'services';

/** The listing's order: one column, then the unique id in the same direction. */
export interface ListingOrder {
  /** The sort's name, kept in cursors so a cursor is only used with the order it came from. */
  name: string;
  column: string;
  type: 'double precision' | 'bigint' | 'timestamptz';
  direction: 'ASC' | 'DESC';
}

/** Rows in the sample: the top 6 bits of a multiplicative hash of the id (Knuth), 1 row in 64. */
export const SAMPLE_RATE = 64;
export const samplePredicate = (alias = 'p') =>
  sql.raw(`((${alias}.id * 2654435761) % 4294967296) < 67108864`);
/** The same test in JavaScript (tests use it to compute the expected estimates). */
export const inSample = (id: number | bigint) => (BigInt(id) * 2654435761n) % 4294967296n < 67108864n;

/** Deepest OFFSET page; further pages are reached with cursors (a deep OFFSET walks every row before it). */
export const MAX_OFFSET = 10_000;
/**
 * A safety stop for exact counts: they only run on small tables or rare text, so they stay far below it; if a
 * count ever reaches it, the estimate answers instead.
 */
const EXACT_COUNT_CAP = 100_000;

export const DEFAULT_EXACT_ROW_LIMIT = 50_000;

/**
 * One catalogue instance's counting knobs and its cache of table sizes (CatalogState): tests force estimates
 * (exactRowLimit 0) or exact counts (Infinity) on their own app without touching another app in the process.
 */
export interface ListingSizing {
  exactRowLimit: number;
  tableSizes: Map<ListingTable, { rows: number; at: number }>;
}

type Row = Record<string, unknown>;
/** Listing queries run as prepared statements on PostgreSQL (their plans are cached per connection). */
const rows = (db: Db, query: SQL) => queryPrepared<Row>(db, query);
const plainRows = async (db: Db, query: SQL) => rowsOf<Row>(await db.execute(query));

/** Two significant digits ("About 3,600 results"); small numbers stay as they are. */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

// ---------------------------------------------------------------- catalogue size

const SIZE_CACHE_MS = 60_000;

/** The planner's row count of the table (kept by ANALYZE / autovacuum), read at most once a minute. */
async function tableRows(db: Db, sizing: ListingSizing, table: ListingTable): Promise<number> {
  const hit = sizing.tableSizes.get(table);
  const now = Date.now();
  if (hit && now - hit.at < SIZE_CACHE_MS) return hit.rows;
  const [row] = rowsOf<Row>(
    await db.execute(sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = ${table}::regclass`),
  );
  // -1 means never analyzed: a table that new is small.
  const count = Math.max(0, Number(row?.n ?? 0));
  sizing.tableSizes.set(table, { rows: count, at: now });
  return count;
}

/** Whether totals and facets of this listing are counted exactly (see the module comment). */
export async function countsExactly(
  db: Db,
  sizing: ListingSizing,
  table: ListingTable,
  rareText: boolean,
): Promise<boolean> {
  return rareText || (await tableRows(db, sizing, table)) <= sizing.exactRowLimit;
}

// ---------------------------------------------------------------- cursors

interface Cursor {
  sort: string;
  /** `n`: the rows after this position; `p`: the rows before it. */
  direction: 'n' | 'p';
  key: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.direction, cursor.key, cursor.id])).toString(
    'base64url',
  );
}

const invalidCursor = () =>
  badRequest('INVALID_CURSOR', 'This page link is no longer valid; start again from the first page');

function decodeCursor(text: string, order: ListingOrder): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== order.name ||
    (parsed[1] !== 'n' && parsed[1] !== 'p') ||
    typeof parsed[2] !== 'string' ||
    typeof parsed[3] !== 'string' ||
    !/^\d{1,18}$/.test(parsed[3]) ||
    !validKey(parsed[2], order.type)
  ) {
    throw invalidCursor();
  }
  return { sort: parsed[0], direction: parsed[1], key: parsed[2], id: parsed[3] };
}

/** The key must cast to the column's type (a bad cast would be a 500). */
function validKey(key: string, type: ListingOrder['type']): boolean {
  if (key.length > 64) return false;
  switch (type) {
    case 'bigint':
      return /^-?\d{1,18}$/.test(key);
    case 'double precision':
      return /^(-?(\d+(\.\d+)?([eE][-+]?\d+)?)|-?Infinity|NaN)$/.test(key);
    case 'timestamptz':
      return /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/.test(key);
  }
}

// ---------------------------------------------------------------- pages

export interface ListingPageInput {
  table: ListingTable;
  /** Card columns over the aliases of `joins` (`p` is the product or service row). */
  columns: SQL;
  joins: SQL;
  where: SQL;
  order: ListingOrder;
  page: number;
  pageSize: number;
  cursor: string | undefined;
  /**
   * The text is rare (GIN plan): find every match first, then sort them. PostgreSQL cannot tell from its
   * statistics how rare a word is (it guessed 1,482 products for "packaging", which no product holds) and
   * preferred walking the popularity order, checking the text on every entry: 0.5–6 s at 1M products for text
   * few or no products hold. A materialized CTE makes it match through the GIN index, planned per call with the
   * text (an unnamed statement, not a cached generic plan) (decision 085).
   */
  matchFirst?: boolean;
  /**
   * The text is frequent word by word (walk plan), but words frequent alone can be rare together ("wool
   * aluminum": 28,667 and 101,378 products, none with both): the full walk then reads the whole index (2 s at
   * 1M products), where the GIN plan takes 12 ms. So the walk is bounded: it looks at the first
   * `textWalkWindow` entries of the order after the cursor; a full page found there is exactly the full walk's
   * page (the window is a prefix of the order). Otherwise the matches are rare in that prefix and the page comes
   * from the GIN plan instead (decision 128).
   */
  textWalkWindow?: number | undefined;
  /**
   * `where` with the text in its GIN form, for the match-first plan a bounded walk falls back to (the walk's
   * own text check is kept out of the index on purpose). Default: `where`.
   */
  matchWhere?: SQL;
  /**
   * Conditions the bounded walk's window is taken among (decision 327): an index leads with them in the listing's
   * order (`products_province_walk_idx` for a province and the popularity order). Every row of the page meets them,
   * so the window is still a prefix of the order among the rows that can be on the page, and a full page found there
   * is still the full walk's page (decision 128) — from fewer entries than a window of the whole order.
   */
  windowWhere?: SQL | undefined;
}

/**
 * How many entries of the order a text walk looks at before it asks the GIN index instead (decision 128):
 * text at the frequent threshold (2,000 of 1M products, 0.2 %) has a page of 9 in ~4,500 entries on average;
 * 10,000 entries are ~10–20 ms of index-only walk here.
 */
export const DEFAULT_TEXT_WALK_WINDOW = 10_000;

/**
 * The cards of a page's ids (any order), with their seller and categories: one prepared statement, its plan cached
 * per connection (decision 042), and on PGlite made once, generic (decision 338: planning it cost twice its run). The
 * in-process index's pages (decision 329) are read with it too.
 */
export async function cardRows(
  db: Db,
  input: Pick<ListingPageInput, 'table' | 'columns' | 'joins'>,
  ids: readonly (string | number)[],
): Promise<Row[]> {
  if (ids.length === 0) return [];
  return queryGenericPlan<Row>(
    db,
    sql`SELECT ${input.columns} FROM ${sql.raw(input.table)} p ${input.joins}
        WHERE p.id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
  );
}

export interface ListingPage {
  rows: Row[];
  page: number;
  hasMore: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
}

export async function listingPage(db: Db, input: ListingPageInput): Promise<ListingPage> {
  const { order, pageSize } = input;
  const cursor = input.cursor === undefined ? null : decodeCursor(input.cursor, order);
  const offset = cursor ? 0 : (input.page - 1) * pageSize;
  if (offset > MAX_OFFSET) {
    throw badRequest(
      'PAGE_OUT_OF_RANGE',
      `Pages deeper than ${MAX_OFFSET} results are reached with the next-page link`,
    );
  }
  const backwards = cursor?.direction === 'p';
  const column = sql.raw(`p.${order.column}`);
  const walkDir = sql.raw(backwards === (order.direction === 'DESC') ? 'ASC' : 'DESC');
  let fromCursor: SQL | null = null;
  if (cursor) {
    // Rows after the cursor in the listing's order (or before it, walking backwards).
    const after = (order.direction === 'DESC') !== backwards;
    const key = sql`${cursor.key}::${sql.raw(order.type)}`;
    fromCursor = after
      ? sql`(${column}, p.id) < (${key}, ${Number(cursor.id)}::bigint)`
      : sql`(${column}, p.id) > (${key}, ${Number(cursor.id)}::bigint)`;
  }
  const conditions = fromCursor ? [input.where, fromCursor] : [input.where];
  const table = sql.raw(input.table);
  // Two short queries instead of one: the walk (one table, index-only) finds the page's ids, then the cards are
  // read by id with their seller and categories. Each plans in a fraction of the joined query's time, and the
  // by-id query's plan is cached by the prepared statement (decision 042). LIMIT and OFFSET are written as
  // numbers (both are validated integers): as parameters the planner would cost an unknown LIMIT.
  const limit = sql`LIMIT ${sql.raw(String(pageSize + 1))} OFFSET ${sql.raw(String(offset))}`;
  const all = sql.join(conditions, sql` AND `);
  const matchConditions = sql.join(
    fromCursor ? [input.matchWhere ?? input.where, fromCursor] : [input.matchWhere ?? input.where],
    sql` AND `,
  );
  const matchFirst = () =>
    plainRows(
      db,
      sql`WITH matched AS MATERIALIZED (SELECT p.id, ${column} AS sort_key FROM ${table} p WHERE ${matchConditions})
          SELECT id, sort_key::text AS cursor_key FROM matched
          ORDER BY sort_key ${walkDir}, id ${walkDir} ${limit}`,
    );
  let walked: Row[];
  if (input.matchFirst) walked = await matchFirst();
  else if (input.textWalkWindow !== undefined) {
    // The window starts at the cursor; every condition (the cursor's too) is checked on the window's entries.
    // Unused columns of `SELECT *` are dropped by the planner, so the window stays an index-only walk.
    const window = sql.raw(String(Math.max(input.textWalkWindow, offset + pageSize + 1)));
    const windowConditions: SQL[] = [];
    if (input.windowWhere) windowConditions.push(input.windowWhere);
    if (fromCursor) windowConditions.push(fromCursor);
    const start = windowConditions.length > 0 ? sql`WHERE ${sql.join(windowConditions, sql` AND `)}` : sql``;
    walked = await rows(
      db,
      sql`SELECT p.id, ${column}::text AS cursor_key
          FROM (SELECT * FROM ${table} p ${start} ORDER BY ${column} ${walkDir}, p.id ${walkDir} LIMIT ${window}) p
          WHERE ${all} ORDER BY ${column} ${walkDir}, p.id ${walkDir} ${limit}`,
    );
    if (walked.length < pageSize + 1) walked = await matchFirst();
  } else {
    walked = await rows(
      db,
      sql`SELECT p.id, ${column}::text AS cursor_key FROM ${table} p WHERE ${all}
          ORDER BY ${column} ${walkDir}, p.id ${walkDir} ${limit}`,
    );
  }
  if (backwards) walked.reverse();
  const cards = await cardRows(
    db,
    input,
    walked.map((row) => String(row.id)),
  );
  const byId = new Map(cards.map((row) => [String(row.id), row]));
  const found = walked.flatMap((row) => {
    const card = byId.get(String(row.id));
    return card ? [{ ...card, cursor_key: row.cursor_key }] : [];
  });
  const extra = found.length > pageSize;
  let items = found;
  let hasMore: boolean;
  let hasPrevious: boolean;
  if (backwards) {
    // Walking backwards the extra row is the furthest back: the first one in the listing's order.
    if (extra) items = found.slice(1);
    hasPrevious = extra;
    hasMore = true;
  } else {
    if (extra) items = found.slice(0, pageSize);
    hasMore = extra;
    hasPrevious = cursor !== null || input.page > 1;
  }
  const at = (row: Row | undefined, direction: 'n' | 'p') =>
    row
      ? encodeCursor({ sort: order.name, direction, key: String(row.cursor_key), id: String(row.id) })
      : null;
  return {
    rows: items,
    // Back at the start: whatever page number the link claimed, this is the first page.
    page: backwards && !hasPrevious ? 1 : input.page,
    hasMore,
    nextCursor: hasMore ? at(items[items.length - 1], 'n') : null,
    prevCursor: hasPrevious ? at(items[0], 'p') : null,
  };
}

// ---------------------------------------------------------------- totals and facets

export interface ListingCountInput {
  table: ListingTable;
  exact: boolean;
  /** Conditions for an exact count (may lean on the GIN index alone). */
  exactWhere: SQL;
  /** Conditions for the sample (the sample predicate is added here). */
  sampleWhere: SQL;
}

export interface ListingTotal {
  total: number;
  estimated: boolean;
}

async function sampleCount(db: Db, input: ListingCountInput): Promise<ListingTotal> {
  const [row] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM ${sql.raw(input.table)} p WHERE ${samplePredicate()} AND ${input.sampleWhere}`,
  );
  return { total: roundEstimate(Number(row?.n ?? 0) * SAMPLE_RATE), estimated: true };
}

/** The number of matching rows: exact when counting exactly, else the estimate. */
export async function listingTotal(db: Db, input: ListingCountInput): Promise<ListingTotal> {
  if (!input.exact) return sampleCount(db, input);
  const [row] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${sql.raw(input.table)} p WHERE ${input.exactWhere} LIMIT ${EXACT_COUNT_CAP + 1}) x`,
  );
  const counted = Number(row?.n ?? 0);
  return counted > EXACT_COUNT_CAP ? sampleCount(db, input) : { total: counted, estimated: false };
}

/**
 * What a page tells about the total: a first page without more is the whole answer; otherwise there are at
 * least as many rows as the pages so far show, whatever the estimate says.
 */
export function pageTotal(
  counted: ListingTotal,
  page: { page: number; pageSize: number; items: number; hasMore: boolean; cursor: boolean },
): ListingTotal {
  if (!counted.estimated) return counted;
  if (page.page === 1 && !page.hasMore && !page.cursor) return { total: page.items, estimated: false };
  const seen = (page.page - 1) * page.pageSize + page.items + (page.hasMore ? 1 : 0);
  return { total: Math.max(counted.total, seen), estimated: true };
}

/** A listing answer before its rows become cards. */
export interface ListingWithTotal {
  rows: Row[];
  total: number;
  totalEstimated: boolean;
  hasMore: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
  page: number;
  pageSize: number;
}

/** A page and the total beside it; independent, so on PostgreSQL they run on separate pool connections. */
export async function listingWithTotal(
  db: Db,
  pageInput: ListingPageInput,
  countInput: ListingCountInput,
): Promise<ListingWithTotal> {
  const [page, counted] = await Promise.all([listingPage(db, pageInput), listingTotal(db, countInput)]);
  const total = pageTotal(counted, {
    page: page.page,
    pageSize: pageInput.pageSize,
    items: page.rows.length,
    hasMore: page.hasMore,
    cursor: pageInput.cursor !== undefined,
  });
  return {
    rows: page.rows,
    total: total.total,
    totalEstimated: total.estimated,
    hasMore: page.hasMore,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    page: page.page,
    pageSize: pageInput.pageSize,
  };
}

export interface ListingFacetsInput extends ListingCountInput {
  /** Products have an origin; services don't. */
  withOrigin: boolean;
}

export async function listingFacets(
  db: Db,
  input: ListingFacetsInput,
): Promise<{ facets: ProductFacets; total: number; totalEstimated: boolean }> {
  const estimated = !input.exact;
  const where = estimated ? sql`${samplePredicate()} AND ${input.sampleWhere}` : input.exactWhere;
  const origin = input.withOrigin ? sql`p.origin` : sql`NULL::text`;
  const originSet = input.withOrigin ? sql`(p.origin), ` : sql``;
  const found = await rows(
    db,
    sql`SELECT g.province, g.business_type, g.origin, g.verified, sc.slug AS subcategory, g.n FROM (
          SELECT p.province, p.business_type, ${origin} AS origin, p.verified, p.subcategory_id, count(*)::int AS n
          FROM ${sql.raw(input.table)} p WHERE ${where}
          GROUP BY GROUPING SETS ((p.province), (p.business_type), ${originSet}(p.verified), (p.subcategory_id))
        ) g LEFT JOIN categories sc ON sc.id = g.subcategory_id`,
  );
  const scale = (n: number) => (estimated ? roundEstimate(n * SAMPLE_RATE) : n);
  const facets: ProductFacets = { state: [], businessType: [], origin: [], verified: [], subcategory: [] };
  let matched = 0;
  const storedOrigins = new Map<string, number>();
  for (const row of found) {
    const n = Number(row.n);
    const entry = (value: unknown) => ({ value: String(value), count: scale(n) });
    if (row.province !== null && row.province !== undefined) facets.state.push(entry(row.province));
    else if (row.business_type !== null && row.business_type !== undefined)
      facets.businessType.push(entry(row.business_type));
    else if (row.origin !== null && row.origin !== undefined) storedOrigins.set(String(row.origin), n);
    else if (row.verified !== null && row.verified !== undefined) {
      facets.verified.push(entry(row.verified));
      matched += n;
    } else if (row.subcategory !== null && row.subcategory !== undefined)
      facets.subcategory.push(entry(row.subcategory));
  }
  // Counted with the condition the origin filter uses (one filter value can list several stored origins).
  for (const { value, n } of originFilterCounts(storedOrigins))
    facets.origin.push({ value, count: scale(n) });
  for (const values of Object.values(facets)) {
    values.sort(
      (x: { value: string; count: number }, y: { value: string; count: number }) =>
        y.count - x.count || x.value.localeCompare(y.value),
    );
  }
  return { facets, total: scale(matched), totalEstimated: estimated };
}
