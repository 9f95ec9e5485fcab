import { defineConfig } from 'vitest/config';
import { testTimeouts } from '../../test-timeouts.mjs';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: testTimeouts.testMs,
    hookTimeout: testTimeouts.hookMs,
    expect: { poll: { timeout: testTimeouts.conditionMs } },
    pool: 'forks',
  },
});
