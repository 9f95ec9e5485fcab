import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/transaction';
import { seedCatalog } from '../../seed/catalog';
import { seedContentHomeBlogs } from '../../seed/content-home-blogs';

/** Server-rendered heads of entity pages over the real catalogue (fetched without JavaScript). */
const dist = mkdtempSync(path.join(os.tmpdir(), 'maplesource-entity-dist-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MapleSource</title></head><body><div id="root"></div></body></html>',
);
let t: TestApp;
const one = async (query: string) =>
  rowsOf<{ slug: string }>(await t.database.db.execute(sql.raw(query)))[0]!.slug;
const jsonLd = (html: string) =>
  [...html.matchAll(/<script data-seo type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  const context = { database: t.database, config: t.config, log: () => undefined, options: { products: 40 } };
  await seedContentHomeBlogs(context);
  await seedCatalog(context);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('entity heads from the catalogue', () => {
  it('a product page holds its title, canonical and Product JSON-LD with offers in CAD', async () => {
    const slug = await one("SELECT slug FROM products WHERE status = 'active' ORDER BY id LIMIT 1");
    const res = await t.app.inject({ method: 'GET', url: `/productdetails/${slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title data-seo>[^<]+ \| MapleSource<\/title>/);
    expect(res.body).toContain(
      `<link data-seo rel="canonical" href="http://localhost:3000/productdetails/${slug}">`,
    );
    expect(res.body).toContain('<meta data-seo property="og:type" content="product">');
    const [doc] = jsonLd(res.body);
    expect(doc['@type']).toBe('Product');
    expect(doc.offers.priceCurrency).toBe('CAD');
  });

  it('French product page uses the French name', async () => {
    const row = rowsOf<{ slug: string; name_fr: string }>(
      await t.database.db.execute(
        sql`SELECT slug, name_fr FROM products WHERE status = 'active' ORDER BY id LIMIT 1`,
      ),
    )[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/fr/productdetails/${row.slug}` });
    expect(res.body).toContain('<html lang="fr-CA">');
    expect(res.body).toContain('content="fr_CA"');
    expect(jsonLd(res.body)[0].name).toBe(row.name_fr);
  });

  it('seller, service and blog pages carry Organization, Service and BlogPosting', async () => {
    const seller = await one('SELECT slug FROM sellers ORDER BY id LIMIT 1');
    const service = await one("SELECT slug FROM services WHERE status = 'active' ORDER BY id LIMIT 1");
    const blog = await one(
      'SELECT slug FROM blogs WHERE published_at IS NOT NULL AND published_at <= now() ORDER BY id LIMIT 1',
    );
    const types = async (url: string) =>
      jsonLd((await t.app.inject({ method: 'GET', url })).body).map((d) => d['@type']);
    expect(await types(`/seller/${seller}`)).toEqual(['Organization']);
    expect(await types(`/service/${service}`)).toEqual(['Service']);
    expect(await types(`/blog/${blog}`)).toEqual(['BlogPosting']);
    expect(await types('/productdetails/no-such-product')).toEqual([]);
  });

  it('answers 404 with the not-found head (the app still renders) for entity pages of things that do not exist', async () => {
    for (const url of [
      '/productdetails/no-such-product',
      '/service/no-such-service',
      '/seller/no-such-seller',
      '/blog/no-such-post',
      '/fr/productdetails/no-such-product',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toMatch(
        /<title data-seo>(Page not found|Page introuvable) \| MapleSource<\/title>/,
      );
    }
    const slug = await one('SELECT slug FROM sellers ORDER BY id LIMIT 1');
    expect((await t.app.inject({ method: 'GET', url: `/seller/${slug}` })).statusCode).toBe(200);
  });

  it('the sitemap index covers every product, service, seller and blog', async () => {
    const counts = rowsOf<{ p: number; s: number; se: number; b: number }>(
      await t.database.db.execute(sql`SELECT
        (SELECT count(*) FROM products WHERE status = 'active')::int AS p,
        (SELECT count(*) FROM services WHERE status = 'active')::int AS s,
        (SELECT count(*) FROM sellers)::int AS se,
        (SELECT count(*) FROM blogs WHERE published_at IS NOT NULL AND published_at <= now())::int AS b`),
    )[0]!;
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    for (const kind of ['products', 'services', 'sellers', 'blogs'])
      expect(index.body).toContain(`/sitemaps/${kind}-1.xml`);
    const count = async (file: string) =>
      ((await t.app.inject({ method: 'GET', url: `/sitemaps/${file}` })).body.match(/<url>/g) ?? []).length;
    expect(await count('products-1.xml')).toBe(counts.p);
    expect(await count('services-1.xml')).toBe(counts.s);
    expect(await count('sellers-1.xml')).toBe(counts.se);
    expect(await count('blogs-1.xml')).toBe(counts.b);
  });
});
