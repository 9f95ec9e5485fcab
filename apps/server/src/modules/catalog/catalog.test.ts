import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  productOrigins,
  provinceCodes,
  businessTypes,
  type ListingFacetsResponse,
  type ProductListResponse,
} from '@maplesource/contracts';
import { buyerHeaders, createTestApp, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/transaction';
import { REBUILD_SEARCH_WORDS_SQL, seedCatalog } from '../../seed/catalog';
import { DEFAULT_FREQUENT_TEXT_THRESHOLD } from './catalog-state';
import {
  DEFAULT_EXACT_ROW_LIMIT,
  DEFAULT_TEXT_WALK_WINDOW,
  inSample,
  roundEstimate,
  SAMPLE_RATE,
} from './listing-engine';
import { expectedListingPage } from '../../../test/listing-reference';
import { seedContentHomeBlogs } from '../../seed/content-home-blogs';
import { categoryDrawing } from './catalog-illustrations';

let t: TestApp;
let userA: string;
let userB: string;

async function login(fullName: string): Promise<string> {
  const id = randomUUID();
  const n = Math.floor(Math.random() * 1e9);
  await t.database.db.execute(
    sql`insert into users (id, member_id, full_name, email, phone_number, password_hash, roles)
        values (${id}, ${`C${n}`}, ${fullName}, ${`c${n}@example.ca`}, ${`+1514${String(n).padStart(7, '0').slice(0, 7)}`}, 'x', '{buyer}')`,
  );
  return `ms_session=${await t.app.auth.sessions.create(id)}`;
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...buyerHeaders, ...(cookie ? { cookie } : {}) } });
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...buyerHeaders, ...(cookie ? { cookie } : {}) },
  });

beforeAll(async () => {
  t = await createTestApp();
  const context = {
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 800 },
  };
  await seedContentHomeBlogs(context);
  await seedCatalog(context);
  // Two products with known names for the typo cases (EN and FR).
  await t.database.exec(`
    INSERT INTO products (slug, seller_id, category_id, subcategory_id, name_en, name_fr, description_en, description_fr,
      price_tiers, min_price_cents, max_price_cents, min_order_quantity, lead_days, delivery_days, origin, province,
      business_type, material_en, material_fr)
    SELECT 'test-aluminum-extrusions', 1, c.parent_id, c.id, 'Aluminum Extrusions for Solar Racking',
      'Extrusions d''aluminium pour supports solaires', 'd', 'd', '[]', 1000, 1200, 1, 5, 3, 'made-in-canada', 'ON',
      'manufacturer', '6063 aluminum', 'Aluminium 6063'
    FROM categories c WHERE c.slug = 'aluminum-extrusions';
    INSERT INTO products (slug, seller_id, category_id, subcategory_id, name_en, name_fr, description_en, description_fr,
      price_tiers, min_price_cents, max_price_cents, min_order_quantity, lead_days, delivery_days, origin, province,
      business_type, material_en, material_fr)
    SELECT 'test-boitier-electrique', 1, c.parent_id, c.id, 'Watertight Electrical Enclosure',
      'Boîtier électrique étanche en acier inoxydable', 'd', 'd', '[]', 5000, 6000, 1, 5, 3, 'product-of-canada', 'QC',
      'manufacturer', 'Stainless steel', 'Acier inoxydable'
    FROM categories c WHERE c.slug = 'control-panels';
    ${REBUILD_SEARCH_WORDS_SQL}`);
  userA = await login('Alice Martin');
  userB = await login('Bruno Roy');
});
afterAll(async () => {
  await t.close();
});
// A failed assertion must not leave another test in the forced mode.
afterEach(() => {
  t.app.catalog.state.tune({ exactRowLimit: DEFAULT_EXACT_ROW_LIMIT });
  t.app.catalog.state.tune({
    frequentTextThreshold: DEFAULT_FREQUENT_TEXT_THRESHOLD,
    textWalkWindow: DEFAULT_TEXT_WALK_WINDOW,
  });
});

interface RefProduct {
  id: number;
  category_id: number;
  subcategory_id: number;
  business_type: string;
  province: string;
  min_price_cents: number;
  verified: boolean;
  delivery_days: number;
  rating_avg: number;
  min_order_quantity: number;
  origin: string;
  seller_id: number;
  popularity_score: number;
  bestseller_score: number;
  created_at: number;
}

