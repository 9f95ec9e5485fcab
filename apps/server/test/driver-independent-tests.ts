import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * Server test files whose outcome cannot depend on the database driver under test (decision 333): they open no test
 * database (pure functions, parsers, the CNC analysis, ESLint and TypeScript over the sources, Redis-only limits),
 * or they always open an embedded PGlite of their own. The PGlite project runs them; the PostgreSQL project, which
 * exists to run the database-backed tests again on PostgreSQL, skips them instead of running them a second time.
 *
 * A file listed here that opens a test database or starts a child server fails (test/helpers.ts,
 * test/child-process.ts): it then belongs to both projects and leaves this list. Paths are relative to apps/server.
 */
export const driverIndependentTests: readonly string[] = [
  'src/backup-channel.test.ts',
  'src/config.test.ts',
  'src/db/tracing.test.ts',
  'src/modules/catalog/search-postings.test.ts',
  'src/modules/catalog/seller-stats.service.test.ts',
  'src/modules/careers/resume-check.test.ts',
  'src/modules/chat/chat.phases.test.ts',
  'src/modules/cnc-quotes/cnc-analysis-shared-bytes.test.ts',
  'src/modules/cnc-quotes/cnc-analysis-worker.test.ts',
  'src/modules/cnc-quotes/cnc-analysis.test.ts',
  'src/modules/cnc-quotes/cnc-step.test.ts',
  'src/modules/content/seo-resolver.test.ts',
  'src/modules/content/wasm-worker-csp.test.ts',
  'src/modules/invoices/invoice-pdf-thread.test.ts',
  'src/modules/invoices/invoice-pdf.test.ts',
  'src/modules/invoices/tax-override.test.ts',
  'src/modules/sellers/storefront-search-index.test.ts',
  'src/plugins/compress-whole.test.ts',
  'src/plugins/mail-layout.test.ts',
  'src/plugins/page-data.test.ts',
  'src/plugins/realtime-limits.test.ts',
  'src/plugins/redis-fire-and-forget.test.ts',
  'test/architecture/flow-sql.test.ts',
  'test/architecture/flows-readme.test.ts',
  'test/architecture/lint-rules.test.ts',
  'test/architecture/module-boundaries.test.ts',
  'test/calendar.test.ts',
  'test/cluster/release-consistency.test.ts',
  'test/canadian-tax.test.ts',
  'test/cnc-pricing.test.ts',
  'test/error-codes-i18n.test.ts',
  'test/money.test.ts',
  'test/operations-guide.test.ts',
  'test/rfq-comparison.test.ts',
  'test/runtime/node-version.test.ts',
];

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Throws when the running test file is listed above: it is about to open a database or a child server (`what`). */
export function assertDriverDependent(what: string): void {
  const testPath = expect.getState().testPath;
  if (!testPath) return;
  const file = path.relative(serverDir, testPath).split(path.sep).join('/');
  if (driverIndependentTests.includes(file))
    throw new Error(
      `${file} ${what}, so its outcome can depend on the database driver: remove it from test/driver-independent-tests.ts (decision 333)`,
    );
}
