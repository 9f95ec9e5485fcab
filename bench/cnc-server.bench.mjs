// CNC instant quote on the server (decisions 322, 325): the built server process (`apps/server/dist/main.js`, its
// analysis worker `dist/cnc-analysis-worker.js`) on a PostgreSQL database of its own, a buyer's session written
// straight into the tables, then, one request at a time:
// - a 20 MiB binary STL (a cylinder of 104,857 facets, 419,428 triangles; target: analysis ≤ 1.5 s),
// - a ~5 MB STEP file (cubes in one file, each its own B-rep solid; target: analysis ≤ 5 s),
// - a representative single-part STEP (decision 332): one plate of 12 mm with counterbored holes, 300 holes
//   (~1 MB) and ~5 MB (1,530 holes),
// each uploaded BENCH_CNC_UPLOADS times (default 5) to `POST /api/v1/cnc-quotes`; and `GET /healthz` in the same
// run, alone and while an STL is being analysed (the analysis runs in a worker thread, so the event loop keeps
// answering). Prints, per file: the analysis time the server measured (its `Server-Timing: analysis;dur=`) p50 and
// max, the whole request's time p50 and max, and the server process's CPU ms per request (worker threads included;
// PostgreSQL's backends apart); and the machine's load average, as the machine may be shared.
// The test solids are those of apps/server/test/solids.ts (loaded through tsx).
// Run: npm run build -w @maplesource/server, then
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx node bench/cnc-server.bench.mjs
// Skipped without DATABASE_URL (the session is written into the database from outside the server).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { repoRoot, startServer } from './lib.mjs';
import { cpuMsOf } from './process-stats.mjs';

const UPLOADS = Number(process.env.BENCH_CNC_UPLOADS ?? 5);
const HEALTH_REQUESTS = Number(process.env.BENCH_CNC_HEALTH_REQUESTS ?? 200);
const STL_MIB = 20;
const STEP_TARGET_BYTES = 5_000_000;

