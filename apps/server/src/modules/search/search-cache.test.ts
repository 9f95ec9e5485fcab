import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@maplesource/contracts';
import { buyerHeaders, createTestApp, type TestApp } from '../../../test/helpers';
import { seedCatalog } from '../../seed/catalog';
import { seedContentHomeBlogs } from '../../seed/content-home-blogs';

/**
 * The global search answer cache (decision 180) lives minutes, so it must never show an answer older than a change
 * of what it shows. Here it is on (the listing cache at 60 s, search answers at their 5-minute default) and each
 * change is written straight in SQL, as another process or a tool would: the catalogue version, bumped by triggers
 * in the same statement, must drop the cached answer within one version poll.
 */
let t: TestApp;

const search = async (q: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/search?q=${encodeURIComponent(q)}`,
    headers: buyerHeaders,
  });
  expect(res.statusCode).toBe(200);
  return res.json<SearchResponse>();
};

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_LISTING_CACHE_MS: '60000' } });
  const context = {
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 200 },
  };
  await seedContentHomeBlogs(context);
  await seedCatalog(context);
});
afterAll(async () => {
  await t.close();
});

describe('GET /search answer cache (decision 180)', () => {
  it('is on, and serves a repeated search from the cache', async () => {
    expect(t.app.catalog.state.searchAnswers.enabled).toBe(true);
    expect(t.app.catalog.state.searchAnswers.ttlMs).toBeGreaterThanOrEqual(60_000);
    const first = await search('steel');
    const size = t.app.catalog.state.searchAnswers.size;
    expect(await search('steel')).toEqual(first);
    expect(t.app.catalog.state.searchAnswers.size).toBe(size);
  });

  it('finds an added product right after it is added', async () => {
    expect((await search('quokkanite')).products).toEqual([]);
    await t.database.exec(`
      INSERT INTO products (slug, seller_id, category_id, subcategory_id, name_en, name_fr, description_en,
        description_fr, price_tiers, min_price_cents, max_price_cents, min_order_quantity, lead_days, delivery_days,
        origin, province, business_type, material_en, material_fr)
      SELECT 'test-quokkanite-brackets', s.id, c.parent_id, c.id, 'Quokkanite Brackets', 'Supports en quokkanite',
        'd', 'd', '[]', 1000, 1200, 1, 5, 3, 'imported', s.province, s.business_type, 'steel', 'acier'
      FROM categories c, (SELECT * FROM sellers ORDER BY id LIMIT 1) s
      WHERE c.kind = 'product' AND c.parent_id IS NOT NULL ORDER BY c.id LIMIT 1;
      INSERT INTO search_words (word, ndoc, product_ndoc) VALUES ('quokkanite', 1, 1) ON CONFLICT DO NOTHING;`);
    await expect
      .poll(async () => (await search('quokkanite')).products.map((p) => p.nameEn))
      .toEqual(['Quokkanite Brackets']);
  });

  it('finds a renamed product by its new name, and no longer by the old one', async () => {
    const [before] = (await search('steel')).products;
    expect(before).toBeDefined();
    expect((await search('wombatite')).products).toEqual([]);
    await t.database.exec(`
      UPDATE products SET name_en = 'Wombatite Plate', name_fr = 'Plaque en wombatite' WHERE id = ${Number(before!.id)};
      INSERT INTO search_words (word, ndoc, product_ndoc) VALUES ('wombatite', 1, 1) ON CONFLICT DO NOTHING;`);
    await expect
      .poll(async () => (await search('wombatite')).products.map((p) => p.id))
      .toEqual([before!.id]);
    expect((await search('steel')).products.find((p) => p.id === before!.id)?.nameEn).not.toBe(
      before!.nameEn,
    );
  });

  it('shows a renamed category under its new name (category names bump the version, migration 0291)', async () => {
    const [category] = (await search('logistics')).categories;
    expect(category).toBeDefined();
    await t.database.exec(
      `UPDATE categories SET name_en = 'Logistics and Warehousing' WHERE id = ${Number(category!.id)}`,
    );
    await expect
      .poll(async () => (await search('logistics')).categories.find((c) => c.id === category!.id)?.nameEn)
      .toBe('Logistics and Warehousing');
  });

  it('finds a new blog post (blog posts bump the version, migration 0291)', async () => {
    expect((await search('numbatology')).blogs).toEqual([]);
    await t.database.exec(`
      INSERT INTO blogs (slug, title_en, title_fr, excerpt_en, excerpt_fr, body_en, body_fr, category, cover_url,
        published_at)
      VALUES ('numbatology-for-buyers', 'Numbatology for Buyers', 'La numbatologie pour les acheteurs', 'e', 'e',
        'b', 'b', 'guides', '/media/blog/numbatology.svg', now());`);
    await expect
      .poll(async () => (await search('numbatology')).blogs.map((b) => b.titleEn))
      .toEqual(['Numbatology for Buyers']);
  });
});
