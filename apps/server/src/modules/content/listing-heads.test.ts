import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/transaction';
import { seedCatalog } from '../../seed/catalog';

/** Server-rendered heads of listing pages (fetched without JavaScript), and hreflang alternates. */
const dist = mkdtempSync(path.join(os.tmpdir(), 'maplesource-listing-dist-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MapleSource</title></head><body><div id="root"></div></body></html>',
);
let t: TestApp;
const origin = 'http://localhost:3000';
const title = (html: string) => /<title data-seo>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => /<meta data-seo name="description" content="([^"]*)">/.exec(html)?.[1];
type Row = { slug: string; name_en: string; name_fr: string; parent_slug: string | null };
const categoryRow = async (kind: string, child: boolean) =>
  rowsOf<Row>(
    await t.database.db.execute(
      sql`SELECT c.slug, c.name_en, c.name_fr, p.slug AS parent_slug FROM categories c
          LEFT JOIN categories p ON p.id = c.parent_id
          WHERE c.kind = ${kind} AND (c.parent_id IS NOT NULL) = ${child} ORDER BY c.id LIMIT 1`,
    ),
  )[0]!;
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  await seedCatalog({
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 20 },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('listing heads', () => {
  it('/products/<category>: the category name in <title>, a description, a self canonical', async () => {
    const c = await categoryRow('product', false);
    const res = await t.app.inject({ method: 'GET', url: `/products/${c.slug}` });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe(`${html(c.name_en)} | Canadian products | MapleSource`);
    expect(description(res.body)).toContain(html(c.name_en));
    expect(res.body).toContain(`<link data-seo rel="canonical" href="${origin}/products/${c.slug}">`);
  });

  it('/fr/products/<category>/<subcategory>: French names', async () => {
    const c = await categoryRow('product', true);
    const res = await t.app.inject({ method: 'GET', url: `/fr/products/${c.parent_slug}/${c.slug}` });
    expect(res.body).toContain('<html lang="fr-CA">');
    expect(title(res.body)).toBe(`${html(c.name_fr)} | Produits canadiens | MapleSource`);
    expect(description(res.body)).toMatch(/parcourez/);
    expect(res.body).toContain(
      `<link data-seo rel="canonical" href="${origin}/fr/products/${c.parent_slug}/${c.slug}">`,
    );
  });

  it('/services/<category>[/<subcategory>]', async () => {
    const parent = await categoryRow('service', false);
    const a = await t.app.inject({ method: 'GET', url: `/services/${parent.slug}` });
    expect(title(a.body)).toBe(`${html(parent.name_en)} | Industrial services in Canada | MapleSource`);
    const child = await categoryRow('service', true);
    const b = await t.app.inject({ method: 'GET', url: `/services/${child.parent_slug}/${child.slug}` });
    expect(title(b.body)).toContain(html(child.name_en));
  });

  it('/products/{type} listing types have their own titles; an unknown category is a 404', async () => {
    const popular = await t.app.inject({ method: 'GET', url: '/products/popular' });
    expect(title(popular.body)).toBe('Popular products from Canadian manufacturers | MapleSource');
    const fr = await t.app.inject({ method: 'GET', url: '/fr/products/new-arrivals' });
    expect(title(fr.body)).toBe('Nouveautés des fournisseurs canadiens | MapleSource');
    const unknown = await t.app.inject({ method: 'GET', url: '/products/no-such-category' });
    expect(unknown.statusCode).toBe(404);
    expect(title(unknown.body)).toBe('Page not found | MapleSource');
  });

  it('/fr/products renders French with a self canonical and en/fr/x-default alternates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fr/products' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="fr-CA">');
    expect(title(res.body)).toBe('Produits de fabricants canadiens | MapleSource');
    expect(res.body).toContain(`<link data-seo rel="canonical" href="${origin}/fr/products">`);
    expect(res.body).toContain(`<link data-seo rel="alternate" hreflang="en" href="${origin}/products">`);
    expect(res.body).toContain(`<link data-seo rel="alternate" hreflang="fr" href="${origin}/fr/products">`);
    expect(res.body).toContain(
      `<link data-seo rel="alternate" hreflang="x-default" href="${origin}/products">`,
    );
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain(`<link data-seo rel="alternate" hreflang="fr" href="${origin}/fr">`);
    const missing = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('hreflang');
  });
});
