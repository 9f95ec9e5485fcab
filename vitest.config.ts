import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` for the whole repository: the web unit tests, the server suite on
 * embedded PGlite, and the server suite again on PostgreSQL when DATABASE_URL is set.
 */
const serverProjects = [
  { name: 'server-pglite', driver: 'pglite' },
  ...(process.env.DATABASE_URL ? [{ name: 'server-postgres', driver: 'postgres' }] : []),
].map(({ name, driver }) => ({
  extends: './apps/server/vitest.config.ts',
  test: { name, root: './apps/server', env: { TEST_DB_DRIVER: driver } },
}));

export default defineConfig({
  test: {
    projects: [
      './apps/web/vitest.config.ts',
      ...serverProjects,
      // The benchmarks' own helpers (trace reading).
      { test: { name: 'bench', root: './bench', include: ['*.test.ts'] } },
    ],
  },
});
