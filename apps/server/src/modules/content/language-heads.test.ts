import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/transaction';
import { seedCatalog } from '../../seed/catalog';
import { contentSeedStep } from './content.seed';

/** Server-rendered heads in each language (decision 249), `/about-{product}` heads and unknown listings. */
const dist = mkdtempSync(path.join(os.tmpdir(), 'maplesource-language-heads-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MapleSource</title></head><body><div id="root"></div></body></html>',
);
let t: TestApp;
const origin = 'http://localhost:3000';
const title = (html: string) => /<title data-seo>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => /<meta data-seo name="description" content="([^"]*)">/.exec(html)?.[1];
const canonical = (html: string) => /<link data-seo rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const page = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  await seedCatalog({
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 20 },
  });
  await contentSeedStep.run({ database: t.database, config: t.config });
  // An English entry without a French twin (written before any page is rendered and cached).
  await t.database.db.execute(
    sql`INSERT INTO seo_entries (id, path, code) VALUES (${randomUUID()}, '/services',
      '<title>Canadian industrial services, English entry</title><meta name="description" content="English words"><meta property="og:title" content="English og"><link rel="canonical" href="https://maplesource.ca/services">')`,
  );
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('SEO entries per language (decision 249)', () => {
  it('French pages take the French entries; English pages the English ones', async () => {
    const frHome = await page('/fr');
    expect(frHome.body).toContain('<html lang="fr-CA">');
    expect(title(frHome.body)).toMatch(/^MapleSource – Achetez canadien/);
    const frProducts = await page('/fr/products');
    expect(title(frProducts.body)).toBe('Produits canadiens pour les acheteurs d’entreprise | MapleSource');
    expect(description(frProducts.body)).toMatch(/^Parcourez/);
    expect(frProducts.body).not.toContain('Canadian products');
    expect(title((await page('/products')).body)).toBe('Canadian products for business buyers | MapleSource');
    expect(title((await page('/')).body)).toMatch(/^MapleSource – Buy Canadian/);
  });

  it('a French page without a French entry keeps its French head, never the English entry’s words', async () => {
    const fr = await page('/fr/services');
    expect(fr.statusCode).toBe(200);
    expect(title(fr.body)).toBe('Services industriels au Canada | MapleSource');
    expect(description(fr.body)).toMatch(/^Trouvez des prestataires/);
    expect(canonical(fr.body)).toBe(`${origin}/fr/services`);
    // The head's tags (the page data may carry the entry itself for the client, which applies the same rule).
    const tags = fr.body.match(/<(title|meta|link) data-seo[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(3);
    expect(tags.join('\n')).not.toMatch(/English|maplesource\.ca\/services/);
    expect(tags).toContain(
      '<meta data-seo property="og:title" content="Services industriels au Canada | MapleSource">',
    );
    const en = await page('/services');
    expect(title(en.body)).toBe('Canadian industrial services, English entry');
  });
});

describe('/about-{product} heads', () => {
  it('name the product in the page language', async () => {
    const en = await page('/about-steel-brackets');
    expect(en.statusCode).toBe(200);
    expect(title(en.body)).toBe('About steel brackets | MapleSource');
    expect(description(en.body)).toMatch(/^steel brackets: what it is, who makes it in Canada/);
    const fr = await page('/fr/about-steel-brackets');
    expect(fr.body).toContain('<html lang="fr-CA">');
    expect(title(fr.body)).toBe('À propos : steel brackets | MapleSource');
  });

  it('name a catalogue category as the catalogue does, in English and French', async () => {
    const [category] = rowsOf<{ slug: string; name_en: string; name_fr: string }>(
      await t.database.db.execute(
        sql`SELECT slug, name_en, name_fr FROM categories WHERE kind = 'product' AND parent_id IS NULL ORDER BY id LIMIT 1`,
      ),
    );
    const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
    expect(title((await page(`/about-${category!.slug}`)).body)).toBe(
      `About ${escape(category!.name_en)} | MapleSource`,
    );
    expect(title((await page(`/fr/about-${category!.slug}`)).body)).toBe(
      `À propos : ${escape(category!.name_fr)} | MapleSource`,
    );
  });
});

describe('unknown listings', () => {
  it('answer 404 from the server, in both languages and both sections', async () => {
    for (const url of [
      '/products/no-such-thing',
      '/fr/products/no-such-thing',
      '/products/no-such/thing',
      '/services/no-such-thing',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(title(res.body), url).toMatch(/^(Page not found|Page introuvable) \| MapleSource$/);
    }
    const [category] = rowsOf<{ slug: string }>(
      await t.database.db.execute(
        sql`SELECT slug FROM categories WHERE kind = 'product' AND parent_id IS NULL ORDER BY id LIMIT 1`,
      ),
    );
    expect((await page(`/products/${category!.slug}`)).statusCode).toBe(200);
    expect((await page('/products/popular')).statusCode).toBe(200);
  });
});