describe('product listing filters match a plain reference implementation', () => {
  let all: RefProduct[];
  let categories: { id: number; slug: string; parent_id: number | null }[];

  beforeAll(async () => {
    all = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`SELECT * FROM products WHERE status = 'active'`),
    ).map((row) => ({
      id: Number(row.id),
      category_id: Number(row.category_id),
      subcategory_id: Number(row.subcategory_id),
      business_type: String(row.business_type),
      province: String(row.province),
      min_price_cents: Number(row.min_price_cents),
      verified: Boolean(row.verified),
      delivery_days: Number(row.delivery_days),
      rating_avg: Number(row.rating_avg),
      min_order_quantity: Number(row.min_order_quantity),
      origin: String(row.origin),
      seller_id: Number(row.seller_id),
      popularity_score: Number(row.popularity_score),
      bestseller_score: Number(row.bestseller_score),
      created_at: new Date(
        String(row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at),
      ).getTime(),
    }));
    categories = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`SELECT id, slug, parent_id FROM categories WHERE kind = 'product'`),
    ).map((row) => ({
      id: Number(row.id),
      slug: String(row.slug),
      parent_id: row.parent_id === null ? null : Number(row.parent_id),
    }));
  });

  const sorts = ['popular', 'bestsellers', 'newest', 'price-asc', 'price-desc', 'rating'] as const;
  type Filter = {
    category?: string;
    subcategories?: string[];
    businessType?: string;
    state?: string;
    minPrice?: number;
    maxPrice?: number;
    isVerified?: boolean;
    deliveryDays?: number;
    minRating?: number;
    minQuantity?: number;
    ratings?: number[];
    origin?: string;
    sort: (typeof sorts)[number];
    q?: string;
    page: number;
    pageSize: number;
  };

  const textMatches = new Map<string, Set<number>>();
  async function loadTextMatches(q: string) {
    const resolved = await t.app.catalog.resolveSearchText(t.database.db, q);
    const ids = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`SELECT id FROM products WHERE search_doc @@ to_tsquery('simple', ${resolved!.tsquery})`,
      ),
    );
    textMatches.set(q, new Set(ids.map((row) => Number(row.id))));
  }

  function reference(filter: Filter) {
    const bySlug = (slug: string) => categories.find((c) => c.slug === slug)?.id ?? -1;
    const rows = all.filter((p) => {
      if (filter.q !== undefined && !textMatches.get(filter.q)!.has(p.id)) return false;
      if (filter.category !== undefined && p.category_id !== bySlug(filter.category)) return false;
      if (filter.subcategories && !filter.subcategories.map(bySlug).includes(p.subcategory_id)) return false;
      if (filter.businessType !== undefined && p.business_type !== filter.businessType) return false;
      if (filter.state !== undefined && p.province !== filter.state) return false;
      if (filter.minPrice !== undefined && p.min_price_cents < filter.minPrice) return false;
      if (filter.maxPrice !== undefined && p.min_price_cents > filter.maxPrice) return false;
      if (filter.isVerified !== undefined && p.verified !== filter.isVerified) return false;
      if (filter.deliveryDays !== undefined && p.delivery_days > filter.deliveryDays) return false;
      if (filter.minRating !== undefined && p.rating_avg < filter.minRating) return false;
      if (filter.minQuantity !== undefined && p.min_order_quantity > filter.minQuantity) return false;
      if (filter.ratings && !filter.ratings.includes(Math.floor(p.rating_avg))) return false;
      if (filter.origin === 'made-in-canada' && !['made-in-canada', 'product-of-canada'].includes(p.origin))
        return false;
      if (filter.origin !== undefined && filter.origin !== 'made-in-canada' && p.origin !== filter.origin)
        return false;
      return true;
    });
    const key: Record<Filter['sort'], (p: RefProduct) => number> = {
      popular: (p) => p.popularity_score,
      bestsellers: (p) => p.bestseller_score,
      newest: (p) => p.created_at,
      'price-asc': (p) => p.min_price_cents,
      'price-desc': (p) => p.min_price_cents,
      rating: (p) => p.rating_avg,
    };
    const dir = filter.sort === 'price-asc' ? 1 : -1;
    rows.sort((a, b) => dir * (key[filter.sort](a) - key[filter.sort](b)) || dir * (a.id - b.id));
    return rows;
  }

  function toQuery(filter: Filter): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(filter)) {
      if (v === undefined) continue;
      params.set(k, Array.isArray(v) ? v.join(',') : String(v));
    }
    return params.toString();
  }

  it('gives the same items in the same order and the same total for random filters', async () => {
    const subSlugs = categories.filter((c) => c.parent_id !== null).map((c) => c.slug);
    const topSlugs = categories.filter((c) => c.parent_id === null).map((c) => c.slug);
    const texts = [
      'aluminum',
      'steel',
      'boitier',
      'pallet',
      'alumnum extrusion',
      'acier inoxidable',
      'steel co',
      'pallet st',
    ];
    for (const text of texts) await loadTextMatches(text);
    const sometimes = <T>(arb: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });
    const filterArb = fc.record({
      category: sometimes(fc.constantFrom(...topSlugs)),
      subcategories: sometimes(fc.uniqueArray(fc.constantFrom(...subSlugs), { minLength: 1, maxLength: 8 })),
      businessType: sometimes(fc.constantFrom(...businessTypes)),
      state: sometimes(fc.constantFrom('ON', 'QC', 'BC', 'AB', ...provinceCodes)),
      minPrice: sometimes(fc.integer({ min: 0, max: 50_000 })),
      maxPrice: sometimes(fc.integer({ min: 0, max: 2_000_000 })),
      isVerified: sometimes(fc.boolean()),
      deliveryDays: sometimes(fc.integer({ min: 0, max: 15 })),
      minRating: sometimes(fc.constantFrom(0, 1, 2.5, 3, 4, 4.5)),
      minQuantity: sometimes(fc.integer({ min: 1, max: 600 })),
      ratings: sometimes(fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 })),
      origin: sometimes(fc.constantFrom(...productOrigins)),
      sort: fc.constantFrom(...sorts),
      q: sometimes(fc.constantFrom(...texts)),
      page: fc.integer({ min: 1, max: 3 }),
      pageSize: fc.integer({ min: 1, max: 30 }),
    });
    let nonEmpty = 0;
    let estimated = 0;
    // Both text strategies — GIN intersection (rare words) and the ordered btree walk (frequent words) — each
    // with exact totals (a small catalogue) and with totals estimated from the sample (a large one, decision 042;
    // rare text is still counted exactly there).
    // The walk is bounded (decision 128): with a window of 3 entries most text walks fall back to the GIN plan,
    // and a page found inside the window must still be the full walk's page.
    for (const [threshold, window] of [
      [1_000_000, DEFAULT_TEXT_WALK_WINDOW],
      [1, DEFAULT_TEXT_WALK_WINDOW],
      [1, 3],
    ] as const) {
      for (const rowLimit of [Infinity, 0]) {
        t.app.catalog.state.tune({ frequentTextThreshold: threshold, textWalkWindow: window });
        t.app.catalog.state.tune({ exactRowLimit: rowLimit });
        await fc.assert(
          fc.asyncProperty(filterArb, async (filter) => {
            const res = await get(`/api/v1/product?${toQuery(filter as Filter)}`);
            expect(res.statusCode).toBe(200);
            const body = res.json<ProductListResponse>();
            const exact = rowLimit === Infinity || (filter.q !== undefined && threshold > 1);
            const expected = expectedListingPage(
              reference(filter as Filter),
              filter.page,
              filter.pageSize,
              exact,
            );
            expect(body.items.map((item) => item.id)).toEqual(expected.ids);
            expect(body.hasMore).toBe(expected.hasMore);
            expect(body.total).toBe(expected.total);
            expect(body.totalEstimated).toBe(expected.totalEstimated);
            expect(body.nextCursor === null).toBe(!expected.hasMore);
            if (expected.ids.length > 0) nonEmpty++;
            if (body.totalEstimated) estimated++;
          }),
          { numRuns: 60, seed: 4242 },
        );
      }
    }
    t.app.catalog.state.tune({
      frequentTextThreshold: DEFAULT_FREQUENT_TEXT_THRESHOLD,
      textWalkWindow: DEFAULT_TEXT_WALK_WINDOW,
    });
    t.app.catalog.state.tune({ exactRowLimit: DEFAULT_EXACT_ROW_LIMIT });
    // The property is only meaningful if many generated filters keep some products, and if estimates happen.
    expect(nonEmpty).toBeGreaterThan(80);
    expect(estimated).toBeGreaterThan(20);
  });

  it('pages stay stable: offset pages and cursor pages, forwards and back, equal one big page', async () => {
    for (const sort of ['rating', 'newest', 'price-asc', 'popular']) {
      const big = (await get(`/api/v1/product?sort=${sort}&pageSize=60`)).json<ProductListResponse>();
      const byOffset: string[] = [];
      for (let page = 1; page <= 6; page++) {
        byOffset.push(
          ...(await get(`/api/v1/product?sort=${sort}&pageSize=10&page=${page}`))
            .json<ProductListResponse>()
            .items.map((i) => i.id),
        );
      }
      expect(byOffset, sort).toEqual(big.items.map((i) => i.id));
      // Forwards with nextCursor, then back with prevCursor.
      const pages: ProductListResponse[] = [];
      let cursor = '';
      for (let page = 1; page <= 6; page++) {
        const body = (
          await get(
            `/api/v1/product?sort=${sort}&pageSize=10&page=${page}${cursor ? `&cursor=${cursor}` : ''}`,
          )
        ).json<ProductListResponse>();
        pages.push(body);
        cursor = body.nextCursor!;
      }
      expect(
        pages.flatMap((p) => p.items.map((i) => i.id)),
        sort,
      ).toEqual(big.items.map((i) => i.id));
      expect(pages[0]!.prevCursor).toBeNull();
      let back = pages[5]!;
      for (let page = 5; page >= 1; page--) {
        back = (
          await get(`/api/v1/product?sort=${sort}&pageSize=10&page=${page}&cursor=${back.prevCursor}`)
        ).json<ProductListResponse>();
        expect(
          back.items.map((i) => i.id),
          `${sort} back to ${page}`,
        ).toEqual(pages[page - 1]!.items.map((i) => i.id));
      }
      expect(back.prevCursor, sort).toBeNull();
      expect(back.page).toBe(1);
    }
  });

  it('returns facet counts that add up to the total, exact or estimated from the sample', async () => {
    const sum = (values: { count: number }[]) => values.reduce((s, v) => s + v.count, 0);
    const exact = (await get('/api/v1/product/facets?state=ON')).json<ListingFacetsResponse>();
    const listed = (await get('/api/v1/product?state=ON&pageSize=1')).json<ProductListResponse>();
    expect(exact.totalEstimated).toBe(false);
    expect(exact.total).toBe(listed.total);
    expect(exact.total).toBe(all.filter((p) => p.province === 'ON').length);
    expect(sum(exact.facets.businessType)).toBe(exact.total);
    // Origins overlap ("Made in Canada" includes "Product of Canada"): each count is checked against its listing below.
    expect(sum(exact.facets.subcategory)).toBe(exact.total);
    expect(exact.facets.state).toEqual([{ value: 'ON', count: exact.total }]);

    t.app.catalog.state.tune({ exactRowLimit: 0 });
    const sampled = (await get('/api/v1/product/facets')).json<ListingFacetsResponse>();
    t.app.catalog.state.tune({ exactRowLimit: DEFAULT_EXACT_ROW_LIMIT });
    const inSampleRows = all.filter((p) => inSample(p.id));
    expect(sampled.totalEstimated).toBe(true);
    expect(sampled.total).toBe(roundEstimate(inSampleRows.length * SAMPLE_RATE));
    for (const province of new Set(inSampleRows.map((p) => p.province))) {
      const hits = inSampleRows.filter((p) => p.province === province).length;
      expect(sampled.facets.state.find((f) => f.value === province)?.count, province).toBe(
        roundEstimate(hits * SAMPLE_RATE),
      );
    }
  });

  it('counts each origin with the condition its filter lists ("Made in Canada" includes "Product of Canada")', async () => {
    const facets = (await get('/api/v1/product/facets?state=ON')).json<ListingFacetsResponse>().facets;
    const onProducts = all.filter((p) => p.province === 'ON');
    expect(onProducts.some((p) => p.origin === 'product-of-canada')).toBe(true);
    expect(onProducts.some((p) => p.origin === 'made-in-canada')).toBe(true);
    for (const origin of ['made-in-canada', 'product-of-canada', 'imported']) {
      const listed = (
        await get(`/api/v1/product?state=ON&origin=${origin}&pageSize=1`)
      ).json<ProductListResponse>();
      const counted = facets.origin.find((f) => f.value === origin)?.count ?? 0;
      expect(counted, origin).toBe(listed.total);
    }
    expect(facets.origin.find((f) => f.value === 'made-in-canada')?.count).toBe(
      onProducts.filter((p) => p.origin === 'made-in-canada' || p.origin === 'product-of-canada').length,
    );
  });

  it('rejects bad filter values with 400, never 500', async () => {
    for (const query of [
      'state=ZZ',
      'minPrice=-1',
      'ratings=7',
      'ratings=x',
      'type=cheap',
      'pageSize=1000',
      'isVerified=maybe',
      'cursor=not%20base64!',
    ]) {
      const res = await get(`/api/v1/product?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('answers a cursor it did not make, or from another sort, with 400 INVALID_CURSOR; a deep offset page with 400', async () => {
    const popular = (await get('/api/v1/product?sort=popular&pageSize=5')).json<ProductListResponse>();
    const forged = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    for (const cursor of [
      'abc',
      forged(['popular', 'n', "1'; DROP TABLE products; --", '5']),
      forged(['popular', 'x', '12', '5']),
      forged(['newest', 'n', 'yesterday', '5']),
      forged({ sort: 'popular' } as unknown as unknown[]),
    ]) {
      const res = await get(`/api/v1/product?sort=popular&cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CURSOR');
    }
    const otherSort = await get(`/api/v1/product?sort=newest&cursor=${popular.nextCursor}`);
    expect(otherSort.statusCode).toBe(400);
    expect(otherSort.json().error.code).toBe('INVALID_CURSOR');
    const deep = await get('/api/v1/product?page=2000&pageSize=10');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.code).toBe('PAGE_OUT_OF_RANGE');
    // A cursor goes as deep as needed.
    expect(
      (await get(`/api/v1/product?sort=popular&page=2000&cursor=${popular.nextCursor}`)).statusCode,
    ).toBe(200);
  });

  it('the estimation queries use the 1-in-64 partial indexes (the predicate matches the migration)', async () => {
    const plan = async (where: string) =>
      t.database.db.transaction(async (tx) => {
        // Tables this small are cheaper to scan whole; forbid that so the test sees which index can serve.
        await tx.execute(sql.raw('SET LOCAL enable_seqscan = off'));
        const result = await tx.execute(
          sql.raw(
            `EXPLAIN SELECT count(*) FROM products p WHERE ((p.id * 2654435761) % 4294967296) < 67108864 AND ${where}`,
          ),
        );
        return JSON.stringify(rowsOf(result));
      });
    expect(await plan(`p.search_doc @@ to_tsquery('simple', 'aluminum') AND p.status = 'active'`)).toContain(
      'products_sample_search_idx',
    );
    expect(await plan(`p.status = 'active' AND p.province = 'ON'`)).toContain('products_sample_idx');
  });

  it('defines each listing type', async () => {
    for (const type of ['popular', 'bestsellers', 'new-arrivals', 'suggested', 'recommended', 'all']) {
      const res = await get(`/api/v1/product?type=${type}&pageSize=5`);
      expect(res.statusCode, type).toBe(200);
      expect(res.json<ProductListResponse>().items.length, type).toBeGreaterThan(0);
    }
    const recommended = (
      await get('/api/v1/product?type=recommended&pageSize=50')
    ).json<ProductListResponse>();
    expect(recommended.items.every((p) => p.verified && p.ratingCount > 0)).toBe(true);
  });
});

