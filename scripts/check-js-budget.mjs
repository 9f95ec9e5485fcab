#!/usr/bin/env node
// Initial JavaScript budget (decisions 125, 126, 175): the scripts a public page loads before any
// interaction — the entry with its static imports, plus the page's screen chunk with its imports (the server
// modulepreloads them, decision 041), plus its language's first texts (decision 175) — gzipped at level 9, from the
// built web app's Vite manifest. Fails (exit 1) when a page is over 150 KB.
// `npm run test:e2e` runs it right after its build; alone: `npm run build -w @maplesource/web && node
// scripts/check-js-budget.mjs [distDir]` (default apps/web/dist). The Lighthouse bench measures the same
// figure from what the browser really loaded (bench/lighthouse.mjs, "initial JS").
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 150 * 1024;

/** The public pages under the budget and the screen module each one renders (apps/web/src/app/router.tsx). */
export const budgetPages = [
  { page: '/', screen: 'src/app/routes/landing.tsx' },
  { page: '/fr', screen: 'src/app/routes/landing.tsx', language: 'fr' },
  { page: '/products', screen: 'src/app/routes/products.tsx' },
  { page: '/services', screen: 'src/app/routes/services.tsx' },
  { page: '/productdetails/{slug}', screen: 'src/app/routes/product-detail.tsx' },
  { page: '/service/{slug}', screen: 'src/app/routes/service-detail.tsx' },
  { page: '/sellers', screen: 'src/app/routes/sellers.tsx' },
  { page: '/seller/{slug}', screen: 'src/app/routes/seller-detail.tsx' },
  { page: '/blogs', screen: 'src/app/routes/blogs.tsx' },
  { page: '/blog/{slug}', screen: 'src/app/routes/blog-detail.tsx' },
];

/** Manifest key of a language's first texts (apps/web/src/locales/<code>/first.ts). */
const localeChunkKey = (manifest, code) =>
  manifest[`src/locales/${code}/first.ts`] ? `src/locales/${code}/first.ts` : undefined;

/** The files a manifest key loads at once: its own and those of its static imports, transitively. */
function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/** Every budget page's initial scripts and their gzipped size (bytes), from a built dist directory. */
export function measureInitialJs(distDir) {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const sizes = new Map();
  const gzipped = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  return budgetPages.map(({ page, screen, language }) => {
    const files = staticClosure(manifest, entry);
    staticClosure(manifest, screen, files);
    // The page language's first texts (the server modulepreloads them; decision 175). A build whose English
    // texts are inside the shell has no English first.ts; a French page always needs the French one.
    const locale = localeChunkKey(manifest, language ?? 'en');
    if (locale) staticClosure(manifest, locale, files);
    else if (language) throw new Error(`the manifest has no src/locales/${language}/first.ts`);
    const bytes = [...files].reduce((sum, file) => sum + gzipped(file), 0);
    return { page, files: [...files], bytes };
  });
}

function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = resolve(process.argv[2] ?? join(root, 'apps/web/dist'));
  const pages = measureInitialJs(distDir);
  const over = pages.filter((p) => p.bytes > BUDGET_BYTES);
  for (const { page, files, bytes } of pages) {
    console.info(
      `${bytes > BUDGET_BYTES ? 'OVER' : 'ok  '} ${(bytes / 1024).toFixed(1).padStart(6)} KB gzip  ${String(files.length).padStart(2)} files  ${page}`,
    );
  }
  if (over.length) {
    console.error(
      `initial JavaScript over the ${BUDGET_BYTES / 1024} KB gzip budget: ${over.map((p) => p.page).join(', ')}. ` +
        'Look for a heavy module reaching the entry, the shell chunk group (vite.config.ts) or a screen chunk ' +
        '(zod from contracts is the usual one).',
    );
    process.exitCode = 1;
  } else {
    console.info(`initial JavaScript within ${BUDGET_BYTES / 1024} KB gzip on every public page`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
