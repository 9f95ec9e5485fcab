// Where an uncached grouped search (GET /api/v1/search) and an uncached listing (GET /api/v1/product, three filters +
// misspelt text) spend their time: the app in this process (every answer cache and the word lookups off), requests
// one at a time through `inject` (routing, validation, serialization; no socket), each statement timed at the driver.
// Prints per endpoint: wall time per request, the time with at least one statement in flight (the union of their
// intervals: statements of one request run side by side on the pool) and the rest (JavaScript before, between and
// after them), the Node CPU and PostgreSQL backends' CPU per request, then every statement shape (numbers and
// literals folded) with its count per request and its mean time. BENCH_PROFILE=<path> also writes a V8 CPU profile
// of each endpoint's timed requests (<path>.<endpoint>.cpuprofile) and prints the top functions by self time.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_DATABASE=maple_bench npx node --import tsx bench/search-profile.ts
// (a database seeded by bench/global-search.mjs or catalog-listing.mjs). BENCH_RUNS (default 200 per endpoint).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadavg } from 'node:os';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, openPostgres } from '../apps/server/src/db/client';
import { backendsCpuMs } from './postgres-cpu.mjs';
import { realisticTerms } from './global-search.mjs';

// BENCH_PGLITE_DIR=<DATA_DIR>/pglite of a seeded embedded database profiles the embedded default instead (PGlite runs
// inside this process: its CPU is in Node's column).
const pgliteDir = process.env.BENCH_PGLITE_DIR;
const baseUrl = process.env.DATABASE_URL ?? (pgliteDir ? 'postgres://unused' : undefined);
if (!baseUrl) throw new Error('Set DATABASE_URL (PostgreSQL) or BENCH_PGLITE_DIR (PGlite)');
const dbName = pgliteDir ? 'PGlite' : (process.env.BENCH_DATABASE ?? 'maple_bench');
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;

interface Interval {
  start: number;
  end: number;
  shape: string;
}
let recording: Interval[] | null = null;

/** The process's own background work (job queue, event dispatcher) runs beside the requests: not theirs. */
const background = /pgboss\.|event_deliveries|^\s*(begin|commit|rollback)\s*$/i;

/** A statement's shape: its text with blanks squeezed, numbers and quoted literals folded. */
const shapes = new Map<string, string>();
function shapeOf(text: string): string {
  let shape = shapes.get(text);
  if (shape === undefined) {
    shape = text
      .replace(/\s+/g, ' ')
      .replace(/'(?:[^']|'')*'/g, "'…'")
      .replace(/\b\d+\b/g, 'N')
      .slice(0, 400);
    shapes.set(text, shape);
  }
  return shape;
}

/** BENCH_SQL=1: one full statement and its values per shape, printed under it (to EXPLAIN them by hand). */
const showExamples = Boolean(process.env.BENCH_SQL);
const examples = new Map<string, { text: string; values: unknown }>();

// Every statement through pg.Client#query (or PGlite's query), in its callback or promise form, timed from call to
// answer.
const timed = (clientQuery: unknown) =>
  function timedQuery(this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const log = background.test(text) ? null : recording;
    if (!log) return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    const start = performance.now();
    if (showExamples && !examples.has(shapeOf(text)))
      examples.set(shapeOf(text), {
        text,
        values:
          (typeof first === 'object' && (first as { values?: unknown[] }).values) ||
          (Array.isArray(args[1]) ? args[1] : []),
      });
    const done = () => log.push({ start, end: performance.now(), shape: shapeOf(text) });
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        (last as (...r: unknown[]) => void)(...results);
      };
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    }
    const result = (clientQuery as (...a: unknown[]) => unknown).apply(this, args) as Promise<unknown>;
    return result.then(
      (value) => {
        done();
        return value;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
  };
pg.Client.prototype.query = timed(pg.Client.prototype.query) as typeof pg.Client.prototype.query;

/** Length of the union of the intervals (time with at least one statement in flight). */
function covered(intervals: Interval[]): number {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  let total = 0;
  let end = -Infinity;
  let start = -Infinity;
  for (const interval of sorted) {
    if (interval.start > end) {
      if (end > start) total += end - start;
      start = interval.start;
      end = interval.end;
    } else end = Math.max(end, interval.end);
  }
  if (end > start) total += end - start;
  return total;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

function topSelfTime(profile: { nodes: ProfileNode[]; samples?: number[] }, count = 15): string[] {
  // Shares of the busy samples: the idle ones (waiting for PostgreSQL) are left out.
  const busy = profile.nodes.filter((node) => node.callFrame.functionName !== '(idle)');
  const total = busy.reduce((sum, node) => sum + (node.hitCount ?? 0), 0) || 1;
  const byFrame = new Map<string, number>();
  for (const node of busy) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*\/(node_modules\/)?/, (_m, nm: string | undefined) => (nm ? 'nm/' : ''));
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFrame.set(key, (byFrame.get(key) ?? 0) + (node.hitCount ?? 0));
  }
  return [...byFrame]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, hits]) => `    ${((100 * hits) / total).toFixed(1).padStart(5)} %  ${key}`);
}

