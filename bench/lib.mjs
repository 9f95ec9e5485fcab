// Shared helpers for the benchmarks: start the built server on a fresh DATA_DIR, run autocannon.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { backendsCpuMs } from './postgres-cpu.mjs';
import { cpuMsOf } from './process-stats.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** Starts `node apps/server/dist/main.js`; resolves when /readyz answers, with the time it took.
 * BENCH_PORT fixes the port (helpers sharing the machine each have their own range); random otherwise. */
export async function startServer({
  env = {},
  port = Number(process.env.BENCH_PORT) || 4400 + Math.floor(Math.random() * 500),
  timeoutMs = 300_000,
} = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A benchmark pays with the sandbox's test cards; production takes it only when named (decision 238).
      PAYMENT_PROVIDER: 'sandbox',
      SEED: 'auto',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    readyMs,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the server's grouped search answers from its in-process index (decision 329; the `x-search-index`
 * header of `GET /api/v1/search`): `{ state, ms }`, state `ready`, or `off` when the server runs the SQL engine
 * (SEARCH_ENGINE=sql). Probed with a text no catalogue holds, so no answer the bench asks for is cached by it.
 */
export async function searchIndexReady(base, timeoutMs = 900_000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const res = await fetch(`${base}/api/v1/search?q=zzindexprobe`, { headers: { role: 'buyer' } });
    await res.arrayBuffer();
    const state = res.headers.get('x-search-index') ?? 'off';
    if (state !== 'building') return { state, ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the search index was not built in ${timeoutMs} ms`);
}

export function load(url, { duration = 5, connections = 20, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration, connections, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** One load line; `extra` (e.g. a cpuMeter line) follows on the same line. */
export function printLoad(label, result, extra = '') {
  const non2xx = result.non2xx ?? 0;
  console.info(
    `${label.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${result.errors}  non-2xx ${non2xx}${extra ? `  ${extra}` : ''}`,
  );
}

/**
 * CPU per request of a server process and of the PostgreSQL backends serving `database` (none on PGlite: the
 * database runs inside the server process), from now until the returned function is called with the number of
 * requests served meanwhile. Backends are counted while they live (the server's pool keeps its connections).
 */
export function cpuMeter(server, database = null) {
  const serverBefore = cpuMsOf(server.pid);
  const postgresBefore = database ? backendsCpuMs(database) : 0;
  return (requests) => {
    const n = Math.max(1, requests);
    const serverMs = (cpuMsOf(server.pid) - serverBefore) / n;
    const postgresMs = database ? (backendsCpuMs(database) - postgresBefore) / n : null;
    return {
      serverMs,
      postgresMs,
      line:
        `CPU per request: server ${serverMs.toFixed(2)} ms` +
        (postgresMs === null ? ' (PGlite inside)' : `, PostgreSQL ${postgresMs.toFixed(2)} ms`),
    };
  };
}

/** autocannon's count of requests answered (2xx and others), for CPU per request. */
export const answered = (result) => result.requests.total ?? 0;