describe('cursor pages stay stable while the catalogue changes', () => {
  const insertTopProduct = async (slug: string) => {
    await t.database.exec(`
      INSERT INTO products (slug, seller_id, category_id, subcategory_id, name_en, name_fr, description_en, description_fr,
        price_tiers, min_price_cents, max_price_cents, min_order_quantity, lead_days, delivery_days, origin, province,
        business_type, popularity_score)
      SELECT '${slug}', 1, c.parent_id, c.id, 'Brand New Bestselling Widget', 'Gadget tout neuf', 'd', 'd', '[]',
        1000, 1200, 1, 5, 3, 'made-in-canada', 'ON', 'manufacturer', 1e12
      FROM categories c WHERE c.slug = 'aluminum-extrusions'`);
  };
  const ids = (body: ProductListResponse) => body.items.map((item) => item.id);
  const page = async (query: string) =>
    (await get(`/api/v1/product?sort=popular&${query}`)).json<ProductListResponse>();

  it('a product added at the top or removed from page 1 neither repeats nor skips an item on page 2', async () => {
    const before = await page('pageSize=16');
    const first = await page('pageSize=8&page=1');
    await insertTopProduct('brand-new-top-widget');
    try {
      const byCursor = await page(`pageSize=8&page=2&cursor=${first.nextCursor}`);
      expect(ids(byCursor)).toEqual(ids(before).slice(8, 16));
      // The same step by offset shows the last item of page 1 again: what cursors are for.
      const byOffset = await page('pageSize=8&page=2');
      expect(ids(byOffset)[0]).toBe(ids(first)[7]);
    } finally {
      await t.database.exec(`DELETE FROM products WHERE slug = 'brand-new-top-widget'`);
    }
    await t.database.exec(`UPDATE products SET status = 'removed' WHERE id = ${ids(first)[2]}`);
    try {
      expect(ids(await page(`pageSize=8&page=2&cursor=${first.nextCursor}`))).toEqual(
        ids(before).slice(8, 16),
      );
      expect(ids(await page('pageSize=8&page=2'))[0]).toBe(ids(before)[9]);
    } finally {
      await t.database.exec(`UPDATE products SET status = 'active' WHERE id = ${ids(first)[2]}`);
    }
  });
});

