/**
 * Starts the shared e2e server (Playwright's `webServer`, e2e/playwright.config.ts) on a DATA_DIR that already
 * holds the seeded demo marketplace (decision 331). Migrating and seeding a fresh embedded database took 2.5–5
 * minutes on the busy 2-core machine, before any test could start. The seeded directory is a function of the built
 * seed (apps/server/dist/seed.js, which bundles the migrator and every seed step), the migrations beside it and the
 * server's settings, so it is built once per such key — by the seed's own command-line entry, into a staging
 * directory renamed into place only once the seed has finished — and each run starts on a fresh copy of it.
 * `E2E_FRESH_SEED=1` skips the copy: the server then migrates and seeds its empty DATA_DIR itself, as before.
 *
 * Runs in the process Playwright starts (the environment of e2e/server-env.ts), then becomes the server itself.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const serverDist = path.resolve(import.meta.dirname, '../apps/server/dist');
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is not set: start this through e2e/playwright.config.ts');

/** Settings the seed reads that the e2e environment may leave to the shell. */
const seedSettings = ['SEED', 'SEED_PRODUCTS', 'DEMO_ACCOUNTS'];
/** Templates not used for this long are removed when another is built (each is a few hundred MB). */
const keepUnusedMs = 24 * 60 * 60 * 1000;

/** What the seeded directory depends on: the built seed, the migrations it applies, the server's settings. */
function seedKey() {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(serverDist, 'seed.js')));
  const migrations = path.join(serverDist, 'migrations');
  for (const name of readdirSync(migrations).sort()) {
    hash.update(name);
    hash.update(readFileSync(path.join(migrations, name)));
  }
  // The server's settings (e2e/server-env.ts names them) but where the data lives; the seed writes PUBLIC_URL into
  // the content, so the port counts.
  const names = new Set([...(process.env.E2E_SERVER_SETTINGS ?? '').split(','), ...seedSettings]);
  names.delete('DATA_DIR');
  names.delete('');
  hash.update(JSON.stringify([...names].sort().map((name) => [name, process.env[name] ?? null])));
  return hash.digest('hex').slice(0, 24);
}

/** Removes the other templates nobody used for a day. */
function pruneOldTemplates(root, keep) {
  for (const name of readdirSync(root)) {
    if (name === keep) continue;
    const entry = path.join(root, name);
    if (Date.now() - statSync(entry).mtimeMs > keepUnusedMs) rmSync(entry, { recursive: true, force: true });
  }
}

/** The seeded template for this key, built now if missing. */
function seededTemplate() {
  const root = path.join(os.tmpdir(), 'maplesource-e2e-seeded');
  mkdirSync(root, { recursive: true });
  const key = seedKey();
  const template = path.join(root, key);
  if (existsSync(template)) {
    const now = new Date();
    utimesSync(template, now, now);
    return template;
  }
  const staging = mkdtempSync(path.join(root, `.seeding-${key}-`));
  try {
    // The seed's command line takes the scale as an argument; the server takes it from SEED_PRODUCTS (main.ts).
    const products = process.env.SEED_PRODUCTS ? ['--products', process.env.SEED_PRODUCTS] : [];
    const seeded = spawnSync(process.execPath, [path.join(serverDist, 'seed.js'), ...products], {
      env: { ...process.env, DATA_DIR: staging },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error(`the seed exited with ${seeded.status ?? seeded.signal}`);
    try {
      renameSync(staging, template);
    } catch (error) {
      // Another run built the same template meanwhile: theirs is as good.
      if (!existsSync(template)) throw error;
    }
    pruneOldTemplates(root, key);
    return template;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.env.E2E_FRESH_SEED !== '1') {
  const started = performance.now();
  const template = seededTemplate();
  cpSync(template, dataDir, { recursive: true });
  // On stderr, which Playwright shows: how long the run waited for its data before the server started.
  console.error(
    `e2e server: seeded data ${path.basename(template)} ready in ${Math.round(performance.now() - started)} ms`,
  );
}

await import(pathToFileURL(path.join(serverDist, 'main.js')).href);
