// Lighthouse (issues 4, 5 and 15): mobile performance, accessibility, SEO and best practices of every public page
// — landing (EN and FR), product and service listings, a product, a service, a seller, the seller directory, the
// blog list and a blog post — on the built server (PGlite, seeded). Targets: performance ≥ 95,
// accessibility, SEO and best practices 100, initial JavaScript ≤ 150 KB gzipped, as the median of 5 runs.
// Initial JavaScript = every script the page loaded during Lighthouse's run (its network-requests audit: the
// page's load, before any interaction), fetched again and gzipped here (level 9), so the figure does not depend
// on the server's own compression.
// Needs `npm run build` and Chromium (CHROME_PATH, default /usr/bin/chromium).
// Env: BENCH_LIGHTHOUSE_RUNS (default 5) runs per page; BENCH_LIGHTHOUSE_PAGES=landing,product (names below) to
// audit only some pages; BENCH_DATA_DIR=/some/dir keeps the seeded PGlite data between runs; BENCH_LIGHTHOUSE_SCRIPTS=1 lists each page's scripts with their gzipped size;
// BENCH_LIGHTHOUSE_REPORTS=/some/dir keeps every run's Lighthouse JSON there (audits such as bootup-time, long-tasks);
// BENCH_LIGHTHOUSE_TRACES=/some/dir keeps every run's Chromium trace there (Lighthouse's --save-assets).
// BENCH_PORT fixes the server's port (bench/lib.mjs).
// Each page's line also gives its main thread's long tasks (≥ 12.5 ms observed, ≥ 50 ms once simulated): their
// thread (CPU) time against their wall time, and the navigation commit's. Lighthouse simulates from wall times, so
// a low CPU share means the page's thread waited for the CPU (another process on it) and the run's total blocking
// time counts that wait (decision 229).
// Simulated throttling scales with the machine's CPU: the load average is printed before and after each page.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot, startServer } from './lib.mjs';
import { mainThreadLongTasks } from './main-thread.mjs';

const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
const categories = ['seo', 'accessibility', 'performance', 'best-practices'];

let reportCount = 0;
function lighthouseOnce(url) {
  const bin = path.join(repoRoot, 'node_modules', '.bin', 'lighthouse');
  // The report and its trace (--save-assets: written after the run, no change to the run) go to a scratch
  // directory, removed once read.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'maplesource-lighthouse-'));
  const reportPath = path.join(scratch, 'report.json');
  return new Promise((resolve, reject) => {
    const child = spawn(
      bin,
      [
        url,
        '--output=json',
        `--output-path=${reportPath}`,
        '--save-assets',
        '--quiet',
        `--chrome-flags=${chromeFlags}`,
        `--only-categories=${categories.join(',')}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child.stdout.resume();
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}`));
        const out = readFileSync(reportPath, 'utf8');
        const report = JSON.parse(out);
        const tracePath = path.join(scratch, 'report-0.trace.json');
        const mainThread = existsSync(tracePath)
          ? mainThreadLongTasks(JSON.parse(readFileSync(tracePath, 'utf8')))
          : null;
        reportCount += 1;
        const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'landing';
        const keep = (dir, from, suffix) => {
          if (!dir || !existsSync(from)) return;
          mkdirSync(dir, { recursive: true });
          copyFileSync(from, path.join(dir, `${String(reportCount).padStart(3, '0')}-${name}${suffix}`));
        };
        keep(process.env.BENCH_LIGHTHOUSE_REPORTS, reportPath, '.json');
        keep(process.env.BENCH_LIGHTHOUSE_TRACES, tracePath, '.trace.json');
        const scores = Object.fromEntries(
          categories.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]),
        );
        const failing = Object.values(report.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        const consoleErrors = (report.audits['errors-in-console']?.details?.items ?? []).map((item) =>
          `${item.source ?? ''} ${item.url ?? ''} ${String(item.description ?? '').slice(0, 120)}`.trim(),
        );
        const scripts = (report.audits['network-requests']?.details?.items ?? [])
          .filter((item) => item.resourceType === 'Script')
          .map((item) => item.url);
        const metrics = Object.fromEntries(
          metricIds.map((id) => [id, report.audits[id]?.numericValue ?? Number.NaN]),
        );
        resolve({ scores, failing, consoleErrors, scripts, metrics, mainThread });
      } catch (error) {
        reject(error);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  });
}

const metricIds = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
];
// Chromium sometimes fails to record a trace (NO_NAVSTART, NO_FCP), more often on a busy machine: such a run is
// repeated (twice at most) rather than ending the bench.
async function lighthouse(url) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.info(`  (${error.message}; run again)`);
    }
  }
}

