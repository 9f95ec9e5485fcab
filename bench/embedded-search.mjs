// The embedded default every newcomer meets (`npm start`: PGlite, the default seed of 20,000 products, the server's
// default caches): 300 grouped searches (`GET /api/v1/search`) for product names never asked before, 10 at a time,
// against `/healthz` 10 at a time from the same client in the same run; prints both rates, their ratio (target
// ≥ 0.25 with p99 ≤ 150 ms), the server's CPU per request (PGlite runs inside it) and the load average. Also the
// first page's requests (`/` when the web app is built, the hero settings and the first product page), so a faster
// search is seen not to cost the first page (they are measured while the in-process index is built, decision 329).
// Env: BENCH_PGLITE_DIR — a DATA_DIR seeded by `node apps/server/dist/seed.js` (copied, so every run starts from the
// same database); without it a fresh default seed in a temporary directory. BENCH_SEARCHES (default 300).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { cpuMeter, repoRoot, searchIndexReady, startServer } from './lib.mjs';
import { percentile } from './postgres-cpu.mjs';

const headers = { role: 'buyer' };
const concurrency = 10;
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** `paths` requested `concurrency` at a time by one client; every answer must be 200. */
async function closedLoop(base, paths) {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const path = paths[next++];
        const at = performance.now();
        const res = await fetch(`${base}${path}`, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        times.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { rate: paths.length / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function sequentialTimes(base, path, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const at = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    if (!res.ok) return null;
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Product names (EN and FR alternately) in a fixed order, none asked before in the run. */
async function productNames(dataDir, count) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    const { rows } = await db.query(
      `SELECT CASE WHEN id % 2 = 0 THEN name_en ELSE name_fr END AS name FROM products WHERE status = 'active'
       ORDER BY (id * 2654435761 + 99) % 4294967296 LIMIT $1`,
      [count],
    );
    return rows.map((row) => row.name);
  } finally {
    await db.close();
  }
}

export async function run() {
  console.info('\n# embedded default: grouped search for never-asked product names (PGlite, npm start)');
  const searches = Number(process.env.BENCH_SEARCHES ?? 300);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-embedded-'));
  try {
    if (process.env.BENCH_PGLITE_DIR) cpSync(process.env.BENCH_PGLITE_DIR, dataDir, { recursive: true });
    else {
      const started = performance.now();
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
      console.info(`default seed: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const names = await productNames(dataDir, searches);
    // The server as `npm start` runs it: its default caches (answers, listing pages, word lookups) stay on.
    const server = await startServer({ env: { DATA_DIR: dataDir, SEED: 'never' } });
    try {
      console.info(
        `${names.length} product names, e.g. ${names.slice(0, 3).join(' | ')}; load average ${loadAverage()}`,
      );
      // The first page: its HTML (when built) and two of its API reads, sequential.
      for (const [label, path] of [
        ['/ (HTML)', '/'],
        ['/api/v1/home-page/hero-settings', '/api/v1/home-page/hero-settings'],
        ['/api/v1/product?pageSize=24', '/api/v1/product?pageSize=24'],
      ]) {
        const times = await sequentialTimes(server.url, path, 50);
        console.info(
          times
            ? `first page ${label.padEnd(34)} one at a time: p50 ${fmt(times.p50)}  p99 ${fmt(times.p99)}`
            : `first page ${label.padEnd(34)} not served (web app not built?)`,
        );
      }
      // The in-process index is built after start-up, the first page served meanwhile (decision 329).
      const index = await searchIndexReady(server.url);
      console.info(
        `server ready in ${(server.readyMs / 1000).toFixed(1)} s; search engine ` +
          (index.state === 'off'
            ? 'SQL (SEARCH_ENGINE=sql)'
            : `in-process index, answering ${(index.ms / 1000).toFixed(1)} s after the first page's requests`),
      );
      // /healthz first (warms the connections), then the searches, then /healthz again: the ratio uses their mean.
      const healthPaths = Array.from({ length: 3_000 }, () => '/healthz');
      const before = await closedLoop(server.url, healthPaths);
      const cpu = cpuMeter(server);
      const search = await closedLoop(
        server.url,
        names.map((name) => `/api/v1/search?q=${encodeURIComponent(name)}`),
      );
      const searchCpu = cpu(names.length);
      const after = await closedLoop(server.url, healthPaths);
      const health = (before.rate + after.rate) / 2;
      console.info(
        `GET /healthz, ${concurrency} at a time            ${before.rate.toFixed(0)} / ${after.rate.toFixed(0)} req/s (before / after)  p99 ${fmt(before.p99)} / ${fmt(after.p99)}`,
      );
      console.info(
        `GET /api/v1/search, ${concurrency} at a time       ${search.rate.toFixed(1)} req/s  p50 ${fmt(search.p50)}  p99 ${fmt(search.p99)}  ${searchCpu.line}`,
      );
      const ratio = search.rate / health;
      console.info(
        `ratio search ÷ /healthz ${ratio.toFixed(3)} (target ≥ 0.25 with p99 ≤ 150 ms: ` +
          `${ratio >= 0.25 && search.p99 <= 150 ? 'MET' : 'not met'}); load average after ${loadAverage()}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