/** The busy samples by where their code lives: a package of node_modules, a file of the server, or Node itself. */
function byPackage(profile: { nodes: ProfileNode[] }, count = 10): string {
  const busy = profile.nodes.filter((node) => node.callFrame.functionName !== '(idle)');
  const total = busy.reduce((sum, node) => sum + (node.hitCount ?? 0), 0) || 1;
  const groups = new Map<string, number>();
  for (const node of busy) {
    const { url, functionName } = node.callFrame;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const own = /apps\/server\/src\/(.+)$/.exec(url)?.[1];
    const key = pkg ?? (own ? `server:${own}` : url ? 'node:internal' : functionName || '(native)');
    groups.set(key, (groups.get(key) ?? 0) + (node.hitCount ?? 0));
  }
  return [...groups]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, hits]) => `${key} ${((100 * hits) / total).toFixed(0)} %`)
    .join(', ');
}

const database = pgliteDir ? await openPglite(pgliteDir) : await openPostgres(dbUrl.toString(), 10);
if (database.connection.driver === 'pglite') {
  const embedded = database.connection.client;
  embedded.query = timed(embedded.query) as typeof embedded.query;
}
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SEED: 'never',
  ...(pgliteDir ? { DATA_DIR: path.dirname(path.resolve(pgliteDir)) } : { DATABASE_URL: dbUrl.toString() }),
  CATALOG_LISTING_CACHE_MS: '0',
  SEARCH_CACHE_MS: '0',
  SEARCH_WORDS_CACHE_MS: '0',
  PAYMENT_PROVIDER: 'sandbox',
  // SEARCH_ENGINE=memory profiles the in-process index (decisions 329, 334), measured once it answers.
  SEARCH_ENGINE: process.env.SEARCH_ENGINE === 'memory' ? 'memory' : 'sql',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
await database.warmUp();
const engineStarted = performance.now();
while (config.SEARCH_ENGINE === 'memory' && app.catalog.searchIndexState() !== 'ready')
  await new Promise((resolve) => setTimeout(resolve, 100));
console.info(
  `engine ${config.SEARCH_ENGINE}${config.SEARCH_ENGINE === 'memory' ? `, index answered ${((performance.now() - engineStarted) / 1000).toFixed(1)} s after start-up` : ''}`,
);

let terms: string[];
if (database.connection.driver === 'pglite') {
  const embedded = database.connection.client;
  terms = (await realisticTerms({ query: (text: string) => embedded.query(text) })) as string[];
} else {
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  terms = (await realisticTerms(client)) as string[];
  await client.end();
}

