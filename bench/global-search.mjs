// One search for everything (issue 15, decision 085): `GET /api/v1/search` (products, services, sellers,
// categories, blog posts) on PostgreSQL with 1,000,000 products, next to /healthz in the same run.
// Prints the endpoint sequentially (one connection) and under autocannon at 20 connections, uncached
// (CATALOG_LISTING_CACHE_MS=0) and with the short result cache it shares with the listings (decision 041).
// The queries rotate over frequent and rare words, typos in English and French, a seller's and a service's name.
// Env: DATABASE_URL (the server; skipped without it), BENCH_PRODUCTS (default 1000000), BENCH_REUSE=1 keeps an
// already seeded `maple_bench` (the catalogue-listing benchmark's database; seeded here when missing).
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { printLoad, repoRoot, startServer } from './lib.mjs';

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

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms) => `${ms.toFixed(2)} ms`;

async function fetchOk(url) {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json();
}

async function sequential(base, { warm = 40, runs = 400 } = {}) {
  for (let i = 0; i < warm; i++) await fetchOk(`${base}${searchPath(i)}`);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fetchOk(`${base}${searchPath(i)}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** autocannon over the rotating queries (one request list, each connection walks it). */
function loadSearch(base, { duration = 10, connections = 20 } = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        duration,
        connections,
        headers,
        requests: searchQueries.map((_, i) => ({ method: 'GET', path: searchPath(i) })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function loadHealthz(base, { duration = 5, connections = 20 } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${base}/healthz`, duration, connections }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function ensureDatabase(baseUrl, products) {
  const benchUrl = new URL(baseUrl);
  benchUrl.pathname = '/maple_bench';
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  let reuse = false;
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'maple_bench'`);
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
    await admin.query('DROP DATABASE IF EXISTS maple_bench WITH (FORCE)');
    await admin.query('CREATE DATABASE maple_bench');
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

async function measure(label, databaseUrl, cacheMs) {
  const server = await startServer({
    env: { DATABASE_URL: databaseUrl, SEED: 'never', CATALOG_LISTING_CACHE_MS: String(cacheMs) },
  });
  try {
    const first = await fetchOk(`${server.url}${searchPath(0)}`);
    const groups = ['products', 'services', 'sellers', 'categories', 'blogs'];
    console.info(`${label}: "steel" → ${groups.map((g) => `${g} ${first[g].length}`).join(', ')}`);
    const seq = await sequential(server.url);
    console.info(`${label} GET /api/v1/search, one connection: p50 ${fmt(seq.p50)}  p99 ${fmt(seq.p99)}`);
    printLoad(`${label} GET /healthz`, await loadHealthz(server.url));
    printLoad(`${label} GET /api/v1/search (20 conn.)`, await loadSearch(server.url));
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
  await client.end();
  console.info(`PostgreSQL ${rows[0].n} products (shared_buffers ${buffers})`);
  await measure('PostgreSQL uncached', databaseUrl, 0);
  await measure('PostgreSQL cached 5 s', databaseUrl, 5000);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
