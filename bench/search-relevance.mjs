// The global search's relevance set: a fixed set of at least 60 queries drawn deterministically from a seeded
// database (frequent words, rare words, two-word phrases, storefront names, service names, French, and a quarter of
// them with a typing slip), the answers `GET /api/v1/search` gave for each when the set was captured, and a check
// that today's answers keep them: recall@10 (of the captured first ten of every group, how many are still among the
// first ten) ≥ 0.9, and the first storefront (resp. service) unchanged for storefront (service) names.
// The captured answers live beside this file, one JSON file per seeded catalogue (bench/search-relevance/), so a
// change of the search engine is checked against what the code before it returned.
//
// Run: `npx node bench/search-relevance.mjs` checks (or `--capture` records) against
//   - PostgreSQL when DATABASE_URL is set: the database BENCH_DATABASE (default maple_bench), seeded beforehand
//     (bench/global-search.mjs or bench/catalog-listing.mjs seed it);
//   - otherwise PGlite: BENCH_PGLITE_DIR (a DATA_DIR seeded by `node apps/server/dist/seed.js`), or a fresh default
//     seed (20,000 products) in a temporary directory.
// The server runs with every answer cache off (CATALOG_LISTING_CACHE_MS=0, SEARCH_CACHE_MS=0).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { repoRoot, searchIndexReady, startServer } from './lib.mjs';

const headers = { role: 'buyer' };
export const GROUPS = ['products', 'services', 'sellers', 'categories', 'blogs'];
/** The captured answers ask for ten items a group: recall@10. */
const LIMIT = 10;
export const MIN_RECALL = 0.9;

/** Deterministic pseudo-random numbers (mulberry32): the same set from the same catalogue. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A typing slip in one word of at least 5 letters: a letter dropped, doubled or swapped with the next. */
export function typo(term, next) {
  const words = term.split(' ');
  const candidates = words.map((w, i) => [w, i]).filter(([w]) => w.length >= 5);
  if (candidates.length === 0) return term;
  const [word, index] = candidates[Math.floor(next() * candidates.length)];
  const at = 1 + Math.floor(next() * (word.length - 2));
  const kind = Math.floor(next() * 3);
  const slipped =
    kind === 0
      ? word.slice(0, at) + word.slice(at + 1)
      : kind === 1
        ? word.slice(0, at) + word[at] + word.slice(at)
        : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  words[index] = slipped;
  return words.join(' ');
}

const stop = new Set(['and', 'for', 'the', 'with', 'des', 'les', 'pour', 'par', 'avec', 'sur', 'aux', 'une']);
/** The first two words of a name that are words (letters, ≥ 3 of them, not stop words). */
function firstTwoWords(name) {
  const words = name
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 3 && !stop.has(w));
  return words.length >= 2 ? `${words[0]} ${words[1]}` : null;
}

/** Rows picked in a fixed pseudo-random order of their ids (the same rows from the same seed). */
const hashed = (column = 'id') => `(${column} * 2654435761) % 4294967296`;

/**
 * The query set, drawn from the catalogue through `query(sql) → rows` (pg or PGlite). 54 plain queries — 10 frequent
 * product words, 10 rare words, 10 two-word phrases of product names, 10 storefront names, 8 service names, 6 French
 * phrases — and 18 of them again with a typing slip (a quarter of the 72).
 */
