import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerHeaders, createTestApp, type TestApp } from '../../../test/helpers';
import { seedCatalog } from '../../seed/catalog';
import { ListingCache, listingKey } from './listing-cache';
import { catalogPageLinks } from './catalog.queries';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_LISTING_CACHE_MS: '60000' } });
  await seedCatalog({
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 200 },
  });
});
afterAll(async () => {
  await t.close();
});

describe('listing result cache (decision 041)', () => {
  it('keys ignore parameter order and undefined values', () => {
    expect(listingKey({ b: 1, a: 'x', c: undefined })).toBe(listingKey({ a: 'x', b: 1 }));
    expect(listingKey({ a: ['x', 'y'] })).not.toBe(listingKey({ a: ['y', 'x'] }));
  });

  it('computes an answer once for requests that ask for it at the same time (no stampede on expiry)', async () => {
    const cache = new ListingCache<number>({ ttlMs: 60_000, versionCheckMs: 60_000 });
    let computed = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      computed += 1;
      await gate;
      return computed;
    };
    await cache.get(t.database.db, 'warm-version', async () => 0);
    const answers = Promise.all([1, 2, 3].map(() => cache.get(t.database.db, 'same', compute)));
    release();
    expect(await answers).toEqual([1, 1, 1]);
    expect(computed).toBe(1);
    // A failed computation is not kept: the next request computes again.
    await expect(cache.get(t.database.db, 'fails', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await cache.get(t.database.db, 'fails', async () => 7)).toBe(7);
  });

  it('serves a stored answer until the catalogue version changes', async () => {
    const cache = new ListingCache<number>({ ttlMs: 60_000, versionCheckMs: 0 });
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get(t.database.db, 'k', compute)).toBe(1);
    expect(await cache.get(t.database.db, 'k', compute)).toBe(1);
    // A listing-relevant write bumps the version (trigger, migration 0230)…
    await t.database.db.execute(
      sql`UPDATE products SET name_en = name_en WHERE id = (SELECT min(id) FROM products)`,
    );
    expect(await cache.get(t.database.db, 'k', compute)).toBe(2);
    // …a statistics update does not.
    await t.database.db.execute(
      sql`UPDATE products SET views = views + 1 WHERE id = (SELECT min(id) FROM products)`,
    );
    expect(await cache.get(t.database.db, 'k', compute)).toBe(2);
  });

  it('expires entries after the TTL and stays within its bound', async () => {
    const cache = new ListingCache<number>({ ttlMs: 1, max: 2, versionCheckMs: 0 });
    let computed = 0;
    const compute = async () => ++computed;
    await cache.get(t.database.db, 'a', compute);
    // Once a millisecond has passed the entry is stale and the next read computes it again.
    await expect.poll(() => cache.get(t.database.db, 'a', compute)).toBeGreaterThan(1);
    const afterExpiry = computed;
    const off = new ListingCache<number>({ ttlMs: 0 });
    expect(await off.get(t.database.db, 'a', compute)).toBe(afterExpiry + 1);
    expect(await off.get(t.database.db, 'a', compute)).toBe(afterExpiry + 2);
  });

  it('the endpoint answers the same JSON from the cache, and a new one after a product change', async () => {
    const url = '/api/v1/product?state=ON&pageSize=5';
    const first = await t.app.inject({ method: 'GET', url, headers: buyerHeaders });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    const second = await t.app.inject({ method: 'GET', url, headers: buyerHeaders });
    expect(second.body).toBe(first.body);
    const top = first.json<{ items: { id: string }[] }>().items[0]!;
    await t.database.db.execute(sql`UPDATE products SET status = 'removed' WHERE id = ${Number(top.id)}`);
    // The route's cache reads the version at most once a second: within that second the old answer may still come.
    await expect
      .poll(async () => {
        const third = await t.app.inject({ method: 'GET', url, headers: buyerHeaders });
        return third.json<{ items: { id: string }[] }>().items.map((item) => item.id);
      })
      .not.toContain(top.id);
  });
});

describe('listing result cache and card images (decision 041)', () => {
  it.each([
    ['product', 'products'],
    ['service', 'services'],
  ])('a %s’s new main image reaches its cached listing', async (kind, table) => {
    const url = `/api/v1/${kind}?pageSize=5`;
    const first = await t.app.inject({ method: 'GET', url, headers: buyerHeaders });
    expect(first.statusCode, first.body).toBe(200);
    const top = first.json<{ items: { id: string }[] }>().items[0]!;
    const image = `/uploads/${kind}-new-main-image.webp`;
    await t.database.db.execute(
      sql`UPDATE ${sql.raw(table)} SET images = ${JSON.stringify([{ url: image, altEn: 'New', altFr: 'Neuf' }])}::jsonb
          WHERE id = ${Number(top.id)}`,
    );
    // The route's cache reads the version at most once a second: within that second the old answer may still come.
    await expect
      .poll(async () => {
        const again = await t.app.inject({ method: 'GET', url, headers: buyerHeaders });
        return again
          .json<{ items: { id: string; imageUrl: string }[] }>()
          .items.find((item) => item.id === top.id)?.imageUrl;
      })
      .toBe(image);
  });
});

describe('catalogue page links (decision 041)', () => {
  it("preloads a product page's first image from the id at the end of its slug", () => {
    expect(catalogPageLinks('/productdetails/steel-beam-w8-42')).toBe(
      '<link rel="preload" as="image" href="/api/v1/media/product/42/0.svg" fetchpriority="high">',
    );
    expect(catalogPageLinks('/productdetails/no-id-here')).toBe('');
    expect(catalogPageLinks('/products')).toBe('');
  });
});