describe('typo-tolerant search in English and French', () => {
  const names = async (q: string) => {
    const res = await get(`/api/v1/product?q=${encodeURIComponent(q)}&pageSize=50`);
    expect(res.statusCode).toBe(200);
    return res.json<ProductListResponse>();
  };

  it('"alumnum extrusion" finds aluminum extrusions and says what it searched', async () => {
    const body = await names('alumnum extrusion');
    expect(body.items.map((p) => p.slug)).toContain('test-aluminum-extrusions');
    expect(body.items.every((p) => /aluminum/i.test(p.nameEn) && /extrusion/i.test(p.nameEn))).toBe(true);
    expect(body.correctedQuery).toBe('aluminum extrusion');
  });

  it('French with a typo and without accents: "extrusions d\'alumminium", "boitier electrique inoxidable"', async () => {
    expect((await names("extrusions d'alumminium")).items.map((p) => p.slug)).toContain(
      'test-aluminum-extrusions',
    );
    const boitier = await names('boitier electrique inoxidable');
    expect(boitier.items.map((p) => p.slug)).toContain('test-boitier-electrique');
    expect((await names('Boîtier ÉLECTRIQUE')).items.map((p) => p.slug)).toContain('test-boitier-electrique');
  });

  it('global search returns products, sellers and blogs; suggestions complete as you type', async () => {
    const res = await get('/api/v1/search?q=aluminum&limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().products.length).toBeGreaterThan(0);
    const blogs = await get('/api/v1/search?q=packaging&type=blogs');
    expect(blogs.json().blogs.length).toBeGreaterThan(0);
    const suggestions = (await get('/api/v1/search/suggestions?q=alumi')).json();
    expect(suggestions.items.some((s: { text: string }) => s.text.startsWith('alumi'))).toBe(true);
    const frequent = (await get('/api/v1/search/frequent')).json();
    expect(frequent.items[0].term).toBe('aluminum extrusion');
    const before = frequent.items.find((i: { term: string }) => i.term === 'stainless steel').count as number;
    for (const remoteAddress of ['10.9.0.1', '10.9.0.2', '10.9.0.2']) {
      const tracked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/category-stats/track-search',
        headers: buyerHeaders,
        remoteAddress,
        payload: { term: 'Stainless  STEEL' },
      });
      expect(tracked.statusCode).toBe(200);
    }
    const counts = (await get('/api/v1/search/frequent?limit=30')).json();
    expect(counts.items.find((i: { term: string }) => i.term === 'stainless steel').count).toBe(before + 3);
  });
});

