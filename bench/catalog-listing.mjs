// Catalogue listing at scale (decisions 040–042): a listing with three filters and a (misspelt) text search.
// PostgreSQL (DATABASE_URL): its own database `maple_bench` with 1,000,000 products; PGlite: 100,000 products.
// Prints warm p50/p99 of the endpoint, the raw SQL time of the same statements, autocannon req/s of the
// listing next to /healthz in the same run (uncached and with the listing result cache, decision 041), how
// close the sampled totals are to exact counts (decision 042), the facet endpoint and a listing without text,
// and the default seed time on PGlite.
// Env: BENCH_PRODUCTS (PostgreSQL scale, default 1000000), BENCH_PGLITE_PRODUCTS (default 100000),
// BENCH_REUSE=1 keeps an already seeded maple_bench, BENCH_SKIP_PGLITE=1 / BENCH_SKIP_PG=1, BENCH_DATABASE (default
// maple_bench: another name lets two checkouts bench on one PostgreSQL without dropping each other's database).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import autocannon from 'autocannon';
import { answered, cpuMeter, load, printLoad, repoRoot, startServer } from './lib.mjs';

const headers = { role: 'buyer' };
/** Three filters + text with a typo; the typo is corrected against the vocabulary (decision 040). */
const queries = [
  'q=alumnum%20extrusion&state=ON&isVerified=true&deliveryDays=10',
  'q=stainless&state=QC&isVerified=true&maxPrice=500000',
  'q=boitier%20inoxidable&state=ON&origin=made-in-canada&minQuantity=100',
  'q=pallet&state=BC&isVerified=false&deliveryDays=7',
];
/** The same filters written as SQL, for the exact counts the sampled totals are compared with. */
const exactCountSql = [
  `search_doc @@ to_tsquery('simple', 'aluminum & (extrusion | extrusions)') AND province = 'ON' AND verified AND delivery_days <= 10`,
  `search_doc @@ to_tsquery('simple', 'stainless') AND province = 'QC' AND verified AND min_price_cents <= 500000`,
  `search_doc @@ to_tsquery('simple', 'boitier & inoxydable') AND province = 'ON' AND origin IN ('made-in-canada', 'product-of-canada') AND min_order_quantity <= 100`,
  `search_doc @@ to_tsquery('simple', 'pallet') AND province = 'BC' AND NOT verified AND delivery_days <= 7`,
];
const listingUrl = (base, i) => `${base}/api/v1/product?${queries[i % queries.length]}&pageSize=20`;

const cardColumns = `p.id, p.slug, p.name_en, p.name_fr, p.min_price_cents, p.max_price_cents, p.min_order_quantity, p.unit,
  p.lead_days, p.delivery_days, p.origin, p.verified, p.rating_avg, p.rating_count, p.created_at,
  c.slug AS category_slug, sc.slug AS subcategory_slug, s.seller_id, s.slug AS seller_slug, s.name AS seller_name,
  s.province AS seller_province, s.city AS seller_city, s.business_type AS seller_business_type, s.verified AS seller_verified`;
/**
 * The statements the endpoint runs for the first query (decision 042), written out and run one after the other
 * (the server runs the sample count beside the page). The typo lookup (alumnum → aluminum) is cached in the
 * server for a minute. Named, so PostgreSQL reuses their plans as the server's prepared statements do.
 */
const rawStatements = [
  // Page: frequent words → index-only walk of (province, popularity) with the filters and text checked per entry.
  {
    name: 'bench_walk',
    text: `SELECT p.id, p.popularity_score::text AS cursor_key FROM products p
      WHERE (p.search_doc @@ to_tsquery('simple', 'aluminum & (extrusion | extrusions)')) IS TRUE
        AND p.status = 'active' AND p.province = 'ON' AND p.verified = true AND p.delivery_days <= 10
      ORDER BY p.popularity_score DESC, p.id DESC LIMIT 21 OFFSET 0`,
  },
  // The page's cards by id, with the catalogue's copy of their seller (decision 110) and categories.
  {
    name: 'bench_cards',
    text: `SELECT ${cardColumns} FROM products p JOIN catalog_seller_cards s ON s.seller_id = p.seller_id
      JOIN categories c ON c.id = p.category_id JOIN categories sc ON sc.id = p.subcategory_id
      WHERE p.id = ANY($1::bigint[])`,
    idsFromPrevious: true,
  },
  // Estimated total: the matches in the 1-in-64 sample (partial GIN index).
  {
    name: 'bench_sample',
    text: `SELECT count(*)::int AS n FROM products p WHERE ((p.id * 2654435761) % 4294967296) < 67108864
      AND p.search_doc @@ to_tsquery('simple', 'aluminum & (extrusion | extrusions) & 0fpon & 0fv1')
      AND p.status = 'active' AND p.province = 'ON' AND p.verified = true AND p.delivery_days <= 10`,
  },
];

