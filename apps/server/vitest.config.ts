import { configDefaults, defineConfig } from 'vitest/config';
import { testTimeouts } from '../../test-timeouts.mjs';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The cluster test runs the built release (decision 295): `npm run test:cluster`, after the e2e stage's build.
    exclude: [...configDefaults.exclude, ...(process.env.CLUSTER_TEST ? [] : ['test/cluster/**'])],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: testTimeouts.testMs,
    hookTimeout: testTimeouts.hookMs,
    expect: { poll: { timeout: testTimeouts.conditionMs } },
    pool: 'forks',
  },
});
