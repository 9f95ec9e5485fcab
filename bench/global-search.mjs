// One search for everything (decision 085): `GET /api/v1/search` (products, services, sellers,
// categories, blog posts) on PostgreSQL with 1,000,000 products, next to /healthz in the same run.
// Prints the endpoint sequentially (one connection) and under autocannon at 20 connections, uncached
// (CATALOG_LISTING_CACHE_MS=0) and with the short result cache it shares with the listings (decision 041).
// The queries rotate over frequent and rare words, typos in English and French, a seller's and a service's name.
// A second, realistic mix: 200 distinct terms drawn from the database — product and service words,
// two-word phrases, storefront and service names, a quarter of them with a typo — requested in a Zipf order
// (rank r asked ∝ 1/r), so a few terms are frequent and most are rare, as in a real search log. With the
// result cache on, the frequent ones are served from it and the long tail is computed.
// The cached server keeps search answers 5 minutes (decision 180: dropped at once when the catalogue version
// changes), so after its first request a term is a hit for the rest of the run: each mix line says how many of its
// requests asked a text for the first time. A third, harsher variant at 20 connections (the open tail) replaces one
// request in ten with a product name never asked before, as the once-only queries of a real search log.
// Each line prints the CPU per request of the server process and of PostgreSQL's backends serving the bench's database
// over the same requests. The uncached server turns every cache of the search path off (answers, listing pages, the
// typo vocabulary's word lookups: SEARCH_WORDS_CACHE_MS=0) and says so; the relevance set (search-relevance.mjs) is
// checked on it.
// Env: DATABASE_URL (the server; skipped without it), BENCH_PRODUCTS (default 1000000), BENCH_REUSE=1 keeps an
// already seeded database, BENCH_DATABASE (default maple_bench, the catalogue-listing benchmark's; seeded when missing).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { answered, cpuMeter, printLoad, repoRoot, searchIndexReady, startServer } from './lib.mjs';
import { random, relevanceCheck, typo } from './search-relevance.mjs';

const headers = { role: 'buyer' };
export const searchQueries = [
  'steel',
  'Flatbed trucking',
  'Tundra Steel',
  'alumnum extrusions',
  'acier inoxidable',
  'packaging',
  'transport par plateau',
  'cnc machining',
];
const searchPath = (i) => `/api/v1/search?q=${encodeURIComponent(searchQueries[i % searchQueries.length])}`;

/** 200 distinct search terms from the catalogue itself, shuffled into Zipf ranks, a quarter with a typo. */
export async function realisticTerms(client, count = 200) {
  const next = random(15);
  const column = async (text) => (await client.query(text)).rows.map((row) => Object.values(row)[0]);
  const productWords = await column(
    `SELECT word FROM search_words WHERE product_ndoc > 0 AND length(word) >= 4 ORDER BY product_ndoc DESC, word LIMIT 60`,
  );
  const otherWords = await column(
    `SELECT word FROM search_words WHERE ndoc - product_ndoc > 0 AND product_ndoc = 0 AND length(word) >= 4
     ORDER BY ndoc DESC, word LIMIT 40`,
  );
  const sellerNames = await column(
    `SELECT name FROM sellers ORDER BY (id * 2654435761) % 4294967296 LIMIT 30`,
  );
  const serviceNames = await column(
    `SELECT name_en FROM services ORDER BY (id * 2654435761) % 4294967296 LIMIT 20`,
  );
  const frenchNames = await column(
    `SELECT name_fr FROM products WHERE id <= 200000 ORDER BY (id * 2654435761) % 4294967296 LIMIT 20`,
  );
  const pairs = Array.from({ length: 40 }, () => {
    const a = productWords[Math.floor(next() * productWords.length)];
    const b = productWords[Math.floor(next() * productWords.length)];
    return a === b ? a : `${a} ${b}`;
  });
  const pool = [
    ...new Set([...productWords, ...otherWords, ...pairs, ...sellerNames, ...serviceNames, ...frenchNames]),
  ];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const terms = [];
  const seen = new Set();
  for (const term of pool) {
    const asked = next() < 0.25 ? typo(term, next) : term;
    if (seen.has(asked)) continue;
    seen.add(asked);
    terms.push(asked);
    if (terms.length === count) break;
  }
  return terms;
}

/**
 * Terms nobody asked before, for the open-tail variant (decision 180): product names in English or French (every
 * name is distinct: it ends in a model code), a quarter with a typing slip, from rows the 200 terms did not use.
 */
