import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { testTimeouts } from '../../test-timeouts.mjs';
import { browserUse } from '../playwright.config';
import { clusterURL } from './cluster-process';

/**
 * The cluster specs (`npm run test:cluster`): Debian's Chromium against the loopback cluster of decision 295 —
 * PostgreSQL, Redis, s3rver, three nodes from the release bundle, nginx in front — started once for the run.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  forbidOnly: true,
  retries: 0,
  workers: 1,
  timeout: testTimeouts.e2eTestMs * 2,
  expect: { timeout: testTimeouts.conditionMs },
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'maplesource-e2e-cluster-results'),
  globalSetup: './global-setup.ts',
  use: { baseURL: clusterURL, ...browserUse },
});