export async function relevanceQueries(query) {
  const column = async (text) => (await query(text)).map((row) => Object.values(row)[0]);
  const frequent = await column(
    `SELECT word FROM search_words WHERE product_ndoc > 0 AND length(word) >= 4 AND word !~ '[0-9]'
     ORDER BY product_ndoc DESC, word LIMIT 10`,
  );
  // The rarest words: six that products hold, four that only storefronts, services, categories or posts hold.
  const rare = [
    ...(await column(
      `SELECT word FROM search_words WHERE product_ndoc > 0 AND length(word) >= 5 AND word ~ '^[a-z]+$'
       ORDER BY product_ndoc, md5(word) LIMIT 6`,
    )),
    ...(await column(
      `SELECT word FROM search_words WHERE product_ndoc = 0 AND ndoc > 0 AND length(word) >= 5 AND word ~ '^[a-z]+$'
       ORDER BY ndoc, md5(word) LIMIT 4`,
    )),
  ];
  const productNames = await column(
    `SELECT name_en FROM products WHERE status = 'active' ORDER BY ${hashed()} LIMIT 200`,
  );
  const phrases = [...new Set(productNames.map(firstTwoWords).filter(Boolean))].slice(0, 10);
  const storefronts = await column(`SELECT name FROM sellers WHERE listed ORDER BY ${hashed()}, id LIMIT 10`);
  const services = await column(`SELECT name_en FROM services ORDER BY ${hashed()}, id LIMIT 8`);
  const frenchNames = await column(
    `SELECT name_fr FROM products WHERE status = 'active' ORDER BY ${hashed('(id + 7)')} LIMIT 200`,
  );
  const french = [...new Set(frenchNames.map(firstTwoWords).filter(Boolean))].slice(0, 6);
  const plain = [
    ...frequent.map((q) => ({ kind: 'frequent', q })),
    ...rare.map((q) => ({ kind: 'rare', q })),
    ...phrases.map((q) => ({ kind: 'phrase', q })),
    ...storefronts.map((q) => ({ kind: 'storefront', q })),
    ...services.map((q) => ({ kind: 'service', q })),
    ...french.map((q) => ({ kind: 'french', q })),
  ];
  // Three slips per kind, on entries whose text has a word long enough to slip.
  const next = random(35);
  const slipped = [];
  for (const kind of ['frequent', 'rare', 'phrase', 'storefront', 'service', 'french']) {
    const ofKind = plain.filter((entry) => entry.kind === kind);
    let taken = 0;
    for (const entry of ofKind) {
      if (taken === 3) break;
      const q = typo(entry.q, next);
      if (q === entry.q) continue;
      slipped.push({ kind, q, typo: true });
      taken += 1;
    }
  }
  return [...plain, ...slipped];
}

/** What identifies an item of a group in an answer: its slug (ids differ between seeds, slugs less so). */
const itemKey = (item) => String(item.slug ?? item.id);

/** Each query's answer as the slugs of each group, in order (uncached server: the bench turns caches off). */
export async function captureAnswers(base, queries) {
  const answers = [];
  for (const entry of queries) {
    const res = await fetch(`${base}/api/v1/search?q=${encodeURIComponent(entry.q)}&limit=${LIMIT}`, {
      headers,
    });
    if (!res.ok) throw new Error(`search "${entry.q}": ${res.status} ${await res.text()}`);
    const body = await res.json();
    answers.push({
      ...entry,
      groups: Object.fromEntries(GROUPS.map((group) => [group, body[group].map(itemKey)])),
    });
  }
  return answers;
}

/**
 * recall@10 of `actual` against `expected`: for each query, the share of the expected items (all groups) found
 * among the same group's first ten; the mean over the queries that expected something. Plus the storefront and
 * service names whose first storefront (service) changed, and queries that found nothing where items were expected.
 */
export function compareAnswers(expected, actual) {
  const byText = new Map(actual.map((answer) => [answer.q, answer]));
  const recalls = [];
  const byKind = new Map();
  const firstChanged = [];
  const lost = [];
  for (const want of expected) {
    const got = byText.get(want.q);
    if (!got) throw new Error(`no answer for "${want.q}"`);
    let expectedItems = 0;
    let found = 0;
    for (const group of GROUPS) {
      const have = new Set(got.groups[group] ?? []);
      for (const key of want.groups[group]) {
        expectedItems += 1;
        if (have.has(key)) found += 1;
      }
    }
    if (expectedItems > 0) {
      const recall = found / expectedItems;
      recalls.push(recall);
      const kind = byKind.get(want.kind) ?? [];
      kind.push(recall);
      byKind.set(want.kind, kind);
      if (found === 0) lost.push(want.q);
    }
    const firstGroup = want.kind === 'storefront' ? 'sellers' : want.kind === 'service' ? 'services' : null;
    if (firstGroup && want.groups[firstGroup][0] !== got.groups[firstGroup][0])
      firstChanged.push(
        `${want.q}: ${want.groups[firstGroup][0] ?? '—'} → ${got.groups[firstGroup][0] ?? '—'}`,
      );
  }
  const mean = (values) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
  return {
    recall: mean(recalls),
    counted: recalls.length,
    byKind: Object.fromEntries([...byKind].map(([kind, values]) => [kind, mean(values)])),
    firstChanged,
    lost,
  };
}

/** The catalogue a set belongs to: its size, which names the captured file. */
export async function catalogueOf(query) {
  const [row] = await query(
    `SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM services)::int AS services,
            (SELECT count(*) FROM sellers)::int AS sellers, (SELECT min(slug) FROM products) AS first_slug`,
  );
  return row;
}

export const baselineFile = (catalogue) =>
  path.join(repoRoot, 'bench', 'search-relevance', `catalogue-${catalogue.products}-products.json`);

