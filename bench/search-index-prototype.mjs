// A measured alternative for the uncached search (decision 327), not the server's code: an in-process inverted
// index of the active products, built from PostgreSQL's own `search_doc` lexemes (the text words and the facet
// tokens the listing filters with: 0fpon = province ON, 0fv1 = verified, …), every posting list in the listing's
// popularity order, so a query's first page is the first k ranks in the intersection of its words' lists.
// Prints: build time, memory (heap and RSS growth), the number of lexemes and postings, and the time per query
// (one process, no HTTP) for single frequent words, two-word phrases and a word with two facet filters — against
// the same first page from PostgreSQL (the ids must be equal, else it says so).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_DATABASE=maple_bench npx node --expose-gc bench/search-index-prototype.mjs
import { loadavg } from 'node:os';
import pg from 'pg';

const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
url.pathname = `/${process.env.BENCH_DATABASE ?? 'maple_bench'}`;
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const gc = globalThis.gc ?? (() => undefined);

gc();
const heapBefore = process.memoryUsage().heapUsed;
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
/** rank → product id, in the listing's order (popularity_score DESC, id DESC). */
const ids = [];
/** lexeme → ranks (ascending), as plain arrays while building. */
const building = new Map();
let last = null;
for (;;) {
  const { rows } = await client.query(
    `SELECT id, popularity_score, tsvector_to_array(search_doc) AS lexemes FROM products
     WHERE status = 'active' ${last ? 'AND (popularity_score, id) < ($1, $2)' : ''}
     ORDER BY popularity_score DESC, id DESC LIMIT 50000`,
    last ? [last.popularity_score, last.id] : [],
  );
  if (rows.length === 0) break;
  for (const row of rows) {
    const rank = ids.length;
    ids.push(Number(row.id));
    for (const lexeme of row.lexemes) {
      let list = building.get(lexeme);
      if (!list) building.set(lexeme, (list = []));
      list.push(rank);
    }
  }
  last = rows[rows.length - 1];
}
const postings = new Map();
let total = 0;
for (const [lexeme, list] of building) {
  postings.set(lexeme, Int32Array.from(list));
  total += list.length;
}
building.clear();
const rankToId = Float64Array.from(ids);
ids.length = 0;
gc();
const buildMs = performance.now() - started;
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
const arraysMb = process.memoryUsage().arrayBuffers / 2 ** 20;
const rssMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
console.info(
  `in-process index of ${rankToId.length} active products: ${postings.size} lexemes, ${total} postings; ` +
    `built in ${(buildMs / 1000).toFixed(1)} s; heap +${heapMb.toFixed(0)} MB, typed arrays ${arraysMb.toFixed(0)} MB, ` +
    `RSS +${rssMb.toFixed(0)} MB (with the build's garbage); ` +
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
);

/** The first rank ≥ `rank` in an ascending list from position `from` (galloping, then binary search). */
function seek(list, from, rank) {
  let step = 1;
  while (from + step < list.length && list[from + step] < rank) step *= 2;
  let lo = from;
  let hi = Math.min(from + step, list.length);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < rank) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A word's group (itself and its expansions, ORed): a cursor over the union of their lists, never materialized. */
function groupCursor(lists) {
  const at = lists.map(() => 0);
  return {
    size: lists.reduce((sum, list) => sum + list.length, 0),
    /** The smallest rank ≥ `rank` in any list, or Infinity. */
    next(rank) {
      let best = Infinity;
      for (let j = 0; j < lists.length; j++) {
        at[j] = seek(lists[j], at[j], rank);
        if (at[j] < lists[j].length && lists[j][at[j]] < best) best = lists[j][at[j]];
      }
      return best;
    },
  };
}

/** The first `k` ranks in every group (leapfrog intersection: each cursor seeks to the largest candidate). */
function firstInAll(cursors, k) {
  cursors.sort((a, b) => a.size - b.size);
  const out = [];
  let candidate = 0;
  while (out.length < k) {
    let agreed = true;
    for (const cursor of cursors) {
      const next = cursor.next(candidate);
      if (next === Infinity) return out;
      if (next !== candidate) {
        candidate = next;
        agreed = false;
        break;
      }
    }
    if (agreed) {
      out.push(candidate);
      candidate += 1;
    }
  }
  return out;
}

/** A tsquery of ANDed groups of ORed lexemes, as the server's resolveQuery writes it (no prefixes here). */
function search(groups, k) {
  const cursors = groups.map((group) =>
    groupCursor(group.map((lexeme) => postings.get(lexeme) ?? new Int32Array())),
  );
  return firstInAll(cursors, k).map((rank) => rankToId[rank]);
}

const cases = [
  ['steel', [['steel']]],
  ['aluminum extrusion(s)', [['aluminum'], ['extrusion', 'extrusions']]],
  ['heavy duty', [['heavy'], ['duty']]],
  ['stainless + QC + verified', [['stainless'], ['0fpqc'], ['0fv1']]],
  ['aluminum extrusion(s) + ON + verified', [['aluminum'], ['extrusion', 'extrusions'], ['0fpon'], ['0fv1']]],
  ['wool aluminum (rare together)', [['wool'], ['aluminum']]],
];
for (const [label, groups] of cases) {
  const k = 21;
  for (let i = 0; i < 50; i++) search(groups, k);
  const runs = 2_000;
  const t0 = performance.now();
  let found = [];
  for (let i = 0; i < runs; i++) found = search(groups, k);
  const perQuery = (performance.now() - t0) / runs;
  const tsquery = groups.map((group) => `(${group.join(' | ')})`).join(' & ');
  const pgStarted = performance.now();
  const { rows } = await client.query(
    `SELECT id FROM products WHERE status = 'active' AND search_doc @@ to_tsquery('simple', $1)
     ORDER BY popularity_score DESC, id DESC LIMIT ${k}`,
    [tsquery],
  );
  const pgMs = performance.now() - pgStarted;
  const same = JSON.stringify(rows.map((row) => Number(row.id))) === JSON.stringify(found);
  console.info(
    `  ${label.padEnd(40)} ${found.length} ids in ${(perQuery * 1000).toFixed(1)} µs per query ` +
      `(PostgreSQL, the same statement once: ${pgMs.toFixed(1)} ms); ${same ? 'same ids as PostgreSQL' : 'DIFFERENT ids from PostgreSQL'}`,
  );
}
await client.end();
