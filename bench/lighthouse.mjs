// Lighthouse (issue 5): SEO, accessibility, performance and best-practices for the landing page,
// a product page and a blog page, on the built server (PGlite, seeded). Target: SEO and
// accessibility ≥ 95. Needs `npm run build` and Chromium (CHROME_PATH, default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startServer } from './lib.mjs';

const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
const categories = ['seo', 'accessibility', 'performance', 'best-practices'];

function lighthouse(url) {
  const bin = path.join(repoRoot, 'node_modules', '.bin', 'lighthouse');
  return new Promise((resolve, reject) => {
    const child = spawn(
      bin,
      [
        url,
        '--output=json',
        '--quiet',
        `--chrome-flags=${chromeFlags}`,
        `--only-categories=${categories.join(',')}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}`));
      try {
        const report = JSON.parse(out);
        const scores = Object.fromEntries(
          categories.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]),
        );
        const failing = Object.values(report.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        const consoleErrors = (report.audits['errors-in-console']?.details?.items ?? []).map((item) =>
          `${item.source ?? ''} ${item.url ?? ''} ${String(item.description ?? '').slice(0, 120)}`.trim(),
        );
        resolve({ scores, failing, consoleErrors });
      } catch (error) {
        reject(error);
      }
    });
  });
}

export async function run() {
  console.info('\n# lighthouse');
  if (!existsSync(path.join(repoRoot, 'node_modules', '.bin', 'lighthouse'))) {
    console.info('lighthouse is not installed (npm i -D lighthouse@12.8); skipped');
    return;
  }
  const server = await startServer();
  try {
    const first = async (apiPath, key) => {
      const res = await fetch(`${server.url}/api/v1/${apiPath}`, { headers: { role: 'buyer' } });
      const body = await res.json();
      return body.items?.[0]?.[key];
    };
    const product = await first('product?pageSize=1', 'slug');
    const blog = await first('blogs?pageSize=1', 'slug');
    const pages = [
      ['landing', '/'],
      ['product', product ? `/productdetails/${product}` : null],
      ['blog', blog ? `/blog/${blog}` : null],
    ];
    for (const [name, pagePath] of pages) {
      if (!pagePath) {
        console.info(`${name}: no ${name} in the seed; skipped`);
        continue;
      }
      const { scores, failing, consoleErrors } = await lighthouse(`${server.url}${pagePath}`);
      console.info(
        `${name.padEnd(8)} ${pagePath}: ${categories.map((c) => `${c} ${scores[c]}`).join(', ')}${failing.length ? `  (failing: ${failing.join(', ')})` : ''}`,
      );
      for (const line of consoleErrors) console.info(`  console: ${line}`);
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
