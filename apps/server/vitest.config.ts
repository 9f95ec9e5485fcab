import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { testTimeouts } from '../../test-timeouts.mjs';

const clusterOnlyTests = readdirSync(fileURLToPath(new URL('test/cluster', import.meta.url)))
  .filter((name) => name.endsWith('.test.ts') && name !== 'release-consistency.test.ts')
  .map((name) => `test/cluster/${name}`);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The cluster tests run the built release (decision 295): `npm run test:cluster`, after the e2e stage's build.
    // The release consistency test only reads files (decision 309) and runs with the others.
    exclude: [...configDefaults.exclude, ...(process.env.CLUSTER_TEST ? [] : clusterOnlyTests)],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: testTimeouts.testMs,
    hookTimeout: testTimeouts.hookMs,
    expect: { poll: { timeout: testTimeouts.conditionMs } },
    pool: 'forks',
    // One module graph per worker, shared by the files it runs (decision 323): importing the app once instead of
    // once per file. Every test builds its own app and database; a test that changes module state restores it.
    isolate: false,
  },
});
