import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { driverIndependentTests } from './apps/server/test/driver-independent-tests.ts';

/**
 * One `vitest run` for the whole repository: the web unit tests, the server suite on
 * embedded PGlite, and the server suite again on PostgreSQL when DATABASE_URL is set
 * (without the files whose outcome cannot depend on the driver, decision 333).
 */
const serverProjects = [
  { name: 'server-pglite', driver: 'pglite', exclude: [] },
  ...(process.env.DATABASE_URL
    ? [{ name: 'server-postgres', driver: 'postgres', exclude: driverIndependentTests }]
    : []),
].map(({ name, driver, exclude }) => ({
  extends: './apps/server/vitest.config.ts',
  // Added to the server config's own exclusions (configs merge arrays).
  test: { name, root: './apps/server', env: { TEST_DB_DRIVER: driver }, exclude: [...exclude] },
}));

export default defineConfig({
  test: {
    // Vitest's default (one fewer than the cores) is a single worker on a 2-core machine, though most of a server
    // test file's time is spent waiting on its database, timers and child processes (decision 236): one more worker
    // than the cores, three here, keeps both cores busy while files wait (decision 336).
    maxWorkers: Math.max(3, os.availableParallelism() + 1),
    projects: [
      './apps/web/vitest.config.ts',
      ...serverProjects,
      // The benchmarks' own helpers (trace reading).
      { test: { name: 'bench', root: './bench', include: ['*.test.ts'] } },
    ],
  },
});
