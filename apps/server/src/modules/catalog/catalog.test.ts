import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productOrigins,
  provinceCodes,
  businessTypes,
  type ProductListResponse,
} from '@maplesource/contracts';
import { buyerHeaders, createTestApp, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/migrate';
import { SessionService } from '../auth/session.service';
import { REBUILD_SEARCH_WORDS_SQL, seedCatalog } from '../../seed/catalog';
import { resolveQuery } from './search-query';
import { setFrequentTextThreshold } from './catalog.service';
import { seedContentHomeBlogs } from '../../seed/content-home-blogs';

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
  return `ms_session=${await new SessionService(t.database.db).create(id)}`;
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
    const resolved = await resolveQuery(t.database.db, q);
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
    const start = (filter.page - 1) * filter.pageSize;
    return { ids: rows.slice(start, start + filter.pageSize).map((p) => String(p.id)), total: rows.length };
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
    const texts = ['aluminum', 'steel', 'boitier', 'pallet', 'alumnum extrusion', 'acier inoxidable'];
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
    // Both text strategies: GIN intersection (rare words) and the ordered btree walk (frequent words).
    for (const threshold of [1_000_000, 1]) {
      setFrequentTextThreshold(threshold);
      await fc.assert(
        fc.asyncProperty(filterArb, async (filter) => {
          const res = await get(`/api/v1/product?${toQuery(filter as Filter)}`);
          expect(res.statusCode).toBe(200);
          const body = res.json<ProductListResponse>();
          const expected = reference(filter as Filter);
          expect(body.items.map((item) => item.id)).toEqual(expected.ids);
          expect(body.total).toBe(expected.total);
          if (expected.ids.length > 0) nonEmpty++;
        }),
        { numRuns: 80, seed: 4242 },
      );
    }
    setFrequentTextThreshold(2_000);
    // The property is only meaningful if many generated filters keep some products.
    expect(nonEmpty).toBeGreaterThan(50);
  });

  it('pages stay stable: concatenated pages equal one big page (unique tie-breaker)', async () => {
    const big = (await get('/api/v1/product?sort=rating&pageSize=60')).json<ProductListResponse>();
    const pages: string[] = [];
    for (let page = 1; page <= 6; page++) {
      pages.push(
        ...(await get(`/api/v1/product?sort=rating&pageSize=10&page=${page}`))
          .json<ProductListResponse>()
          .items.map((i) => i.id),
      );
    }
    expect(pages).toEqual(big.items.map((i) => i.id));
  });

  it('returns facet counts that add up to the total', async () => {
    const body = (await get('/api/v1/product?state=ON&facets=true')).json<ProductListResponse>();
    expect(body.facets).not.toBeNull();
    const sum = (values: { count: number }[]) => values.reduce((s, v) => s + v.count, 0);
    expect(sum(body.facets!.state)).toBe(body.total);
    expect(sum(body.facets!.businessType)).toBe(body.total);
    expect(sum(body.facets!.origin)).toBe(body.total);
    expect(body.facets!.state).toEqual([{ value: 'ON', count: body.total }]);
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
    ]) {
      const res = await get(`/api/v1/product?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
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
    await post('/api/v1/category-stats/track-search', { term: 'Zinc die casting' });
    await post('/api/v1/category-stats/track-search', { term: 'zinc die casting' });
    const counts = (await get('/api/v1/search/frequent?limit=30')).json();
    expect(counts.items.find((i: { term: string }) => i.term === 'Zinc die casting').count).toBe(2);
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