/**
 * The cards statement with the seller joined from the catalogue's copy (decision 110) and, for comparison, from
 * the sellers module's table as before it, on the same pages, interleaved (each page runs both, in both orders)
 * so both see the same machine load.
 */
async function compareSellerJoins(client) {
  const variants = {
    catalog_seller_cards: rawStatements[1].text,
    'sellers (before 110)': rawStatements[1].text
      .replace('s.seller_id,', 's.id AS seller_id,')
      .replace(
        'JOIN catalog_seller_cards s ON s.seller_id = p.seller_id',
        'JOIN sellers s ON s.id = p.seller_id',
      ),
  };
  const pages = [];
  for (const order of ['popularity_score DESC', 'created_at DESC', 'id'])
    for (const size of [21, 61]) {
      const { rows } = await client.query(
        `SELECT id FROM products WHERE status = 'active' ORDER BY ${order} LIMIT ${size}`,
      );
      pages.push(`{${rows.map((row) => row.id).join(',')}}`);
    }
  const names = Object.keys(variants);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  const warm = 100;
  const runs = 2000;
  for (let i = 0; i < warm + runs; i++) {
    const order = Math.floor(i / pages.length) % 2 ? [...names].reverse() : names;
    for (const name of order) {
      const started = performance.now();
      await client.query({
        name: `bench_cards_v${names.indexOf(name)}`,
        text: variants[name],
        values: [pages[i % pages.length]],
      });
      if (i >= warm) times[name].push(performance.now() - started);
    }
  }
  for (const name of names) {
    const sorted = times[name].sort((a, b) => a - b);
    console.info(
      `  cards (21 and 61 ids) with the seller from ${name.padEnd(20)} p50 ${fmt(percentile(sorted, 50))}  p90 ${fmt(percentile(sorted, 90))}  p99 ${fmt(percentile(sorted, 99))}`,
    );
  }
}