describe('frequently searched terms per page language', () => {
  it('answers the terms searched on pages in that language, counted atomically per language', async () => {
    const terms = async (query: string) =>
      (await get(`/api/v1/search/frequent?${query}`)).json<{ items: { term: string; count: number }[] }>()
        .items;
    const fr = await terms('language=fr&limit=30');
    expect(fr[0]!.term).toBe('extrusion d’aluminium');
    expect(fr.map((i) => i.term)).toContain('emballage');
    expect(fr.map((i) => i.term)).not.toContain('aluminum extrusion');
    expect((await terms('language=en&limit=30')).map((i) => i.term)).not.toContain('emballage');

    const countOf = async (query: string, term: string) =>
      (await terms(query)).find((i) => i.term === term)?.count ?? 0;
    const enBefore = await countOf('language=en&limit=30', 'stainless steel');
    const allBefore = await countOf('limit=30', 'stainless steel');
    const track = (remoteAddress: string, term: string, language: 'en' | 'fr') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/category-stats/track-search',
        headers: buyerHeaders,
        remoteAddress,
        payload: { term, language },
      });
    // Three visitors on French pages at once, one on an English page: each language counts its own searches.
    await Promise.all(['10.8.0.1', '10.8.0.2', '10.8.0.3'].map((ip) => track(ip, 'Stainless steel', 'fr')));
    await track('10.8.0.4', 'stainless  STEEL', 'en');
    expect(await countOf('language=fr&limit=30', 'stainless steel')).toBe(3);
    expect(await countOf('language=en&limit=30', 'stainless steel')).toBe(enBefore + 1);
    expect(await countOf('limit=30', 'stainless steel')).toBe(allBefore + 4);
    // One visitor searching a term again and again does not make it a chip for everyone (decision 056).
    for (let i = 0; i < 3; i += 1)
      expect((await track('10.8.0.5', 'Tôle perforée', 'fr')).statusCode).toBe(200);
    expect(await countOf('language=fr&limit=30', 'Tôle perforée')).toBe(0);
    expect((await get('/api/v1/search/frequent?language=de')).statusCode).toBe(400);
  });
});

