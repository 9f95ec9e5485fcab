// The CNC instant quote's analysis in the browser (decision 324): the built page in Chromium measures a generated
// 20 MiB binary STL and a ~5 MB STEP in its Web Worker. Prints, per file, the worker's analysis time (its own clock,
// from the request to the answer, OpenCascade's loading included for STEP) and the page's time until the figures
// show, the longest main-thread long task (PerformanceObserver 'longtask') while the worker ran, and the longest
// afterwards until the preview's first frame was drawn (decision 340: in its worker, else on the page) — next to a
// 12-triangle STL in the same run. Targets: STL ≤ 1.5 s, STEP ≤ 5 s, long task ≤ 50 ms. Needs the web and server
// builds and /usr/bin/chromium (CHROME_PATH):
//   npm run build -w @maplesource/web && npm run build -w @maplesource/server && npx node bench/cnc-browser.mjs
// Then a small STEP part first in a fresh page and another next in the same page (decision 335: OpenCascade's
// compiled module kept by the page); CNC_BROWSER_ONLY=step-reuse runs only that, CNC_BROWSER_ONLY=step the ~5 MB
// STEP of 893 solids and that. Decision 344: the page prepares OpenCascade (download, compile, one small read) once
// it is idle; each run chooses its file on a page that has done so, as a buyer who takes a few seconds does (the
// time is printed), or at once with CNC_BROWSER_CHOOSE=at-once. The worker's time then includes instantiating
// OpenCascade, not compiling it.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { repoRoot, startServer } from './lib.mjs';

const RUNS = Number(process.env.CNC_BROWSER_RUNS ?? 3);
/** `step-reuse`: only the two STEP parts in one page (decision 335); `step`: the ~5 MB STEP and those two. */
const ONLY = process.env.CNC_BROWSER_ONLY;
/** `CNC_BROWSER_CHOOSE=at-once` chooses the file the moment the picker shows, before the page prepared OpenCascade. */
const CHOOSE = process.env.CNC_BROWSER_CHOOSE ?? 'when-prepared';
const STL_MIB = 20;
const STEP_TARGET_BYTES = 5_000_000;