const listingQueries = [
  'q=alumnum%20extrusion&state=ON&isVerified=true&deliveryDays=10',
  'q=stainless&state=QC&isVerified=true&maxPrice=500000',
  'q=boitier%20inoxidable&state=ON&origin=made-in-canada&minQuantity=100',
  'q=pallet&state=BC&isVerified=false&deliveryDays=7',
];
const endpoints: [string, (i: number) => string][] = [
  ['search "steel"', () => '/api/v1/search?q=steel'],
  ['search, 200-term mix', (i) => `/api/v1/search?q=${encodeURIComponent(terms[i % terms.length]!)}`],
  ['listing "alumnum extrusion" + 3 filters', () => `/api/v1/product?${listingQueries[0]}&pageSize=20`],
  ['listing, 4 rotating', (i) => `/api/v1/product?${listingQueries[i % 4]}&pageSize=20`],
];

console.info(
  `search and listing profile on ${dbName} (every cache off), ${RUNS} requests each; load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
const session = process.env.BENCH_PROFILE ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
}
for (const [label, pathAt] of endpoints) {
  for (let i = 0; i < 20; i++) {
    const res = await app.inject({ method: 'GET', url: pathAt(i), headers: { role: 'buyer' } });
    if (res.statusCode !== 200) throw new Error(`${pathAt(i)}: ${res.statusCode} ${res.body}`);
  }
  const walls: number[] = [];
  let inFlight = 0;
  let statements = 0;
  const byShape = new Map<string, { count: number; ms: number }>();
  const cpuBefore = process.cpuUsage();
  const pgBefore = pgliteDir ? 0 : backendsCpuMs(dbName);
  if (session) await session.post('Profiler.start');
  for (let i = 0; i < RUNS; i++) {
    const log: Interval[] = [];
    recording = log;
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: pathAt(i), headers: { role: 'buyer' } });
    walls.push(performance.now() - started);
    recording = null;
    if (res.statusCode !== 200) throw new Error(`${pathAt(i)}: ${res.statusCode}`);
    inFlight += covered(log);
    statements += log.length;
    for (const interval of log) {
      const entry = byShape.get(interval.shape) ?? { count: 0, ms: 0 };
      entry.count += 1;
      entry.ms += interval.end - interval.start;
      byShape.set(interval.shape, entry);
    }
  }
  const profile = session
    ? ((await session.post('Profiler.stop')) as { profile: { nodes: ProfileNode[] } }).profile
    : null;
  const cpu = process.cpuUsage(cpuBefore);
  const nodeMs = (cpu.user + cpu.system) / 1000 / RUNS;
  const pgMs = pgliteDir ? 0 : (backendsCpuMs(dbName) - pgBefore) / RUNS;
  walls.sort((a, b) => a - b);
  const mean = walls.reduce((sum, w) => sum + w, 0) / RUNS;
  console.info(
    `\n${label}: wall p50 ${percentile(walls, 50).toFixed(2)} ms  p99 ${percentile(walls, 99).toFixed(2)} ms  mean ${mean.toFixed(2)} ms; ` +
      `statements in flight ${(inFlight / RUNS).toFixed(2)} ms, the rest (JavaScript) ${(mean - inFlight / RUNS).toFixed(2)} ms; ` +
      `${(statements / RUNS).toFixed(1)} statements per request; CPU per request: Node ${nodeMs.toFixed(2)} ms, PostgreSQL ${pgMs.toFixed(2)} ms`,
  );
  for (const [shape, { count, ms }] of [...byShape].sort((a, b) => b[1].ms - a[1].ms))
    console.info(
      `  ${(count / RUNS).toFixed(2).padStart(5)}×  mean ${(ms / count).toFixed(2).padStart(6)} ms  total/request ${(ms / RUNS).toFixed(2).padStart(6)} ms  ${shape}`,
    );
  if (showExamples)
    for (const shape of byShape.keys()) {
      const example = examples.get(shape);
      if (example)
        console.info(
          `  -- ${example.text.replace(/\s+/g, ' ')}\n     values ${JSON.stringify(example.values)}`,
        );
    }
  if (profile) {
    const file = `${process.env.BENCH_PROFILE}.${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.info(`  V8 profile ${file}; top self time (share of the busy samples):`);
    for (const line of topSelfTime(profile)) console.info(line);
    console.info(`  by package: ${byPackage(profile)}`);
  }
}
await app.close();
await database.close();