const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));
const onlyPages = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export async function run() {
  console.info('\n# lighthouse');
  if (!existsSync(path.join(repoRoot, 'node_modules', '.bin', 'lighthouse'))) {
    console.info('lighthouse is not installed (npm i -D lighthouse@12.8); skipped');
    return;
  }
  // BENCH_DATA_DIR: a kept PGlite data directory (seeded on its first use), so repeated targeted runs skip the
  // seed; without it each run seeds a fresh temporary one.
  const server = await startServer({
    env: process.env.BENCH_DATA_DIR ? { DATA_DIR: process.env.BENCH_DATA_DIR } : {},
  });
  try {
    const first = async (apiPath, key) => {
      const res = await fetch(`${server.url}/api/v1/${apiPath}`, { headers: { role: 'buyer' } });
      const body = await res.json();
      return body.items?.[0]?.[key];
    };
    const [product, service, seller, blog] = await Promise.all([
      first('product?pageSize=1', 'slug'),
      first('service?pageSize=1', 'slug'),
      first('seller?pageSize=1', 'slug'),
      first('blogs?pageSize=1', 'slug'),
    ]);
    const pages = [
      ['landing', '/'],
      ['landing-fr', '/fr'],
      ['products', '/products'],
      ['services', '/services'],
      ['product', product ? `/productdetails/${product}` : null],
      ['service', service ? `/service/${service}` : null],
      ['seller', seller ? `/seller/${seller}` : null],
      ['sellers', '/sellers'],
      ['blogs', '/blogs'],
      ['blog', blog ? `/blog/${blog}` : null],
    ].filter(([name]) => !onlyPages || onlyPages.includes(name));
    // Warm the freshly seeded server (JIT, database caches) with one unrecorded run, like the listing bench's
    // warm-up: the figures are for a server that has served pages before.
    // Every page's HTML is fetched once too: it makes the page's first API requests on the server (decision 044).
    await lighthouse(`${server.url}/`);
    for (const [, pagePath] of pages) if (pagePath) await (await fetch(`${server.url}${pagePath}`)).text();
    const gzipped = async (url) =>
      gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    const table = [];
    for (const [name, pagePath] of pages) {
      if (!pagePath) {
        console.info(`${name}: no ${name} in the seed; skipped`);
        continue;
      }
      // Lighthouse's performance score varies run to run (more so on a shared VM): several runs; each figure
      // printed is its own median over the runs, the performance range beside it.
      const loadBefore = loadAverage();
      const reports = [];
      for (let i = 0; i < runs; i += 1) reports.push(await lighthouse(`${server.url}${pagePath}`));
      const perf = reports.map((r) => r.scores.performance).sort((a, b) => a - b);
      const scores = Object.fromEntries(categories.map((c) => [c, median(reports.map((r) => r.scores[c]))]));
      const metrics = Object.fromEntries(
        metricIds.map((id) => [id, median(reports.map((r) => r.metrics[id]))]),
      );
      const failing = [...new Set(reports.flatMap((r) => r.failing))];
      const consoleErrors = [...new Set(reports.flatMap((r) => r.consoleErrors))];
      // The scripts of the median run by performance (the same files load on every run of a page).
      const { scripts } = [...reports].sort((a, b) => a.scores.performance - b.scores.performance)[
        Math.floor(reports.length / 2)
      ];
      const sizes = await Promise.all(scripts.map(gzipped));
      const jsBytes = sizes.reduce((sum, n) => sum + n, 0);
      // Medians over the runs whose trace was read: long tasks' thread time / wall time, the commit's the same.
      const traced = reports.map((r) => r.mainThread).filter(Boolean);
      const withCommit = traced.filter((t) => t.commit);
      const mainThread = traced.length
        ? `long tasks ${Math.round(median(traced.map((t) => t.cpuMs)))}/${Math.round(median(traced.map((t) => t.wallMs)))} ms` +
          (withCommit.length
            ? `, commit ${Math.round(median(withCommit.map((t) => t.commit.cpuMs)))}/${Math.round(median(withCommit.map((t) => t.commit.wallMs)))} ms`
            : '')
        : 'no trace';
      table.push({
        mainThread,
        name,
        pagePath,
        scores,
        perfRange: `${perf[0]}–${perf[perf.length - 1]}`,
        jsKb: jsBytes / 1024,
        scripts: scripts.length,
        metrics,
        load: `${loadBefore} → ${loadAverage()}`,
      });
      console.info(
        `${name.padEnd(10)} ${pagePath}: ${categories.map((c) => `${c} ${scores[c]}`).join(', ')} (load average ${loadBefore} → ${loadAverage()})${failing.length ? `  (failing in some run: ${failing.join(', ')})` : ''}`,
      );
      console.info(
        `  main thread, CPU/wall (median): ${mainThread}; per run ${traced.map((t) => `${Math.round(t.cpuMs)}/${Math.round(t.wallMs)}`).join(' ')}`,
      );
      for (const line of consoleErrors) console.info(`  console: ${line}`);
      if (process.env.BENCH_LIGHTHOUSE_SCRIPTS) {
        scripts.forEach((url, i) =>
          console.info(`  script ${(sizes[i] / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`),
        );
      }
    }
    console.info(
      `\nmedian of ${runs} runs per page (perf range in brackets); load average (1, 5, 15 min) before → after\n` +
        'page        perf          a11y  seo  best-pr  initial JS (gzip)    FCP     LCP      TBT     CLS    load average                  path',
    );
    for (const row of table) {
      const m = row.metrics;
      console.info(
        [
          row.name.padEnd(10),
          `${String(row.scores.performance).padStart(5)} [${row.perfRange}]`.padEnd(13),
          String(row.scores.accessibility).padStart(5),
          String(row.scores.seo).padStart(4),
          String(row.scores['best-practices']).padStart(8),
          `${row.jsKb.toFixed(1)} KB / ${row.scripts} files`.padStart(19),
          seconds(m['first-contentful-paint']).padStart(6),
          seconds(m['largest-contentful-paint']).padStart(6),
          `${Math.round(m['total-blocking-time'])} ms`.padStart(7),
          m['cumulative-layout-shift'].toFixed(3).padStart(6),
          row.load.padEnd(29),
          row.pagePath,
          `(main thread CPU/wall: ${row.mainThread})`,
        ].join('  '),
      );
    }
    console.info(
      'targets: perf ≥ 95, a11y 100, seo 100, best practices 100, initial JS ≤ 150 KB gzip (median of 5 runs)',
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