/** When the page had prepared OpenCascade, since it opened (decision 344): the earliest a buyer chose the file. */
const readiness = (runs) => {
  const ready = runs.map((r) => r.readyMs).filter((ms) => ms !== null);
  return ready.length ? `   chosen ${f(median(ready))} / ${f(Math.max(...ready))} after the page opened` : '';
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const f = (ms) => `${ms.toFixed(0).padStart(6)} ms`;

/**
 * Uploads one file (from disk: a 20 MiB buffer through the protocol is slow) and returns the figures. `fresh`
 * false keeps the page (decision 335: the next STEP file instantiates the OpenCascade module the page kept).
 */
async function analyse(pages, file, { fresh = true } = {}) {
  const name = path.basename(file);
  // A fresh page each run, opened in a new tab rather than reloaded: no earlier figures on it, a fresh worker and
  // the same cold start a buyer has — a new renderer, so once-per-process costs such as the first Intl formatter's
  // locale data (decision 337) are paid again, where a reload kept them from the first run on. Same browser
  // context: the HTTP and WebAssembly code caches are kept, as for a buyer who came before.
  const page = fresh ? await pages.fresh() : pages.current;
  await page.getByLabel('CAD file (STL or STEP, up to 100 MB)').waitFor();
  // Decision 344: the page prepares OpenCascade once it is idle. A buyer takes seconds to pick a file; the runs wait
  // until the page is done preparing (its time since the page opened is printed), unless CNC_BROWSER_CHOOSE=at-once.
  let readyMs = null;
  if (fresh && CHOOSE !== 'at-once') {
    await page.waitForFunction(
      () =>
        !/^(waiting|preparing)$/.test(
          document.querySelector('[data-opencascade]')?.dataset.opencascade ?? '',
        ),
      null,
      { timeout: 60_000, polling: 50 },
    );
    // A page without the attribute (before decision 344) prepares nothing: no time to print.
    readyMs = await page.evaluate(() =>
      document.querySelector('[data-opencascade]') ? performance.now() : null,
    );
  }
  await page.evaluate((fileName) => {
    window.__cnc = { start: performance.now(), answered: null, name: fileName };
    window.__longTasks.length = 0;
  }, name);
  await page.getByLabel('CAD file (STL or STEP, up to 100 MB)').setInputFiles(file);
  const measured = page.getByText(new RegExp(`^${name.replace('.', '\\.')} measured in (\\d+) ms$`));
  const refused = page.getByRole('alert').filter({ hasText: /file|part/ });
  await measured.or(refused).first().waitFor({ timeout: 120_000 });
  if (!(await measured.isVisible())) return { refused: await refused.first().textContent() };
  // The preview's first frames (software WebGL here) and any late task finish before the long tasks are read: the
  // canvas says when its first frame is drawn, by its worker or by the page (decision 340), or the preview says
  // it is unavailable.
  await page
    .getByRole('img', { name: new RegExp(`^3D preview of ${name.replace('.', '\\.')}`) })
    .waitFor({ timeout: 120_000 });
  const preview = page.getByTestId('cnc-preview');
  await preview
    .and(page.locator('[data-drawn]'))
    .or(page.getByText('The 3D preview is not available'))
    .first()
    .waitFor({ timeout: 120_000 });
  const renderer = (await preview.count()) ? await preview.getAttribute('data-renderer') : 'none';
  await page.waitForTimeout(1000);
  const { start, answered, tasks } = await page.evaluate(() => ({
    start: window.__cnc.start,
    answered: window.__cnc.answered,
    tasks: window.__longTasks.slice(),
  }));
  const workerMs = Number(/measured in (\d+) ms/.exec(await measured.textContent())[1]);
  const during = tasks.filter((t) => t.start >= start && t.start < answered);
  const after = tasks.filter((t) => t.start >= answered);
  const longest = (list) => list.reduce((max, t) => Math.max(max, t.duration), 0);
  return {
    workerMs,
    pageMs: answered - start,
    longestDuring: longest(during),
    longestAfter: longest(after),
    renderer,
    readyMs,
  };
}

async function main() {
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html'])
    if (!existsSync(path.join(repoRoot, built))) {
      console.info(`cnc-browser: skipped (build first: ${built} is missing)`);
      return;
    }
  const { register } = await import('tsx/esm/api');
  const unregister = register();
  const solids = await import(pathToFileURL(path.join(repoRoot, 'apps/server/test/solids.ts')).href);
  const segments = Math.floor((STL_MIB * 1024 * 1024 - 84) / 50 / 4);
  const stl = solids.binaryStl(solids.cylinder(40, 60, segments));
  let boxes = Math.round(STEP_TARGET_BYTES / 5_600);
  let step = solids.stepBoxes(boxes);
  while (step.length < STEP_TARGET_BYTES) {
    boxes = Math.ceil((boxes * STEP_TARGET_BYTES) / step.length);
    step = solids.stepBoxes(boxes);
  }
  // A representative single part (decision 332): one plate with 1,530 counterbored holes, ~5 MB of STEP.
  const plate = solids.stepPlateWithHoles(45, 34);
  const tiny = solids.binaryStl(solids.box(40, 30, 20));
  // Decision 335: two small STEP parts in the same page, the first compiling OpenCascade, the next reusing it.
  const stepParts = [solids.stepBox(40, 30, 20), solids.stepBox(25, 25, 10)];
  unregister();

  const directory = mkdtempSync(path.join(tmpdir(), 'cnc-browser-'));
  const write = (name, bytes) => {
    writeFileSync(path.join(directory, name), bytes);
    return path.join(directory, name);
  };
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--no-first-run', '--enable-unsafe-swiftshader'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
      // The moment the figures' status line says the part was measured: the worker's answer reached the page.
      new MutationObserver(() => {
        if (
          window.__cnc &&
          window.__cnc.answered === null &&
          document.body.innerText.includes(`${window.__cnc.name} measured in `)
        )
          window.__cnc.answered = performance.now();
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const pages = {
      current: null,
      async fresh() {
        await pages.current?.close();
        pages.current = await context.newPage();
        await pages.current.goto(`${server.url}/cnc-fabrication-quotes/instant-quote`);
        return pages.current;
      },
    };
    // One page loaded before the first run, as before: the HTTP cache holds the page's scripts from then on.
    await (await pages.fresh()).getByLabel('CAD file (STL or STEP, up to 100 MB)').waitFor();

    console.info(
      `cnc-browser: Chromium, ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; ` +
        `STL ${(stl.length / 1048576).toFixed(1)} MiB (${(stl.length - 84) / 50} triangles), ` +
        `STEP ${(step.length / 1e6).toFixed(1)} MB (${boxes} solids), STEP plate ${(plate.length / 1e6).toFixed(1)} MB ` +
        `(one solid, 1,530 holes); ${RUNS} runs each, median / max`,
    );
    for (const [label, name, bytes] of [
      ['trivial 12-triangle STL', 'block.stl', tiny],
      [`${STL_MIB} MiB binary STL`, 'cylinder.stl', stl],
      ['~5 MB STEP', 'boxes.step', step],
      ['~5 MB STEP plate', 'plate.step', plate],
    ]) {
      if (ONLY === 'step-reuse') break;
      if (ONLY === 'step' && name !== 'boxes.step') continue;
      const runs = [];
      const file = write(name, bytes);
      for (let i = 0; i < RUNS; i++) {
        const run = await analyse(pages, file);
        if (run.refused)
          console.info(`${label.padEnd(24)} run ${i + 1} refused in the browser: ${run.refused}`);
        else runs.push(run);
      }
      if (runs.length === 0) continue;
      const pick = (key) =>
        `${f(median(runs.map((r) => r[key])))} / ${f(Math.max(...runs.map((r) => r[key])))}`;
      console.info(
        `${label.padEnd(24)} worker ${pick('workerMs')}   page ${pick('pageMs')}   ` +
          `longest task while analysing ${pick('longestDuring')}   after (preview) ${pick('longestAfter')}` +
          `   preview drawn by ${[...new Set(runs.map((r) => r.renderer))].join(', ')}${readiness(runs)}`,
      );
    }
    // Decision 335: the page keeps OpenCascade's compiled module; the next STEP file in it only instantiates it.
    const [first, next] = [write('first.step', stepParts[0]), write('next.step', stepParts[1])];
    const sequences = [];
    for (let i = 0; i < RUNS; i++) {
      const cold = await analyse(pages, first);
      const warm = await analyse(pages, next, { fresh: false });
      if (!cold.refused && !warm.refused) sequences.push([cold, warm]);
    }
    if (sequences.length > 0) {
      const pick = (which, key) => {
        const values = sequences.map((pair) => pair[which][key]);
        return `${f(median(values))} / ${f(Math.max(...values))}`;
      };
      console.info(
        `STEP box, first in a page  worker ${pick(0, 'workerMs')}   longest task while analysing ${pick(0, 'longestDuring')}   after (preview) ${pick(0, 'longestAfter')}${readiness(sequences.map((pair) => pair[0]))}\n` +
          `STEP box, next in the page worker ${pick(1, 'workerMs')}   longest task while analysing ${pick(1, 'longestDuring')}   after (preview) ${pick(1, 'longestAfter')}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
