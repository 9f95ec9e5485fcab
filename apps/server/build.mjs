// Bundles the server (and the contracts it imports) into dist/, copies the SQL migrations
// beside it, and pre-compresses the built web app so it is served without per-request work.
import { build } from 'esbuild';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const here = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });

const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    migrate: path.join(here, 'src/migrate-cli.ts'),
    seed: path.join(here, 'src/seed/cli.ts'),
    // The CNC analysis worker thread (decision 322): analyseCadFile starts dist/cnc-analysis-worker.js.
    'cnc-analysis-worker': path.join(here, 'src/modules/cnc-quotes/analysis/analysis-worker.ts'),
    // The PDF thread (decision 342): plugins/pdf-pool.ts starts dist/pdf-worker.js.
    'pdf-worker': path.join(here, 'src/pdf-worker.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // npm dependencies stay in node_modules; our workspace packages are bundled.
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@maplesource/')),
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });

const webDist = path.join(here, '..', 'web', 'dist');
let compressed = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(name) && statSync(file).size > 1024) {
      const body = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      compressed += 1;
    }
  }
};
try {
  walk(webDist);
} catch {
  console.warn('web app not built yet: nothing to pre-compress');
}
console.info(
  `server bundled to ${path.relative(process.cwd(), dist)}; ${compressed} web files pre-compressed`,
);