describe('product, seller, service and content endpoints', () => {
  it('finds a product by id or slug; pending says "cannot view yet"; unknown is 404', async () => {
    const list = (await get('/api/v1/product?pageSize=1')).json<ProductListResponse>();
    const first = list.items[0]!;
    const byId = await get(`/api/v1/product/${first.id}`);
    expect(byId.statusCode).toBe(200);
    const detail = byId.json();
    expect(detail.priceTiers.length).toBe(3);
    expect(detail.technicalSpecifications.length).toBeGreaterThan(0);
    expect((await get(`/api/v1/product/${first.slug}`)).json().id).toBe(first.id);
    const [pending] = rowsOf<{ slug: string }>(
      await t.database.db.execute(sql`SELECT slug FROM products WHERE status = 'pending' LIMIT 1`),
    );
    if (pending) {
      const res = await get(`/api/v1/product/${pending.slug}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('PRODUCT_NOT_AVAILABLE');
    }
    const missing = await get('/api/v1/product/no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('serves categories, sellers, services, blogs, home page, claim maintenance and images', async () => {
    const tree = (await get('/api/v1/category')).json();
    expect(tree.items.length).toBeGreaterThanOrEqual(12);
    const subs = (await get('/api/v1/category/sub-category?parent=metal-fabrication')).json();
    expect(subs.items.map((c: { slug: string }) => c.slug)).toContain('aluminum-extrusions');
    expect((await get('/api/v1/category/sub-category?parent=nope')).json().error.code).toBe(
      'CATEGORY_NOT_FOUND',
    );
    const sellers = (await get('/api/v1/seller?state=QC&pageSize=5')).json();
    expect(sellers.items.every((s: { province: string }) => s.province === 'QC')).toBe(true);
    const seller = (await get(`/api/v1/seller/${sellers.items[0].slug}`)).json();
    expect(seller.postalCode[0]).toMatch(/[GHJ]/);
    const claim = await post(`/api/v1/claim-stores/${seller.id}/claim`, {});
    expect(claim.statusCode).toBe(503);
    expect(claim.json().error).toEqual({
      code: 'CLAIM_SERVICE_MAINTENANCE',
      message: 'Claim service is under maintenance',
    });
    expect(
      (await get('/api/v1/claim-stores/list')).json().items.every((s: { claimed: boolean }) => !s.claimed),
    ).toBe(true);
    expect((await get('/api/v1/claim-stores/category-wise')).json().items.length).toBeGreaterThan(0);
    const services = (await get('/api/v1/service?pageSize=3')).json();
    expect(services.items.length).toBe(3);
    expect((await get(`/api/v1/service/${services.items[0].slug}`)).statusCode).toBe(200);
    const blogs = (await get('/api/v1/blogs?pageSize=50')).json();
    expect(blogs.total).toBeGreaterThanOrEqual(30);
    expect((await get(`/api/v1/blogs/${blogs.items[0].slug}`)).json().bodyFr.length).toBeGreaterThan(100);
    expect((await get('/api/v1/blogs/nope')).json().error.code).toBe('BLOG_NOT_FOUND');
    expect((await get('/api/v1/home-page/hero-settings')).json().titleEn).toMatch(/Buy Canadian/);
    expect((await get('/api/v1/home-page/landing-features')).json().items.length).toBe(4);
    expect((await get('/api/v1/home-page/recent-sellers?limit=4')).json().items.length).toBe(4);
    expect((await get('/api/v1/business-types')).json().items.length).toBe(businessTypes.length);
    const image = await get('/api/v1/media/product/1/0.svg');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(image.body.startsWith('<svg')).toBe(true);
  });

  it('draws product images after their category, with no internal id; blog covers keep their words centred', async () => {
    const tree = (await get('/api/v1/category?kind=product')).json<{ items: { slug: string }[] }>().items;
    const drawn = new Set<string>();
    for (const category of tree) {
      const listed = (
        await get(`/api/v1/product?category=${category.slug}&pageSize=1`)
      ).json<ProductListResponse>();
      const product = listed.items[0];
      if (!product) continue;
      const svg = (await get(product.imageUrl)).body;
      expect(svg, category.slug).toContain(categoryDrawing(category.slug));
      expect(svg).not.toMatch(/Product #|Service #|<text/);
      drawn.add(categoryDrawing(category.slug));
    }
    expect(drawn.size).toBeGreaterThan(1);
    const cover = (await get('/api/v1/media/blog/how-to-source.svg')).body;
    expect(cover).toContain('text-anchor="middle"');
    expect(cover).toContain('x="600"');
  });
});

describe('likes and reviews need login and belong to their author', () => {
  it('asks visitors to log in (401 UNAUTHENTICATED)', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/like/toggle'],
      ['GET', '/api/v1/like'],
      ['POST', '/api/v1/service-like/toggle'],
      ['POST', '/api/v1/review'],
      ['DELETE', '/api/v1/review/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: buyerHeaders,
        payload: method === 'POST' ? { productId: '1', serviceId: '1', rating: 5 } : undefined,
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('toggles a like and lists it in the wishlist of that user only', async () => {
    const product = (await get('/api/v1/product?pageSize=1')).json<ProductListResponse>().items[0]!;
    expect((await post('/api/v1/like/toggle', { productId: product.slug }, userA)).json()).toEqual({
      liked: true,
    });
    expect((await get('/api/v1/like', userA)).json().items.map((p: { id: string }) => p.id)).toEqual([
      product.id,
    ]);
    expect((await get('/api/v1/like', userB)).json().items).toEqual([]);
    expect((await get(`/api/v1/product/${product.id}`, userA)).json().likedByMe).toBe(true);
    expect((await post('/api/v1/like/toggle', { productId: product.id }, userA)).json()).toEqual({
      liked: false,
    });
    const service = (await get('/api/v1/service?pageSize=1')).json().items[0];
    expect((await post('/api/v1/service-like/toggle', { serviceId: service.id }, userA)).json()).toEqual({
      liked: true,
    });
    expect((await get('/api/v1/service-like', userA)).json().total).toBe(1);
    expect((await get(`/api/v1/service/${service.id}`, userA)).json().likedByMe).toBe(true);
    expect((await get(`/api/v1/service/${service.id}`, userB)).json().likedByMe).toBe(false);
    expect((await get(`/api/v1/service/${service.id}`)).json().likedByMe).toBe(false);
  });

  it('one review per buyer per item; only the author deletes it; the rating follows', async () => {
    const productId = String(
      rowsOf<{ id: number }>(
        await t.database.db.execute(
          sql`SELECT id FROM products WHERE status = 'active' AND rating_count = 0 LIMIT 1`,
        ),
      )[0]!.id,
    );
    expect((await post('/api/v1/review', { productId, rating: 6 }, userA)).statusCode).toBe(400);
    const added = await post('/api/v1/review', { productId, rating: 4, comment: 'Solid parts' }, userA);
    expect(added.statusCode).toBe(201);
    const review = added.json();
    expect(review).toMatchObject({
      rating: 4,
      comment: 'Solid parts',
      authorName: 'Alice Martin',
      mine: true,
    });
    const again = await post('/api/v1/review', { productId, rating: 5 }, userA);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REVIEW_EXISTS');
    expect((await get(`/api/v1/product/${productId}`, userA)).json().myReviewId).toBe(String(review.id));
    expect((await get(`/api/v1/product/${productId}`, userB)).json().myReviewId).toBeNull();
    expect((await post('/api/v1/review', { productId, rating: 2 }, userB)).statusCode).toBe(201);
    const listed = (await get(`/api/v1/review?productId=${productId}`, userB)).json();
    expect(listed.ratingCount).toBe(2);
    expect(listed.ratingAvg).toBe(3);
    expect(listed.items.filter((r: { mine: boolean }) => r.mine).length).toBe(1);
    const stolen = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/review/${review.id}`,
      headers: { ...buyerHeaders, cookie: userB },
    });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().error.code).toBe('REVIEW_NOT_OWNER');
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/review/${review.id}`,
      headers: { ...buyerHeaders, cookie: userA },
    });
    expect(own.statusCode).toBe(200);
    const after = (await get(`/api/v1/review?productId=${productId}`)).json();
    expect(after.ratingCount).toBe(1);
    expect(after.ratingAvg).toBe(2);
    // The catalogue stores the rating when it gets `review.changed` (after commit).
    await t.app.events.drain();
    const product = (await get(`/api/v1/product/${productId}`)).json();
    expect({ ratingCount: product.ratingCount, ratingAvg: product.ratingAvg }).toEqual({
      ratingCount: 1,
      ratingAvg: 2,
    });
    // The item page asks the reviews module (decision 112): the deleted review is no longer the viewer's.
    expect((await get(`/api/v1/product/${productId}`, userA)).json().myReviewId).toBeNull();
    const serviceId = String(
      rowsOf<{ id: number }>(
        await t.database.db.execute(sql`SELECT id FROM services WHERE status = 'active' ORDER BY id LIMIT 1`),
      )[0]!.id,
    );
    const serviceReview = await post('/api/v1/service-review', { serviceId, rating: 5 }, userB);
    expect(serviceReview.statusCode).toBe(201);
    expect((await get(`/api/v1/service/${serviceId}`, userB)).json().myReviewId).toBe(
      String(serviceReview.json().id),
    );
    expect((await get(`/api/v1/service/${serviceId}`, userA)).json().myReviewId).toBeNull();
    expect((await get(`/api/v1/service/${serviceId}`)).json().myReviewId).toBeNull();
  });

  it('suggested follows what this user viewed', async () => {
    const product = (await get('/api/v1/product?category=packaging&pageSize=1')).json<ProductListResponse>()
      .items[0]!;
    await post('/api/v1/product-stats/track-view', { productId: product.id }, userB);
    const suggested = (await get('/api/v1/product-stats/suggested?limit=10', userB)).json();
    expect(suggested.items.length).toBeGreaterThan(0);
    expect(
      suggested.items.every(
        (p: { subcategorySlug: string }) => p.subcategorySlug === product.subcategorySlug,
      ),
    ).toBe(true);
  });
});
