import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BlogCard,
  ProductCard,
  SearchResponse,
  SellerSummary,
  ServiceCard,
} from '@maplesource/contracts';
import { buyerHeaders, createTestApp, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/transaction';
import { REBUILD_SEARCH_WORDS_SQL, seedCatalog } from '../../seed/catalog';
import { seedContentHomeBlogs } from '../../seed/content-home-blogs';
import { plainListEncoding } from '../../plugins/compress-whole';

/**
 * One search for everything: `GET /search` answers products, services, sellers, categories and blog
 * posts, typo-tolerant in English and French, and each group is the start of its own listing asked with the same
 * text (the web's "see all" links).
 */
let t: TestApp;

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: buyerHeaders });
const search = async (q: string, extra = '') => {
  const res = await get(`/api/v1/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode).toBe(200);
  return res.json<SearchResponse>();
};
const names = (items: { nameEn: string }[]) => items.map((item) => item.nameEn);

beforeAll(async () => {
  t = await createTestApp();
  const context = {
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 400 },
  };
  await seedContentHomeBlogs(context);
  await seedCatalog(context);
  // A storefront and a service with the names a buyer typed in the issue, created here so the test owns them.
  await t.database.exec(`
    INSERT INTO sellers (slug, name, business_type, province, city, postal_code, verified, popularity_score)
    VALUES ('tundra-steel-inc', 'Tundra Steel Inc', 'fabricator', 'ON', 'Thunder Bay', 'P7B 1A1', true, 0),
           ('metaux-riviere-ltee', 'Métaux Rivière Ltée', 'supplier', 'QC', 'Trois-Rivières', 'G9A 1A1', false, 0);
    INSERT INTO catalog_seller_cards (seller_id, slug, name, province, city, business_type, verified)
    SELECT id, slug, name, province, city, business_type, verified FROM sellers
    WHERE slug IN ('tundra-steel-inc', 'metaux-riviere-ltee');
    INSERT INTO services (slug, seller_id, category_id, subcategory_id, name_en, name_fr, description_en, description_fr,
      starting_price_cents, turnaround_days, province, business_type)
    SELECT 'test-flatbed-trucking', s.id, c.parent_id, c.id, 'Flatbed Trucking Ontario to Quebec',
      'Transport par plateau de l''Ontario au Québec', 'd', 'd', 150000, 4, 'ON', 'fabricator'
    FROM categories c, sellers s WHERE c.kind = 'service' AND c.slug = 'freight-shipping' AND s.slug = 'tundra-steel-inc';
    INSERT INTO products (slug, seller_id, category_id, subcategory_id, name_en, name_fr, description_en, description_fr,
      price_tiers, min_price_cents, max_price_cents, min_order_quantity, lead_days, delivery_days, origin, province,
      business_type, material_en, material_fr)
    SELECT 'test-aluminum-extrusions', s.id, c.parent_id, c.id, 'Aluminum Extrusions for Solar Racking',
      'Extrusions d''aluminium pour supports solaires', 'd', 'd', '[]', 1000, 1200, 1, 5, 3, 'made-in-canada', 'ON',
      'fabricator', '6063 aluminum', 'Aluminium 6063'
    FROM categories c, sellers s WHERE c.kind = 'product' AND c.slug = 'aluminum-extrusions' AND s.slug = 'tundra-steel-inc';
    ${REBUILD_SEARCH_WORDS_SQL}`);
});
afterAll(async () => {
  await t.close();
});

describe('GET /search: every group', () => {
  it('finds the service "Flatbed trucking" and the seller "Tundra Steel Inc"', async () => {
    const trucking = await search('Flatbed trucking');
    expect(names(trucking.services)).toContain('Flatbed Trucking Ontario to Quebec');
    const tundra = await search('Tundra Steel Inc');
    expect(tundra.sellers.map((seller) => seller.name)).toContain('Tundra Steel Inc');
  });

  it('finds categories (with their parent, for the listing link) and blog posts', async () => {
    const found = await search('freight shipping');
    const freight = found.categories.find((category) => category.slug === 'freight-shipping');
    expect(freight).toMatchObject({
      kind: 'service',
      parentSlug: 'logistics',
      nameFr: 'Transport de marchandises',
    });
    const top = (await search('logistics')).categories.find((category) => category.slug === 'logistics');
    expect(top).toMatchObject({ kind: 'service', parentSlug: null });
    const blogs = (await search('extrusions')).blogs.map((blog) => blog.titleEn);
    expect(blogs).toContain('How to Source Aluminum Extrusions in Canada');
  });

  it('answers each group empty for text nothing matches, and 400 for no text', async () => {
    const nothing = await search('zzqxv');
    expect([nothing.products, nothing.services, nothing.sellers, nothing.categories, nothing.blogs]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ]);
    const res = await get('/api/v1/search?q=%20');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBeTruthy();
  });

  it('type= asks for one group only', async () => {
    const only = await search('Tundra Steel', '&type=sellers');
    expect(only.sellers.length).toBeGreaterThan(0);
    expect([only.products, only.services, only.categories, only.blogs]).toEqual([[], [], [], []]);
  });
});

describe('GET /search: typos in English and French, per group', () => {
  it.each([
    [
      'products, EN',
      'alumnum extrusions',
      (r: SearchResponse) => names(r.products).some((n) => /aluminum/i.test(n)),
    ],
    [
      'products, FR',
      'acier inoxidable',
      (r: SearchResponse) => r.products.some((p) => /inoxydable/i.test(p.nameFr)),
    ],
    [
      'services, EN',
      'flatbd truckin',
      (r: SearchResponse) => names(r.services).includes('Flatbed Trucking Ontario to Quebec'),
    ],
    [
      'services, FR',
      'transprt par plateau',
      (r: SearchResponse) => r.services.some((s) => /plateau/.test(s.nameFr)),
    ],
    [
      'sellers, EN',
      'Tundar Steel',
      (r: SearchResponse) => r.sellers.some((s) => s.name === 'Tundra Steel Inc'),
    ],
    [
      'sellers, FR',
      'metaux riviere',
      (r: SearchResponse) => r.sellers.some((s) => s.name === 'Métaux Rivière Ltée'),
    ],
    [
      'categories, EN',
      'frieght shipping',
      (r: SearchResponse) => r.categories.some((c) => c.slug === 'freight-shipping'),
    ],
    ['categories, FR', 'logistiqe', (r: SearchResponse) => r.categories.some((c) => c.slug === 'logistics')],
    ['blogs, EN', 'extrusons', (r: SearchResponse) => r.blogs.some((b) => /Extrusions/.test(b.titleEn))],
    [
      'blogs, FR',
      'approvisioner',
      (r: SearchResponse) => r.blogs.some((b) => /approvisionner/.test(b.titleFr)),
    ],
  ])('%s: "%s"', async (_group, q, found) => {
    expect(found(await search(q))).toBe(true);
  });

  it('says what it searched for when it corrected the text', async () => {
    expect((await search('alumnum')).correctedQuery).toBe('aluminum');
  });
});

describe('GET /search: a one- or two-letter word (decision 180)', () => {
  it('is looked up in the index only with the other words, and every match still holds it', async () => {
    const resolved = await t.app.catalog.resolveSearchText(t.database.db, 'Flatbed tr');
    expect(resolved).toMatchObject({ tsquery: expect.stringContaining('tr:*'), indexTsquery: 'flatbed' });
    expect((await t.app.catalog.resolveSearchText(t.database.db, 'co'))?.indexTsquery).toBeNull();
    for (const [table, url] of [
      ['services', '/api/v1/service'],
      ['products', '/api/v1/product'],
    ] as const) {
      for (const q of ['Flatbed tr', 'aluminum ex', 'steel co']) {
        const text = (await t.app.catalog.resolveSearchText(t.database.db, q))!.tsquery!;
        const expected = rowsOf<{ id: string | number }>(
          await t.database.db.execute(
            sql`SELECT id FROM ${sql.raw(table)} WHERE status = 'active'
                AND search_doc @@ to_tsquery('simple', ${text}) ORDER BY popularity_score DESC, id DESC LIMIT 12`,
          ),
        ).map((row) => String(row.id));
        const listed = (await get(`${url}?q=${encodeURIComponent(q)}&pageSize=12`)).json<{
          items: { id: string }[];
        }>();
        expect(listed.items.map((item) => item.id)).toEqual(expected);
      }
    }
  });
});

describe('GET /search: each group is the start of its own listing (the web\'s "see all")', () => {
  it.each(['Flatbed trucking', 'steel', 'alumnum extrusions', 'acier inoxidable'])('"%s"', async (q) => {
    const limit = 4;
    const found = await search(q, `&limit=${limit}`);
    const query = `q=${encodeURIComponent(q)}&pageSize=${limit}`;
    const ids = (items: { id: string }[]) => items.map((item) => item.id);
    const products = (await get(`/api/v1/product?${query}`)).json<{ items: ProductCard[] }>();
    const services = (await get(`/api/v1/service?${query}`)).json<{ items: ServiceCard[] }>();
    const sellers = (await get(`/api/v1/seller?${query}`)).json<{ items: SellerSummary[] }>();
    const blogs = (await get(`/api/v1/blogs?${query}`)).json<{ items: BlogCard[] }>();
    expect(ids(found.products)).toEqual(ids(products.items));
    expect(ids(found.services)).toEqual(ids(services.items));
    expect(ids(found.sellers)).toEqual(ids(sellers.items));
    expect(ids(found.blogs)).toEqual(ids(blogs.items));
    expect(found.products.length + found.services.length + found.sellers.length).toBeGreaterThan(0);
  });

  it('the blog listing keeps only the posts the text matches, typo-tolerant', async () => {
    const all = (await get('/api/v1/blogs?pageSize=50')).json<{ total: number }>();
    const some = (await get('/api/v1/blogs?q=extrusons&pageSize=50')).json<{
      items: BlogCard[];
      total: number;
    }>();
    expect(some.total).toBeGreaterThan(0);
    expect(some.total).toBeLessThan(all.total);
    expect(some.items.every((blog) => /extrusion/i.test(`${blog.titleEn} ${blog.titleFr}`))).toBe(true);
  });
});

describe('GET /search: its answer compressed whole (decisions 338, 343)', () => {
  it('sends br or gzip with its length for a plain list of encodings, and the same JSON once decoded', async () => {
    const plain = await get('/api/v1/search?q=steel');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [header, encoding] of [
      ['gzip, deflate', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['*', 'gzip'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/search?q=steel',
        headers: { ...buyerHeaders, 'accept-encoding': header },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(String(res.headers.vary)).toContain('accept-encoding');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const decoded = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(decoded.toString('utf8')).toBe(plain.body);
    }
  });

  it('leaves weighted lists, identity and short answers to the app’s compression, as before', async () => {
    const weighted = await t.app.inject({
      method: 'GET',
      url: '/api/v1/search?q=steel',
      headers: { ...buyerHeaders, 'accept-encoding': 'br;q=0.1, gzip;q=0.5' },
    });
    expect(weighted.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(weighted.rawPayload).toString('utf8')).toBe((await get('/api/v1/search?q=steel')).body);
    const identity = await t.app.inject({
      method: 'GET',
      url: '/api/v1/search?q=steel',
      headers: { ...buyerHeaders, 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const short = await t.app.inject({
      method: 'GET',
      url: '/api/v1/search?q=zzqxnothing',
      headers: { ...buyerHeaders, 'accept-encoding': 'gzip' },
    });
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.json<SearchResponse>().products).toEqual([]);
  });

  it('chooses as the app’s compression does for plain lists', () => {
    expect(plainListEncoding('gzip, deflate')).toBe('gzip');
    expect(plainListEncoding('deflate, br')).toBe('br');
    expect(plainListEncoding('X-GZIP')).toBe('gzip');
    expect(plainListEncoding('deflate')).toBeNull();
    expect(plainListEncoding('gzip;q=1')).toBeNull();
    expect(plainListEncoding(undefined)).toBeNull();
  });
});
