import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { inlineStyleHashes, languagePreload, routePreloads } from './web-app';

const dist = mkdtempSync(path.join(os.tmpdir(), 'maplesource-dist-'));
let t: TestApp;
const bundle = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const firstPaintCss = 'header{height:4rem}';

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>MapleSource</title><style>${firstPaintCss}</style></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bundle);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(bundle));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/locales/en/first.ts': { file: 'assets/locale-en-1.js' },
      'src/locales/fr/first.ts': { file: 'assets/locale-fr-1.js' },
    }),
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it("allows the template's first-paint <style> by its hash in the page CSP, and no other inline style", async () => {
    const hash = `'sha256-${createHash('sha256').update(firstPaintCss).digest('base64')}'`;
    expect(inlineStyleHashes(`<head><style>${firstPaintCss}</style></head>`)).toEqual([hash]);
    expect(inlineStyleHashes('<head><link rel="stylesheet" href="/a.css"></head>')).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/products' });
    expect(res.body).toContain(`<style>${firstPaintCss}</style>`);
    const styleSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('style-src'));
    expect(styleSrc).toBe(`style-src 'self' ${hash}`);
  });

  it.each([
    '/',
    '/products',
    '/products/popular',
    '/profile',
    '/invoice/tok123',
    '/about-steel',
    '/cnc-fabrication-quotes/milling',
    '/fr/products',
    '/fr',
    '/admin',
    '/admin/seo',
  ])('returns the app shell with 200 for the screen %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    // `private` where the page carries its asker's API answers (decision 044).
    expect(res.headers['cache-control']).toMatch(/^(private, )?no-cache$/);
  });

  it.each([
    '/no-such-page',
    '/products/a/b/c',
    '/about',
    '/seller',
    '/fr/no-such-page',
    '/administrator',
    // Entity pages of things that do not exist (this database has no catalogue).
    '/productdetails/steel-bracket',
    '/seller/acme',
    // Listings of categories that do not exist (decision 249).
    '/products/metal-fabrication/cnc',
    '/fr/services/machining',
  ])('returns the app shell with 404 for %s so the not-found page renders', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves fingerprinted assets for a year, immutable, pre-compressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers a missing asset with 404, not the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('test payments in every page (decision 238)', () => {
  const modeOf = (html: string) => /<meta name="ms-payments" content="(\w+)">/.exec(html)?.[1];

  it('says test with the sandbox, on every page, known or not, in any language', async () => {
    for (const url of ['/', '/products', '/fr/checkout', '/admin', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(modeOf(res.body), url).toBe('test');
    }
  });

  it('says test on a production staging site (PAYMENT_PROVIDER=sandbox), live with live Stripe keys', async () => {
    const staging = await createTestApp({
      env: { WEB_DIST_DIR: dist, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' },
    });
    const live = await createTestApp({
      env: {
        WEB_DIST_DIR: dist,
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_Xyz',
      },
    });
    const stripeTest = await createTestApp({
      env: {
        WEB_DIST_DIR: dist,
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_Xyz',
      },
    });
    try {
      // Asked for on the site's own host: production redirects any other host to PUBLIC_URL (decision 243).
      const page = async (app: TestApp) =>
        (
          await app.app.inject({
            method: 'GET',
            url: '/products',
            headers: { host: new URL(app.app.config.PUBLIC_URL).host },
          })
        ).body;
      expect(modeOf(await page(staging))).toBe('test');
      expect(modeOf(await page(live))).toBe('live');
      expect(modeOf(await page(stripeTest))).toBe('test');
    } finally {
      await Promise.all([staging.close(), live.close(), stripeTest.close()]);
    }
  });
});

describe('route chunk preloads (decision 041)', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-1.js' },
    'src/app/routes/landing.tsx': { file: 'assets/landing-1.js', imports: ['_shared.js', '_card.js'] },
    '_card.js': { file: 'assets/card-1.js', imports: ['_shared.js'] },
    'src/app/routes/products.tsx': { file: 'assets/products-1.js' },
  };
  const template =
    '<head><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/shared-1.js"></head>';

  it("lists the page's screen chunk and its imports once, minus what the shell already loads", () => {
    expect(routePreloads(manifest, '/', template)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/landing-1.js"><link rel="modulepreload" crossorigin href="/assets/card-1.js">',
    );
    expect(routePreloads(manifest, '/products/metal-fabrication', template)).toContain('products-1.js');
  });

  it('adds nothing for other paths or without a manifest', () => {
    expect(routePreloads(manifest, '/profile', template)).toBe('');
    expect(routePreloads(null, '/', template)).toBe('');
  });
});

describe('language text preload (decision 175)', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js' },
    'src/locales/en/first.ts': { file: 'assets/locale-en-1.js' },
    'src/locales/en/more.ts': { file: 'assets/locale-en-more-1.js' },
    'src/locales/fr/first.ts': { file: 'assets/locale-fr-1.js' },
  };
  const link = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`;

  it("preloads the first texts of the address's language only", () => {
    expect(languagePreload(manifest, '/')).toBe(link('locale-en-1.js'));
    expect(languagePreload(manifest, '/products')).toBe(link('locale-en-1.js'));
    expect(languagePreload(manifest, '/fr')).toBe(link('locale-fr-1.js'));
    expect(languagePreload(manifest, '/fr/blogs')).toBe(link('locale-fr-1.js'));
    // A supported language without texts of its own renders English; a first segment that is no code is a page.
    expect(languagePreload(manifest, '/de/products')).toBe(link('locale-en-1.js'));
    expect(languagePreload(manifest, '/frontier')).toBe(link('locale-en-1.js'));
    expect(languagePreload(null, '/fr')).toBe('');
  });

  it('puts it in the page', async () => {
    const french = await t.app.inject({ method: 'GET', url: '/fr/blogs' });
    expect(french.body).toContain(link('locale-fr-1.js'));
    expect(french.body).not.toContain('locale-en-1.js');
    const english = await t.app.inject({ method: 'GET', url: '/blogs' });
    expect(english.body).toContain(link('locale-en-1.js'));
    expect(english.body).not.toContain('locale-fr-1.js');
  });
});

describe('the sandbox outbox page (decision 257)', () => {
  it('is a page where the sandbox outbox exists, and 404 in production', async () => {
    for (const url of ['/dev/outbox', '/fr/dev/outbox'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox/x' })).statusCode).toBe(404);
    const production = await createTestApp({
      env: { WEB_DIST_DIR: dist, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' },
    });
    try {
      const res = await production.app.inject({
        method: 'GET',
        url: '/dev/outbox',
        headers: { host: new URL(production.app.config.PUBLIC_URL).host },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root">');
    } finally {
      await production.close();
    }
  });
});
