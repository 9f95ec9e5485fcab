// `npm run bench`: every benchmark in turn, each printing its figures. Needs `npm run build` first
// (the npm script does it). Benchmarks that need PostgreSQL skip themselves without DATABASE_URL.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const only = process.argv[2];
const files = readdirSync(import.meta.dirname)
  .filter(
    (name) =>
      name.endsWith('.mjs') &&
      !['run-all.mjs', 'lib.mjs', 'postgres-cpu.mjs', 'process-stats.mjs'].includes(name),
  )
  .filter((name) => !only || name.includes(only))
  .sort((a, b) => (a.startsWith('startup') ? -1 : b.startsWith('startup') ? 1 : a.localeCompare(b)));
for (const file of files) {
  const module = await import(path.join(import.meta.dirname, file));
  if (typeof module.run === 'function') await module.run();
}

// TypeScript benchmarks that build the app in-process on PostgreSQL (run with tsx); skipped without DATABASE_URL.
const typescriptBenchmarks = ['accept-invoice.ts', 'catalogue-import.ts'].filter(
  (name) => !only || name.includes(only),
);
for (const file of typescriptBenchmarks) {
  if (!process.env.DATABASE_URL) {
    console.info(`${file}: skipped (needs DATABASE_URL)`);
    continue;
  }
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exitCode = 1;
}