const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${cpus().length} CPUs`;
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

export async function run() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.info('cnc-server: skipped (needs DATABASE_URL)');
    return;
  }
  if (!existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) {
    console.info('cnc-server: skipped (build the server first: npm run build -w @maplesource/server)');
    return;
  }
  const { register } = await import('tsx/esm/api');
  const unregister = register();
  const solids = await import(pathToFileURL(path.join(repoRoot, 'apps/server/test/solids.ts')).href);

  // 20 MiB: 84 header bytes + 50 per triangle, 4 triangles per facet of the cylinder's side.
  const segments = Math.floor((STL_MIB * 1024 * 1024 - 84) / 50 / 4);
  const stl = solids.binaryStl(solids.cylinder(40, 60, segments));
  // About 5.6 KB of STEP text per cube: grow the count until the file passes the target.
  let boxes = Math.round(STEP_TARGET_BYTES / 5_600);
  let step = solids.stepBoxes(boxes);
  while (step.length < STEP_TARGET_BYTES) {
    boxes = Math.ceil((boxes * STEP_TARGET_BYTES) / step.length);
    step = solids.stepBoxes(boxes);
  }

  // One solid, many faces (decision 332): 3 faces and 4 circles per hole; ~3.4 KB of STEP text per hole.
  const plates = [
    [20, 15],
    [45, 34],
  ].map(([columns, rows]) => ({ holes: columns * rows, bytes: solids.stepPlateWithHoles(columns, rows) }));

  const dbName = `cnc_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(baseUrl);
  dbUrl.pathname = `/${dbName}`;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  let server;
  try {
    server = await startServer({ env: { DATABASE_URL: dbUrl.toString(), SEED: 'never' } });
    await client.connect();
    const buyerId = randomUUID();
    const token = randomBytes(32).toString('base64url');
    await client.query(
      `INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash, roles, email_verified_at)
       VALUES ($1, 'CB000001', 'Bench Buyer', 'bench-cnc-buyer@example.ca', '+16130000001', 'x', '{buyer}', now())`,
      [buyerId],
    );
    await client.query(
      `INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), buyerId],
    );
    const headers = { cookie: `ms_session=${token}`, role: 'buyer' };

    console.info(`\n# CNC server figures (${new Date().toISOString()}), ${dbName}`);
    console.info(`server ready in ${(server.readyMs / 1000).toFixed(1)} s; ${load()}`);

    const health = async (count) => {
      const times = [];
      const cpuBefore = cpuMsOf(server.pid);
      for (let i = 0; i < count; i += 1) {
        const started = performance.now();
        const res = await fetch(`${server.url}/healthz`);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`/healthz answered ${res.status}`);
        times.push(performance.now() - started);
      }
      return { times, cpuMs: (cpuMsOf(server.pid) - cpuBefore) / count };
    };

    const upload = async (name, bytes) => {
      const form = new FormData();
      for (const [field, value] of Object.entries({
        material: 'aluminium-6061',
        finish: 'as-machined',
        tolerance: 'standard',
        leadTime: 'standard',
        quantity: '10',
      }))
        form.append(field, value);
      form.append('file', new Blob([bytes]), name);
      const cpuBefore = cpuMsOf(server.pid);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/v1/cnc-quotes`, { method: 'POST', headers, body: form });
      const body = await res.json();
      const totalMs = performance.now() - started;
      const cpuMs = cpuMsOf(server.pid) - cpuBefore;
      // A refusal (e.g. CNC_FILE_TOO_COMPLEX past the analysis's 20 s limit on a busy machine) is counted, not hidden.
      if (res.status !== 201) return { refused: `${res.status} ${body.error?.code}`, totalMs, cpuMs };
      const analysisMs = Number(/analysis;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]);
      return { totalMs, analysisMs, cpuMs, triangles: body.triangles };
    };

    const measure = async (label, name, bytes, target) => {
      await upload(name, bytes); // a first request warms the process (not counted, answered or not)
      const all = [];
      for (let i = 0; i < UPLOADS; i += 1) all.push(await upload(name, bytes));
      const runs = all.filter((r) => !r.refused);
      const refused = all.filter((r) => r.refused).map((r) => `${r.refused} after ${ms(r.totalMs)}`);
      const analysis = runs.map((r) => r.analysisMs);
      const total = runs.map((r) => r.totalMs);
      const cpu = all.reduce((sum, r) => sum + r.cpuMs, 0) / all.length;
      console.info(
        `${label} (${(bytes.length / 1024 / 1024).toFixed(2)} MiB, ${runs[0]?.triangles ?? '?'} triangles), ` +
          `${UPLOADS} uploads, ${runs.length} analysed: ` +
          (runs.length
            ? `analysis p50 ${ms(quantile(analysis, 0.5))} max ${ms(Math.max(...analysis))} (target ≤ ${target}); ` +
              `whole request p50 ${ms(quantile(total, 0.5))} max ${ms(Math.max(...total))}; `
            : '') +
          (refused.length ? `refused: ${refused.join(', ')}; ` : '') +
          `server CPU ${ms(cpu)} per request; ${load()}`,
      );
    };

    const quiet = await health(HEALTH_REQUESTS);
    console.info(
      `GET /healthz, ${HEALTH_REQUESTS} sequential: p50 ${ms(quantile(quiet.times, 0.5))} ` +
        `p99 ${ms(quantile(quiet.times, 0.99))}; server CPU ${ms(quiet.cpuMs)} per request; ${load()}`,
    );
    await measure('binary STL', 'cylinder.stl', stl, '1.5 s');
    await measure(`STEP, ${boxes} solids`, 'boxes.step', step, '5 s');
    for (const plate of plates)
      await measure(`STEP plate, one solid, ${plate.holes} holes`, 'plate.step', plate.bytes, '5 s');

    // The event loop while a 20 MiB STL is analysed: /healthz keeps answering.
    let analysing = true;
    const during = [];
    const pending = upload('cylinder.stl', stl).finally(() => {
      analysing = false;
    });
    while (analysing) {
      const started = performance.now();
      await (await fetch(`${server.url}/healthz`)).arrayBuffer();
      during.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await pending;
    console.info(
      `GET /healthz during an STL upload and analysis, ${during.length} requests: p50 ${ms(quantile(during, 0.5))} ` +
        `max ${ms(Math.max(...during))}`,
    );
  } finally {
    await server?.stop();
    await client.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await unregister();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