export async function tailTerms(client, count = 3_000) {
  const next = random(180);
  const { rows } = await client.query(
    `SELECT CASE WHEN id % 2 = 0 THEN name_en ELSE name_fr END AS name FROM products
     WHERE id > 200000 ORDER BY (id * 2654435761) % 4294967296 LIMIT $1`,
    [count],
  );
  return rows.map(({ name }) => (next() < 0.25 ? typo(name, next) : name));
}

/** Request paths in Zipf order over the ranked terms: rank r is asked with probability ∝ 1/r. */
function zipfPaths(terms, length = 20_000) {
  const next = random(42);
  const weights = terms.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const cumulative = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w / total));
  return Array.from({ length }, () => {
    const u = next();
    const rank = cumulative.findIndex((c) => c >= u);
    return `/api/v1/search?q=${encodeURIComponent(terms[rank === -1 ? terms.length - 1 : rank])}`;
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms) => `${ms.toFixed(2)} ms`;

async function fetchOk(url) {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json();
}

/** One request at a time; `meter` (a cpuMeter factory) measures the CPU of the timed runs only. */
async function sequential(base, { warm = 40, runs = 400, pathAt = searchPath, meter = null } = {}) {
  for (let i = 0; i < warm; i++) await fetchOk(`${base}${pathAt(i)}`);
  const times = [];
  const cpu = meter?.();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fetchOk(`${base}${pathAt(warm + i)}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), cpu: cpu?.(runs).line ?? '' };
}

function loadRequests(base, requests, { duration = 10, connections = 20 } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, duration, connections, headers, requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** autocannon over the rotating queries (one request list, each connection walks it). */
const loadSearch = (base) =>
  loadRequests(
    base,
    searchQueries.map((_, i) => ({ method: 'GET', path: searchPath(i) })),
  );

/**
 * autocannon over the Zipf mix: the connections share one position in the request list. Also says how many of the
 * requests asked a text for the first time since the server started (`seen`: the texts asked before): with the
 * search answer cache those are its misses (its lifetime outlasts a run unless the catalogue changes).
 */
async function loadMix(base, paths, seen = new Set()) {
  let position = 0;
  const result = await loadRequests(base, [
    { method: 'GET', setupRequest: (request) => ({ ...request, path: paths[position++ % paths.length] }) },
  ]);
  let first = 0;
  for (let i = 0; i < position; i++) {
    const path = paths[i % paths.length];
    if (!seen.has(path)) first += 1;
    seen.add(path);
  }
  return { result, asked: position, first };
}

const firstAsked = ({ asked, first }) =>
  `    ${first} of ${asked} requests (${((100 * first) / Math.max(1, asked)).toFixed(1)} %) asked a text for the first time`;

/** The Zipf mix with one request in ten replaced by a text never asked before (decision 180's open tail). */
function openTailPaths(paths, tail) {
  return paths.map((path, i) =>
    i % 10 === 9 ? `/api/v1/search?q=${encodeURIComponent(tail[Math.floor(i / 10) % tail.length])}` : path,
  );
}

function loadHealthz(base, { duration = 5, connections = 20 } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${base}/healthz`, duration, connections }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function ensureDatabase(baseUrl, products) {
  const benchName = process.env.BENCH_DATABASE ?? 'maple_bench';
  if (!/^\w+$/.test(benchName)) throw new Error(`BENCH_DATABASE must be a plain name: ${benchName}`);
  const benchUrl = new URL(baseUrl);
  benchUrl.pathname = `/${benchName}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  let reuse = false;
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [benchName]);
  if (exists.rowCount && process.env.BENCH_REUSE) {
    const probe = new pg.Client({ connectionString: benchUrl.toString() });
    await probe.connect();
    const count = await probe
      .query('SELECT count(*)::int AS n FROM products')
      .catch(() => ({ rows: [{ n: 0 }] }));
    await probe.end();
    reuse = count.rows[0].n >= products;
  }
  if (!reuse) {
    await admin.query(`DROP DATABASE IF EXISTS ${benchName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${benchName}`);
  }
  await admin.end();
  if (!reuse) {
    const started = performance.now();
    const result = spawnSync(process.execPath, ['apps/server/dist/seed.js', '--products', String(products)], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: benchUrl.toString() },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`seed failed: ${result.stderr}`);
    console.info(
      `PostgreSQL seed with ${products} products: ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return benchUrl.toString();
}

/** Caches off for the uncached lines: answers, listing pages and the typo vocabulary's word lookups. */
export const cachesOff = { CATALOG_LISTING_CACHE_MS: '0', SEARCH_CACHE_MS: '0', SEARCH_WORDS_CACHE_MS: '0' };

async function measure(label, databaseUrl, env, mix, tail, { relevance = false } = {}) {
  const server = await startServer({ env: { DATABASE_URL: databaseUrl, SEED: 'never', ...env } });
  const database = new URL(databaseUrl).pathname.slice(1);
  const meter = () => cpuMeter(server, database);
  try {
    console.info(
      `${label}: server with ${Object.entries(env)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')}`,
    );
    // The in-process index is built after start-up (decision 329): its lines are measured once it answers.
    const index = await searchIndexReady(server.url);
    console.info(
      `${label}: search engine ${index.state === 'off' ? 'SQL (SEARCH_ENGINE=sql)' : 'in-process index'}` +
        (index.state === 'off' ? '' : `, ready ${(index.ms / 1000).toFixed(1)} s after the server`) +
        `; load average ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    const first = await fetchOk(`${server.url}${searchPath(0)}`);
    const groups = ['products', 'services', 'sellers', 'categories', 'blogs'];
    console.info(`${label}: "steel" → ${groups.map((g) => `${g} ${first[g].length}`).join(', ')}`);
    const steel = await sequential(server.url, { pathAt: () => searchPath(0), meter });
    console.info(
      `${label} GET /api/v1/search "steel", one connection: p50 ${fmt(steel.p50)}  p99 ${fmt(steel.p99)}  ${steel.cpu}`,
    );
    const seq = await sequential(server.url, { meter });
    console.info(
      `${label} GET /api/v1/search, one connection: p50 ${fmt(seq.p50)}  p99 ${fmt(seq.p99)}  ${seq.cpu}`,
    );
    let cpu = meter();
    let result = await loadHealthz(server.url);
    printLoad(`${label} GET /healthz`, result, cpu(answered(result)).line);
    cpu = meter();
    result = await loadSearch(server.url);
    printLoad(`${label} GET /api/v1/search (20 conn.)`, result, cpu(answered(result)).line);
    const mixSeq = await sequential(server.url, { warm: 0, runs: 400, pathAt: (i) => mix[i], meter });
    const seen = new Set(mix.slice(0, 400));
    console.info(
      `${label} realistic mix, one connection: p50 ${fmt(mixSeq.p50)}  p99 ${fmt(mixSeq.p99)}  ${mixSeq.cpu}` +
        ` (${seen.size} of its 400 requests asked a text for the first time)`,
    );
    cpu = meter();
    const mixLoad = await loadMix(server.url, mix.slice(400), seen);
    printLoad(`${label} realistic mix (20 conn.)`, mixLoad.result, cpu(answered(mixLoad.result)).line);
    console.info(firstAsked(mixLoad));
    if (tail) {
      cpu = meter();
      const openLoad = await loadMix(server.url, openTailPaths(mix.slice(400), tail), seen);
      printLoad(
        `${label} realistic mix, open tail (20 conn.)`,
        openLoad.result,
        cpu(answered(openLoad.result)).line,
      );
      console.info(firstAsked(openLoad));
    }
    if (relevance) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await relevanceCheck(label, server.url, async (text) => (await client.query(text)).rows);
      } finally {
        await client.end();
      }
    }
  } finally {
    await server.stop();
  }
}

export async function run() {
  console.info('\n# global search (products, services, sellers, categories, blog posts)');
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.info('global search skipped (no DATABASE_URL)');
    return;
  }
  const products = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
  const databaseUrl = await ensureDatabase(baseUrl, products);
  // A reused database may predate the latest migrations: one server start applies them.
  await (await startServer({ env: { DATABASE_URL: databaseUrl, SEED: 'never' } })).stop();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('SELECT count(*)::int AS n FROM products');
  const buffers = (await client.query('SHOW shared_buffers')).rows[0].shared_buffers;
  const terms = await realisticTerms(client);
  const tail = await tailTerms(client);
  await client.end();
  console.info(`PostgreSQL ${rows[0].n} products (shared_buffers ${buffers})`);
  const mix = zipfPaths(terms);
  const distinct = new Set(mix.slice(0, 5000)).size;
  console.info(
    `realistic mix: ${terms.length} terms, Zipf order (${distinct} distinct in the first 5,000 requests); ` +
      `top terms: ${terms.slice(0, 6).join(' | ')}; tail: ${terms.slice(-4).join(' | ')}`,
  );
  console.info(
    `load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  // Uncached: every cache of the search path is off (answers, listing pages, word lookups); the relevance set is
  // checked on that server.
  await measure('PostgreSQL uncached', databaseUrl, cachesOff, mix, tail, { relevance: true });
  // The server's defaults: listing pages 5 s, search answers 5 min, both dropped when the catalogue version changes.
  await measure(
    'PostgreSQL cached',
    databaseUrl,
    { CATALOG_LISTING_CACHE_MS: '5000', SEARCH_CACHE_MS: '300000' },
    mix,
    tail,
  );
  console.info(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
