import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

const dist = mkdtempSync(path.join(os.tmpdir(), 'maplesource-dist-'));
let t: TestApp;
const bundle = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>MapleSource</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bundle);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(bundle));
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each([
    '/',
    '/products',
    '/products/metal-fabrication/cnc',
    '/productdetails/steel-bracket',
    '/seller/acme',
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
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/no-such-page', '/products/a/b/c', '/about', '/seller', '/fr/no-such-page', '/administrator'])(
    'returns the app shell with 404 for %s so the not-found page renders',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root">');
    },
  );

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
