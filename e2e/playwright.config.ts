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

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The cluster specs run against the loopback cluster, from their own configuration (npm run test:cluster).
  testIgnore: 'cluster/**',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // One figure for every spec (decision 075); specs do not set their own.
  timeout: testTimeouts.e2eTestMs,
  expect: { timeout: testTimeouts.conditionMs },
  reporter: [['list']],
  // One results folder per port: runs from several worktrees on one machine do not delete each other's traces.
  outputDir: path.join(os.tmpdir(), `maplesource-e2e-results-${port}`),
  use: { baseURL, ...browserUse },
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/readyz`,
    // A first start seeds the demo marketplace (5,000 storefronts): about a minute alone, several on two busy cores.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: e2eServerEnv(port, process.env.E2E_DATA_DIR),
  },
});