export function readBaseline(catalogue) {
  const file = baselineFile(catalogue);
  if (!existsSync(file)) return null;
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  for (const key of ['products', 'services', 'sellers', 'first_slug'])
    if (saved.catalogue[key] !== catalogue[key])
      throw new Error(
        `${path.relative(repoRoot, file)} was captured on another catalogue (${key}: ${saved.catalogue[key]} vs ${catalogue[key]})`,
      );
  return saved;
}

export function writeBaseline(catalogue, queries, answers, capturedFrom) {
  const file = baselineFile(catalogue);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ catalogue, capturedFrom, queries: queries.length, answers }, null, 1)}\n`,
  );
  return path.relative(repoRoot, file);
}

/** Prints the check's lines; returns whether it passed. */
export function printCheck(label, result) {
  const kinds = Object.entries(result.byKind)
    .map(([kind, recall]) => `${kind} ${recall.toFixed(2)}`)
    .join(', ');
  const pass = result.recall >= MIN_RECALL && result.firstChanged.length === 0;
  console.info(
    `${label} relevance: recall@10 ${result.recall.toFixed(3)} over ${result.counted} queries (${kinds}); ` +
      `first storefront/service changed for ${result.firstChanged.length}; ${pass ? 'PASS' : 'FAIL'} ` +
      `(recall@10 ≥ ${MIN_RECALL}, first result unchanged)`,
  );
  for (const line of result.firstChanged) console.info(`    first result changed: ${line}`);
  if (result.lost.length > 0)
    console.info(`    found none of the expected items: ${result.lost.join(' | ')}`);
  return pass;
}

/**
 * Checks (or captures, `capture`) the relevance set against a running server `base` on the catalogue read through
 * `query`. Returns whether the check passed (true after a capture).
 */
export async function relevanceCheck(label, base, query, { capture = false } = {}) {
  const catalogue = await catalogueOf(query);
  const queries = await relevanceQueries(query);
  const answers = await captureAnswers(base, queries);
  if (capture) {
    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
    const file = writeBaseline(catalogue, queries, answers, commit.stdout.trim());
    console.info(`${label} relevance set: ${queries.length} queries captured in ${file}`);
    return true;
  }
  const baseline = readBaseline(catalogue);
  if (!baseline) {
    console.info(
      `${label} relevance: no captured set for ${catalogue.products} products (run bench/search-relevance.mjs --capture on the code to compare with)`,
    );
    return false;
  }
  const drawn = JSON.stringify(queries.map((entry) => entry.q));
  const saved = JSON.stringify(baseline.answers.map((entry) => entry.q));
  if (drawn !== saved)
    console.info(`${label} relevance: the queries drawn today differ from the captured ones`);
  return printCheck(label, compareAnswers(baseline.answers, answers));
}

async function main() {
  const capture = process.argv.includes('--capture');
  const cacheOff = { CATALOG_LISTING_CACHE_MS: '0', SEARCH_CACHE_MS: '0', SEED: 'never' };
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${process.env.BENCH_DATABASE ?? 'maple_bench'}`;
    const server = await startServer({ env: { ...cacheOff, DATABASE_URL: url.toString() } });
    console.info(`search engine: ${(await searchIndexReady(server.url)).state}`);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const ok = await relevanceCheck(
        'PostgreSQL',
        server.url,
        async (text) => (await client.query(text)).rows,
        {
          capture,
        },
      );
      process.exitCode = ok ? 0 : 1;
    } finally {
      await client.end();
      await server.stop();
    }
    return;
  }
  let dataDir = process.env.BENCH_PGLITE_DIR;
  const fresh = !dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-relevance-'));
    const seeded = spawnSync(process.execPath, ['apps/server/dist/seed.js'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
      },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  }
  try {
    // PGlite holds its directory alone: the queries are drawn first, then the server opens it.
    const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    const rowsOf = new Map();
    for (const text of [...(await collectQueryTexts())]) rowsOf.set(text, (await db.query(text)).rows);
    await db.close();
    const query = async (text) => {
      const rows = rowsOf.get(text);
      if (!rows) throw new Error(`not collected: ${text}`);
      return rows;
    };
    const server = await startServer({ env: { ...cacheOff, DATA_DIR: dataDir } });
    console.info(`search engine: ${(await searchIndexReady(server.url)).state}`);
    try {
      const ok = await relevanceCheck('PGlite', server.url, query, { capture });
      process.exitCode = ok ? 0 : 1;
    } finally {
      await server.stop();
    }
  } finally {
    if (fresh) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The SQL texts relevanceQueries and catalogueOf run (to read them from PGlite before the server opens it). */
async function collectQueryTexts() {
  const texts = new Set();
  const record = async (text) => {
    texts.add(text);
    return [];
  };
  await relevanceQueries(record);
  await catalogueOf(record).catch(() => undefined);
  return texts;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