/** Runs the statements in order through `query(name, text, values)`; the cards take the walk's ids. */
async function runRaw(query) {
  let previous = [];
  for (const statement of rawStatements) {
    const values = statement.idsFromPrevious ? [`{${previous.map((row) => row.id).join(',')}}`] : [];
    previous = await query(statement.name, statement.text, values);
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms) => `${ms.toFixed(2)} ms`;

async function timeIt(fn, { warm = 30, runs = 300 } = {}) {
  for (let i = 0; i < warm; i++) await fn(i);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

function seed(env, products) {
  const started = performance.now();
  const args = ['apps/server/dist/seed.js', ...(products ? ['--products', String(products)] : [])];
  const result = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seed failed: ${result.stderr}`);
  const catalogLine = result.stdout.split('\n').find((line) => line.startsWith('seed: catalog ('));
  return { ms: performance.now() - started, catalogLine };
}

/** Exact counts of the four queries (set by the raw SQL part), to show how close the sampled totals are. */
let exactCounts = [];

const fetchOk = (url) =>
  fetch(url, { headers }).then(async (res) => {
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return res.json();
  });

/** Product names nobody listed before, for the open-tail variant: one request in ten lists one of them. */
let tailNames = [];
const tailNamesSql = `SELECT name_en FROM products WHERE status = 'active' ORDER BY (id * 2654435761 + 12345) % 4294967296 LIMIT 3000`;

/** The rotating listings at 20 connections with one request in ten replaced by a never-listed product name. */
function loadOpenTail(url) {
  let position = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        duration: 5,
        connections: 20,
        headers,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const i = position++;
              const path =
                i % 10 === 9
                  ? `/api/v1/product?q=${encodeURIComponent(tailNames[Math.floor(i / 10) % tailNames.length])}&state=ON&pageSize=20`
                  : `/api/v1/product?${queries[i % queries.length]}&pageSize=20`;
              return { ...request, path };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function measureEndpoint(label, server, { withTotals, database }) {
  const { url } = server;
  const meter = () => cpuMeter(server, database);
  const cpuOfTimed = meter();
  const latency = await timeIt((i) => fetchOk(listingUrl(url, i)), { warm: 30, runs: 300 });
  // The warm-up's 30 requests are counted too: CPU per request over all 330.
  console.info(
    `${label} listing (3 filters + "alumnum extrusion" etc.), sequential warm: p50 ${fmt(latency.p50)}  p99 ${fmt(latency.p99)}  ${cpuOfTimed(330).line}`,
  );
  if (withTotals) {
    for (const [i, query] of queries.entries()) {
      const body = await fetchOk(listingUrl(url, i));
      const exact = exactCounts[i];
      const error = exact ? `${(((body.total - exact) / exact) * 100).toFixed(1)} %` : 'n/a';
      console.info(
        `  ${decodeURIComponent(query).padEnd(62)} total ${String(body.total).padStart(6)}${body.totalEstimated ? ' (estimated)' : ' (exact)    '}  exact count ${String(exact ?? '?').padStart(6)}  error ${error}${body.correctedQuery ? `  corrected to "${body.correctedQuery}"` : ''}`,
      );
    }
    const facets = await timeIt(
      (i) => fetchOk(`${url}/api/v1/product/facets?${queries[i % queries.length]}`),
      {
        warm: 10,
        runs: 100,
      },
    );
    console.info(`${label} facet counts of the same queries: p50 ${fmt(facets.p50)}  p99 ${fmt(facets.p99)}`);
    const browse = await timeIt(
      (i) =>
        fetchOk(
          `${url}/api/v1/product?${['state=ON&isVerified=true', 'category=metal-fabrication', 'minRating=4&maxPrice=20000', 'sort=newest&state=QC'][i % 4]}&pageSize=24`,
        ),
      { warm: 10, runs: 100 },
    );
    console.info(
      `${label} listings without text (province, category, rating + price, newest): p50 ${fmt(browse.p50)}  p99 ${fmt(browse.p99)}`,
    );
  }
  let cpu = meter();
  let result = await load(`${url}/healthz`);
  printLoad(`${label} GET /healthz`, result, cpu(answered(result)).line);
  cpu = meter();
  result = await load(listingUrl(url, 0), { headers });
  printLoad(`${label} GET /api/v1/product (listing)`, result, cpu(answered(result)).line);
  if (tailNames.length > 0) {
    cpu = meter();
    result = await loadOpenTail(url);
    printLoad(`${label} listings, open tail (20 conn.)`, result, cpu(answered(result)).line);
  }
}

async function runPostgres() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl || process.env.BENCH_SKIP_PG) {
    console.info('PostgreSQL part skipped (no DATABASE_URL)');
    return;
  }
  const products = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
  const benchName = process.env.BENCH_DATABASE ?? 'maple_bench';
  if (!/^\w+$/.test(benchName)) throw new Error(`BENCH_DATABASE must be a plain name: ${benchName}`);
  const benchUrl = new URL(baseUrl);
  benchUrl.pathname = `/${benchName}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  let reuse = false;
  if (process.env.BENCH_REUSE) {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [benchName]);
    if (exists.rowCount) {
      const probe = new pg.Client({ connectionString: benchUrl.toString() });
      await probe.connect();
      const count = await probe
        .query('SELECT count(*)::int AS n FROM products')
        .catch(() => ({ rows: [{ n: 0 }] }));
      await probe.end();
      reuse = count.rows[0].n >= products;
    }
  }
  if (!reuse) {
    await admin.query(`DROP DATABASE IF EXISTS ${benchName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${benchName}`);
  }
  await admin.end();
  if (!reuse) {
    const seeded = seed({ DATABASE_URL: benchUrl.toString() }, products);
    console.info(
      `PostgreSQL seed with ${products} products: ${(seeded.ms / 1000).toFixed(1)} s (${seeded.catalogLine})`,
    );
  }

  // A reused database may predate the latest migrations: one server start applies them.
  await (await startServer({ env: { DATABASE_URL: benchUrl.toString(), SEED: 'never' } })).stop();
  const client = new pg.Client({ connectionString: benchUrl.toString() });
  await client.connect();
  const { rows } = await client.query('SELECT count(*)::int AS n FROM products');
  const buffers = (await client.query('SHOW shared_buffers')).rows[0].shared_buffers;
  const raw = await timeIt(() =>
    runRaw(async (name, text, values) => (await client.query({ name, text, values })).rows),
  );
  console.info(
    `PostgreSQL ${rows[0].n} products (shared_buffers ${buffers}), raw SQL of the same statements: p50 ${fmt(raw.p50)}  p99 ${fmt(raw.p99)}`,
  );
  await compareSellerJoins(client);
  tailNames = (await client.query(tailNamesSql)).rows.map((row) => row.name_en);
  exactCounts = [];
  for (const where of exactCountSql) {
    exactCounts.push(
      (await client.query(`SELECT count(*)::int AS n FROM products WHERE status = 'active' AND ${where}`))
        .rows[0].n,
    );
  }
  await client.end();

  await measureBoth('PostgreSQL', { DATABASE_URL: benchUrl.toString(), SEED: 'never' }, benchName);
}

/**
 * The endpoint twice (decision 041): uncached (CATALOG_LISTING_CACHE_MS=0 turns off the listing result cache, so
 * every request runs its SQL) and with the default 5 s result cache, as hot listing pages are served in production.
 */
async function measureBoth(label, env, database = null) {
  for (const [suffix, extra] of [
    // Uncached: the listing and search answer caches and the typo vocabulary's word lookups are all off.
    ['uncached', { CATALOG_LISTING_CACHE_MS: '0', SEARCH_CACHE_MS: '0', SEARCH_WORDS_CACHE_MS: '0' }],
    ['cached 5 s', { CATALOG_LISTING_CACHE_MS: '5000' }],
  ]) {
    const server = await startServer({ env: { ...env, ...extra } });
    console.info(
      `${label} [${suffix}]: server with ${Object.entries(extra)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')}; ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} load average`,
    );
    try {
      await measureEndpoint(`${label} [${suffix}]`, server, { withTotals: suffix === 'uncached', database });
    } finally {
      await server.stop();
    }
  }
}

async function runPglite() {
  if (process.env.BENCH_SKIP_PGLITE) return;
  const products = Number(process.env.BENCH_PGLITE_PRODUCTS ?? 100_000);
  const defaultDir = mkdtempSync(path.join(os.tmpdir(), 'maple-bench-default-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maple-bench-pglite-'));
  try {
    const defaults = seed({ DATA_DIR: defaultDir, DATABASE_URL: '' });
    console.info(
      `PGlite default seed (5,000 storefronts, 20,000 products; migrations included): ${(defaults.ms / 1000).toFixed(1)} s (${defaults.catalogLine})`,
    );
    rmSync(defaultDir, { recursive: true, force: true });
    const seeded = seed({ DATA_DIR: dataDir, DATABASE_URL: '' }, products);
    console.info(`PGlite seed with ${products} products: ${(seeded.ms / 1000).toFixed(1)} s`);

    const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    const raw = await timeIt(() =>
      runRaw(async (_name, text, values) => (await db.query(text, values)).rows),
    );
    console.info(
      `PGlite ${products} products, raw SQL of the same statements: p50 ${fmt(raw.p50)}  p99 ${fmt(raw.p99)}`,
    );
    exactCounts = [];
    for (const where of exactCountSql) {
      exactCounts.push(
        (await db.query(`SELECT count(*)::int AS n FROM products WHERE status = 'active' AND ${where}`))
          .rows[0].n,
      );
    }
    tailNames = (await db.query(tailNamesSql)).rows.map((row) => row.name_en);
    await db.close();

    await measureBoth('PGlite', { DATA_DIR: dataDir, SEED: 'never' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(defaultDir, { recursive: true, force: true });
  }
}

export async function run() {
  console.info('\n# catalogue listing');
  await runPostgres();
  await runPglite();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
