// @vitest-environment node
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The initial JavaScript budget check (scripts/check-js-budget.mjs) that `npm run test:e2e` runs on
// the real build: here on small made-up builds, to show it measures each public page and fails over 150 KB.
const script = fileURLToPath(new URL('../../../../scripts/check-js-budget.mjs', import.meta.url));
const screens = [
  'landing',
  'products',
  'services',
  'product-detail',
  'service-detail',
  'sellers',
  'seller-detail',
  'blogs',
  'blog-detail',
];
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A dist directory whose files have the given sizes (random bytes: gzip cannot shrink them). */
function fakeBuild(sizes: { vendor: number; localeEn: number; localeFr: number; seller: number }) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'js-budget-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  const write = (file: string, bytes: number) =>
    writeFileSync(path.join(dist, 'assets', file), randomBytes(bytes).toString('latin1'), 'latin1');
  write('index.js', 2_000);
  write('vendor.js', sizes.vendor);
  write('locale-en.js', sizes.localeEn);
  write('locale-fr.js', sizes.localeFr);
  write('locale-fr-more.js', 200_000);
  write('admin.js', 200_000);
  const manifest: Record<string, object> = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: ['src/app/routes/admin.tsx'],
    },
    '_vendor.js': { file: 'assets/vendor.js', name: 'vendor' },
    'src/locales/en/first.ts': { file: 'assets/locale-en.js', isDynamicEntry: true },
    'src/locales/fr/first.ts': { file: 'assets/locale-fr.js', isDynamicEntry: true },
    'src/locales/fr/more.ts': { file: 'assets/locale-fr-more.js', isDynamicEntry: true },
    'src/app/routes/admin.tsx': { file: 'assets/admin.js', imports: ['_vendor.js'] },
  };
  for (const screen of screens) {
    write(`${screen}.js`, screen === 'seller-detail' ? sizes.seller : 1_000);
    manifest[`src/app/routes/${screen}.tsx`] = { file: `assets/${screen}.js`, imports: ['_vendor.js'] };
  }
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

function check(dist: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [script, dist], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('initial JavaScript budget check', () => {
  it('passes when every page is within 150 KB, counting only what a page loads first', async () => {
    // Per page: entry 2 KB + vendor 125 KB + screen 1 KB + its language's texts 20 KB ≈ 144.5 KB; the admin screen
    // and the French "more" texts (200 KB each) are loaded later and do not count.
    const result = await check(
      fakeBuild({ vendor: 125_000, localeEn: 20_000, localeFr: 20_000, seller: 1_000 }),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/ok +14\d\.\d KB gzip +4 files +\/fr\n/);
    expect(result.stdout).toContain('within 150 KB');
  });

  it('fails on the page that is over, and names it', async () => {
    const result = await check(
      fakeBuild({ vendor: 125_000, localeEn: 20_000, localeFr: 20_000, seller: 40_000 }),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/OVER +1[6-9]\d\.\d KB gzip +4 files +\/seller\/\{slug\}/);
    expect(result.stderr).toMatch(/over the 150 KB gzip budget: \/seller\/\{slug\}\./);
  });

  it("counts a French page's texts, not the English ones", async () => {
    const result = await check(
      fakeBuild({ vendor: 125_000, localeEn: 1_000, localeFr: 40_000, seller: 1_000 }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/budget: \/fr\./);
  });

  it('fails when every page carries too much', async () => {
    const result = await check(
      fakeBuild({ vendor: 160_000, localeEn: 1_000, localeFr: 1_000, seller: 1_000 }),
    );
    expect(result.code).toBe(1);
    expect(result.stdout.match(/^OVER/gm)).toHaveLength(10);
  });
});
