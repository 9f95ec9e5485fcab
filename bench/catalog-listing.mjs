// Catalogue listing at scale (issue 4): a listing with three filters and a (misspelt) text search.
// PostgreSQL (DATABASE_URL): its own database `maple_bench` with 1,000,000 products; PGlite: 100,000 products.
// Prints warm p50/p99 of the endpoint, the raw SQL time of the same statements, autocannon req/s of the
// listing next to /healthz in the same run (uncached and with the listing result cache, decision 041), and the
// default seed time on PGlite.
// Env: BENCH_PRODUCTS (PostgreSQL scale, default 1000000), BENCH_PGLITE_PRODUCTS (default 100000),
// BENCH_REUSE=1 keeps an already seeded maple_bench, BENCH_SKIP_PGLITE=1 / BENCH_SKIP_PG=1.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { load, printLoad, repoRoot, startServer } from './lib.mjs';

const headers = { role: 'buyer' };
/** Three filters + text with a typo; the typo is corrected against the vocabulary (decision 040). */
const queries = [
  'q=alumnum%20extrusion&state=ON&isVerified=true&deliveryDays=10',
  'q=stainless&state=QC&isVerified=true&maxPrice=500000',
  'q=boitier%20inoxidable&state=ON&origin=made-in-canada&minQuantity=100',
  'q=pallet&state=BC&isVerified=false&deliveryDays=7',
];
const listingUrl = (base, i) => `${base}/api/v1/product?${queries[i % queries.length]}&pageSize=20`;

/**
 * The statements the endpoint runs for the first query, written out (raw SQL time, run one after the other;
 * the server runs them in parallel). The typo lookup (alumnum → aluminum) is cached in the server for a minute.
 */
const rawStatements = [
  // Page: frequent words → ordered walk of (province, verified, popularity) with the text checked per row.
  `SELECT p.id, p.slug, p.name_en, s.name, c.slug, sc.slug FROM (
     SELECT * FROM products p WHERE (p.search_doc @@ to_tsquery('simple', 'aluminum & (extrusion | extrusions)')) IS TRUE
       AND p.status = 'active' AND p.province = 'ON' AND p.verified = true AND p.delivery_days <= 10
     ORDER BY p.popularity_score DESC, p.id DESC LIMIT 20 OFFSET 0) p
   JOIN sellers s ON s.id = p.seller_id JOIN categories c ON c.id = p.category_id JOIN categories sc ON sc.id = p.subcategory_id
   ORDER BY p.popularity_score DESC, p.id DESC`,
  // Capped count: text and the province/verified tokens in one GIN condition, the rest checked on the row.
  `SELECT count(*)::int FROM (SELECT 1 FROM products p
     WHERE p.search_doc @@ to_tsquery('simple', 'aluminum & (extrusion | extrusions) & 0fpon & 0fv1')
       AND p.status = 'active' AND p.delivery_days <= 10 LIMIT 10001) x`,
];

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

async function measureEndpoint(label, url) {
  const latency = await timeIt((i) =>
    fetch(listingUrl(url, i), { headers }).then(async (res) => {
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      return res.arrayBuffer();
    }),
  );
  const first = await (await fetch(listingUrl(url, 0), { headers })).json();
  console.info(
    `${label} listing (3 filters + "alumnum extrusion" etc.), sequential warm: p50 ${fmt(latency.p50)}  p99 ${fmt(latency.p99)}  (first query: total ${first.total}${first.totalCapped ? '+' : ''}, corrected to "${first.correctedQuery}")`,
  );
  printLoad(`${label} GET /healthz`, await load(`${url}/healthz`));
  printLoad(`${label} GET /api/v1/product (listing)`, await load(listingUrl(url, 0), { headers }));
}

async function runPostgres() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl || process.env.BENCH_SKIP_PG) {
    console.info('PostgreSQL part skipped (no DATABASE_URL)');
    return;
  }
  const products = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
  const benchUrl = new URL(baseUrl);
  benchUrl.pathname = '/maple_bench';
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  let reuse = false;
  if (process.env.BENCH_REUSE) {
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'maple_bench'`);
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
    await admin.query('DROP DATABASE IF EXISTS maple_bench WITH (FORCE)');
    await admin.query('CREATE DATABASE maple_bench');
  }
  await admin.end();
  if (!reuse) {
    const seeded = seed({ DATABASE_URL: benchUrl.toString() }, products);
    console.info(
      `PostgreSQL seed with ${products} products: ${(seeded.ms / 1000).toFixed(1)} s (${seeded.catalogLine})`,
    );
  }

  const client = new pg.Client({ connectionString: benchUrl.toString() });
  await client.connect();
  const { rows } = await client.query('SELECT count(*)::int AS n FROM products');
  const raw = await timeIt(async () => {
    for (const statement of rawStatements) await client.query(statement);
  });
  console.info(
    `PostgreSQL ${rows[0].n} products, raw SQL of the same statements: p50 ${fmt(raw.p50)}  p99 ${fmt(raw.p99)}`,
  );
  await client.end();

  await measureBoth('PostgreSQL', { DATABASE_URL: benchUrl.toString(), SEED: 'never' });
}

/**
 * The endpoint twice (decision 041): uncached (CATALOG_LISTING_CACHE_MS=0 turns off the listing result cache and
 * the count cache, so every request runs its SQL) and with the default 5 s result cache, as hot listing pages are
 * served in production.
 */
async function measureBoth(label, env) {
  for (const [suffix, extra] of [
    ['uncached', { CATALOG_LISTING_CACHE_MS: '0' }],
    ['cached 5 s', { CATALOG_LISTING_CACHE_MS: '5000' }],
  ]) {
    const server = await startServer({ env: { ...env, ...extra } });
    try {
      await measureEndpoint(`${label} [${suffix}]`, server.url);
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
    const raw = await timeIt(async () => {
      for (const statement of rawStatements) await db.query(statement);
    });
    console.info(
      `PGlite ${products} products, raw SQL of the same statements: p50 ${fmt(raw.p50)}  p99 ${fmt(raw.p99)}`,
    );
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
