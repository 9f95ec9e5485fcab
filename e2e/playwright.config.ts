import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { testTimeouts } from '../test-timeouts.mjs';
import { e2eServerEnv } from './server-env';

/**
 * End-to-end tests in Debian's Chromium against the real built server on a fresh, temporary
 * DATA_DIR (embedded PGlite, seeded on first start). `npm run test:e2e` builds first.
 */
if (!process.env.E2E_DATA_DIR) {
  // Made by the runner's process, which the workers inherit it from; removed when that process ends, after
  // Playwright has stopped the web server.
  const dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'maplesource-e2e-'));
  process.env.E2E_DATA_DIR = dataDirectory;
  process.once('exit', () => rmSync(dataDirectory, { recursive: true, force: true }));
}
const port = Number(process.env.E2E_PORT ?? 4319);
export const baseURL = `http://localhost:${port}`;

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium as every spec uses it (the cluster specs' configuration too). */
export const browserUse = {
  browserName: 'chromium',
  launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  trace: 'retain-on-failure',
  screenshot: 'only-on-failure',
  locale: 'en-CA',
  timezoneId: 'America/Toronto',
} as const;

/**
 * The specs whose tests take longest, queued first (decision 331): Playwright hands tests to workers in the order of
 * the projects, then of the files, so a long journey that starts last keeps one worker busy alone at the end.
 */
const longestFirst = [
  'buyer-protection.spec.ts',
  'cnc-quote-journey.spec.ts',
  'rfq-journeys.spec.ts',
  'seller-journey.spec.ts',
];
const serverEnv = e2eServerEnv(port, process.env.E2E_DATA_DIR);

export default defineConfig({
  testDir: '.',
  // The cluster specs run against the loopback cluster, from their own configuration (npm run test:cluster).
  testIgnore: 'cluster/**',
  projects: [
    { name: 'longest', testMatch: longestFirst.map((file) => `**/${file}`) },
    {
      name: 'specs',
      testMatch: '**/*.spec.ts',
      testIgnore: ['cluster/**', ...longestFirst.map((file) => `**/${file}`)],
    },
  ],
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Two: with three, tests ran out of their time on the busy 2-core machine (decision 331).
  workers: 2,
  // One figure for every spec (decision 075); specs do not set their own.
  timeout: testTimeouts.e2eTestMs,
  expect: { timeout: testTimeouts.conditionMs },
  reporter: [['list']],
  // One results folder per port: runs from several worktrees on one machine do not delete each other's traces.
  outputDir: path.join(os.tmpdir(), `maplesource-e2e-results-${port}`),
  use: { baseURL, ...browserUse },
  webServer: {
    // The built server on a copy of the seeded demo marketplace, seeded once per build of the seed (decision 331).
    command: 'node e2e/e2e-server.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/readyz`,
    // Seeding the demo marketplace (5,000 storefronts) when no copy exists yet: about a minute alone, up to five on
    // two busy cores; a copy starts in seconds.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...serverEnv, E2E_SERVER_SETTINGS: Object.keys(serverEnv).join(',') },
  },
});
