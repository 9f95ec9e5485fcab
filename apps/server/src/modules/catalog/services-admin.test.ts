import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  businessTypes,
  provinceCodes,
  type ProductListResponse,
  type ListingFacetsResponse,
  type ServiceListResponse,
  type ProvinceCode,
} from '@maplesource/contracts';
import { buyerHeaders, createTestApp, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/transaction';
import { seedCatalog } from '../../seed/catalog';
import { seedContentHomeBlogs } from '../../seed/content-home-blogs';
import { DEFAULT_FREQUENT_TEXT_THRESHOLD } from './catalog-state';
import { DEFAULT_EXACT_ROW_LIMIT } from './listing-engine';
import { expectedListingPage } from '../../../test/listing-reference';

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: buyerHeaders });
const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));

beforeAll(async () => {
  t = await createTestApp();
  const context = {
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 2000 },
  };
  await seedContentHomeBlogs(context);
  await seedCatalog(context);
});
afterAll(async () => {
  await t.close();
});
// A failed assertion must not leave another test in the forced mode.
afterEach(() => {
  t.app.catalog.state.tune({ exactRowLimit: DEFAULT_EXACT_ROW_LIMIT });
  t.app.catalog.state.tune({ frequentTextThreshold: DEFAULT_FREQUENT_TEXT_THRESHOLD });
});

interface RefService {
  id: number;
  category_id: number;
  subcategory_id: number;
  business_type: string;
  province: string;
  starting_price_cents: number;
  verified: boolean;
  turnaround_days: number;
  rating_avg: number;
  seller_id: number;
  popularity_score: number;
  bestseller_score: number;
  created_at: number;
}

describe('service listing filters match a plain reference implementation', () => {
  let all: RefService[];
  let categories: { id: number; slug: string; parent_id: number | null }[];
  const textMatches = new Map<string, Set<number>>();

  beforeAll(async () => {
    all = (await query<Record<string, unknown>>(sql`SELECT * FROM services WHERE status = 'active'`)).map(
      (row) => ({
        id: Number(row.id),
        category_id: Number(row.category_id),
        subcategory_id: Number(row.subcategory_id),
        business_type: String(row.business_type),
        province: String(row.province),
        starting_price_cents: Number(row.starting_price_cents),
        verified: Boolean(row.verified),
        turnaround_days: Number(row.turnaround_days),
        rating_avg: Number(row.rating_avg),
        seller_id: Number(row.seller_id),
        popularity_score: Number(row.popularity_score),
        bestseller_score: Number(row.bestseller_score),
        created_at: new Date(
          row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
        ).getTime(),
      }),
    );
    categories = (
      await query<Record<string, unknown>>(
        sql`SELECT id, slug, parent_id FROM categories WHERE kind = 'service'`,
      )
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
    sellerId?: number;
    sort: (typeof sorts)[number];
    q?: string;
    page: number;
    pageSize: number;
  };

  function reference(filter: Filter) {
    const bySlug = (slug: string) => categories.find((c) => c.slug === slug)?.id ?? -1;
    const rows = all.filter((s) => {
      if (filter.q !== undefined && !textMatches.get(filter.q)!.has(s.id)) return false;
      if (filter.category !== undefined && s.category_id !== bySlug(filter.category)) return false;
      if (filter.subcategories && !filter.subcategories.map(bySlug).includes(s.subcategory_id)) return false;
      if (filter.businessType !== undefined && s.business_type !== filter.businessType) return false;
      if (filter.state !== undefined && s.province !== filter.state) return false;
      if (filter.minPrice !== undefined && s.starting_price_cents < filter.minPrice) return false;
      if (filter.maxPrice !== undefined && s.starting_price_cents > filter.maxPrice) return false;
      if (filter.isVerified !== undefined && s.verified !== filter.isVerified) return false;
      if (filter.deliveryDays !== undefined && s.turnaround_days > filter.deliveryDays) return false;
      if (filter.minRating !== undefined && s.rating_avg < filter.minRating) return false;
      if (filter.sellerId !== undefined && s.seller_id !== filter.sellerId) return false;
      return true;
    });
    const key: Record<Filter['sort'], (s: RefService) => number> = {
      popular: (s) => s.popularity_score,
      bestsellers: (s) => s.bestseller_score,
      newest: (s) => s.created_at,
      'price-asc': (s) => s.starting_price_cents,
      'price-desc': (s) => s.starting_price_cents,
      rating: (s) => s.rating_avg,
    };
    const dir = filter.sort === 'price-asc' ? 1 : -1;
    rows.sort((a, b) => dir * (key[filter.sort](a) - key[filter.sort](b)) || dir * (a.id - b.id));
    return rows;
  }

  const toQuery = (filter: Filter) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(filter)) {
      if (v !== undefined) params.set(k, Array.isArray(v) ? v.join(',') : String(v));
    }
    return params.toString();
  };

  it('gives the same items in the same order and the same total for random filters', async () => {
    const words = [
      ...new Set(
        (await query<{ name_en: string }>(sql`SELECT name_en FROM services ORDER BY id LIMIT 40`)).flatMap(
          (row) => row.name_en.toLowerCase().split(/[^a-z]+/),
        ),
      ),
    ]
      .filter((w) => w.length >= 5)
      .slice(0, 4);
    const texts = [...words, `${words[0]!.slice(0, -2)}x${words[0]!.slice(-1)}`];
    for (const text of texts) {
      const resolved = await t.app.catalog.resolveSearchText(t.database.db, text);
      const ids = await query<{ id: number }>(
        sql`SELECT id FROM services WHERE search_doc @@ to_tsquery('simple', ${resolved!.tsquery})`,
      );
      textMatches.set(text, new Set(ids.map((row) => Number(row.id))));
    }
    const subSlugs = categories.filter((c) => c.parent_id !== null).map((c) => c.slug);
    const topSlugs = categories.filter((c) => c.parent_id === null).map((c) => c.slug);
    const sellerIds = [...new Set(all.map((s) => s.seller_id))].slice(0, 10);
    const sometimes = <T>(arb: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });
    const filterArb = fc.record({
      category: sometimes(fc.constantFrom(...topSlugs)),
      subcategories: sometimes(fc.uniqueArray(fc.constantFrom(...subSlugs), { minLength: 1, maxLength: 8 })),
      businessType: sometimes(fc.constantFrom(...businessTypes)),
      state: sometimes(fc.constantFrom('ON', 'QC', 'BC', 'AB', ...provinceCodes)),
      minPrice: sometimes(fc.integer({ min: 0, max: 500_000 })),
      maxPrice: sometimes(fc.integer({ min: 0, max: 5_000_000 })),
      isVerified: sometimes(fc.boolean()),
      deliveryDays: sometimes(fc.integer({ min: 0, max: 30 })),
      minRating: sometimes(fc.constantFrom(0, 1, 2.5, 3, 4, 4.5)),
      sellerId: sometimes(fc.constantFrom(...sellerIds)),
      sort: fc.constantFrom(...sorts),
      q: sometimes(fc.constantFrom(...texts)),
      page: fc.integer({ min: 1, max: 3 }),
      pageSize: fc.integer({ min: 1, max: 30 }),
    });
    let nonEmpty = 0;
    // Exact totals (a small catalogue) and totals estimated from the sample (a large one, decision 042). The
    // texts here are frequent (threshold 1), so they are estimated too.
    for (const rowLimit of [Infinity, 0]) {
      t.app.catalog.state.tune({ exactRowLimit: rowLimit });
      t.app.catalog.state.tune({ frequentTextThreshold: 1 });
      await fc.assert(
        fc.asyncProperty(filterArb, async (filter) => {
          const res = await get(`/api/v1/service?${toQuery(filter as Filter)}`);
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json<ServiceListResponse>();
          const expected = expectedListingPage(
            reference(filter as Filter),
            filter.page,
            filter.pageSize,
            rowLimit === Infinity,
          );
          expect(body.items.map((item) => item.id)).toEqual(expected.ids);
          expect(body.hasMore).toBe(expected.hasMore);
          expect(body.total).toBe(expected.total);
          expect(body.totalEstimated).toBe(expected.totalEstimated);
          if (expected.ids.length > 0) nonEmpty++;
        }),
        { numRuns: 80, seed: 4343 },
      );
    }
    t.app.catalog.state.tune({ exactRowLimit: DEFAULT_EXACT_ROW_LIMIT });
    t.app.catalog.state.tune({ frequentTextThreshold: DEFAULT_FREQUENT_TEXT_THRESHOLD });
    expect(nonEmpty).toBeGreaterThan(30);
  });

  it('returns facet counts (province, business type, verified, subcategory) that add up to the total', async () => {
    const body = (await get('/api/v1/service/facets?state=ON')).json<ListingFacetsResponse>();
    expect(body.total).toBeGreaterThan(0);
    expect(body.total).toBe((await get('/api/v1/service?state=ON')).json<ServiceListResponse>().total);
    const sum = (values: { count: number }[]) => values.reduce((s, v) => s + v.count, 0);
    expect(body.facets.state).toEqual([{ value: 'ON', count: body.total }]);
    expect(sum(body.facets.businessType)).toBe(body.total);
    expect(sum(body.facets.verified)).toBe(body.total);
    expect(sum(body.facets.subcategory)).toBe(body.total);
    expect(body.facets.origin).toEqual([]);
  });

  it('walks the service listing with cursors', async () => {
    const big = (await get('/api/v1/service?sort=price-asc&pageSize=30')).json<ServiceListResponse>();
    const seen: string[] = [];
    let cursor = '';
    for (let page = 1; page <= 3; page++) {
      const body = (
        await get(
          `/api/v1/service?sort=price-asc&pageSize=10&page=${page}${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json<ServiceListResponse>();
      seen.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor!;
    }
    expect(seen).toEqual(big.items.map((item) => item.id));
  });

  it('rejects bad filter values with 400, never 500', async () => {
    for (const q of ['state=ZZ', 'minPrice=-1', 'businessType=pirate', 'deliveryDays=x', 'sort=cheap']) {
      expect((await get(`/api/v1/service?${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('admin edits keep the typo vocabulary and the denormalised copies current', () => {
  it('a renamed category is found by a typo search of its new name', async () => {
    const [category] = await query<{ id: number; slug: string }>(
      sql`SELECT id, slug FROM categories WHERE kind = 'product' AND parent_id IS NULL ORDER BY id LIMIT 1`,
    );
    const before = (await get('/api/v1/search/suggestions?q=zirconyum')).json<{
      items: { kind: string; slug: string | null }[];
    }>();
    expect(before.items.some((item) => item.slug === category!.slug)).toBe(false);
    await t.app.catalog.renameCategory(t.database.db, String(category!.id), {
      nameEn: 'Zirconium Components',
      nameFr: 'Composants en zirconium',
    });
    const after = (await get('/api/v1/search/suggestions?q=zirconyum')).json<{
      items: { kind: string; slug: string | null }[];
    }>();
    expect(after.items).toContainEqual({
      kind: 'category',
      text: 'Zirconium Components',
      slug: category!.slug,
    });
  });

  it('a renamed product is found by a typo search of its new name', async () => {
    const [product] = await query<{ id: number }>(
      sql`SELECT id FROM products WHERE status = 'active' LIMIT 1`,
    );
    await t.app.catalog.renameCatalogItem(t.database.db, 'product', String(product!.id), {
      nameEn: 'Tungsten Quenchplate',
      nameFr: 'Plaque de trempe en tungstène',
    });
    const body = (await get('/api/v1/product?q=quenchplat')).json<ProductListResponse>();
    expect(body.items.map((p) => p.id)).toContain(String(product!.id));
    const typo = (await get('/api/v1/product?q=quenchplaet')).json<ProductListResponse>();
    expect(typo.correctedQuery).toBe('quenchplate');
    expect(typo.items.map((p) => p.id)).toContain(String(product!.id));
  });

  it("a seller's new province and business type follow onto its products and services; its new name is searchable", async () => {
    const [seller] = await query<{ id: number; province: string }>(
      sql`SELECT s.id, s.province FROM sellers s
          WHERE EXISTS (SELECT 1 FROM services v WHERE v.seller_id = s.id AND v.status = 'active')
          ORDER BY s.id LIMIT 1`,
    );
    // The seed spreads items thinly: give this seller two active products as well.
    await t.database.db.execute(
      sql`UPDATE products SET seller_id = ${seller!.id} WHERE id IN (
            SELECT id FROM products WHERE status = 'active' ORDER BY id DESC LIMIT 2)`,
    );
    const province = seller!.province === 'NU' ? 'YT' : 'NU';
    // What the update-seller-profile workflow does: the storefront changes, then the catalogue applies it.
    const edit = {
      province: province as ProvinceCode,
      businessType: 'contract-manufacturer' as const,
      name: 'Kwazulu Precision Works',
    };
    await t.app.sellers.updateSellerProfile(t.database.db, String(seller!.id), edit);
    await t.app.catalog.applySellerProfile(t.database.db, seller!.id, {
      province,
      businessType: edit.businessType,
      newWords: [edit.name],
    });
    const copies = await query<{ province: string; business_type: string }>(
      sql`SELECT province, business_type FROM products WHERE seller_id = ${seller!.id}
          UNION ALL SELECT province, business_type FROM services WHERE seller_id = ${seller!.id}`,
    );
    expect(copies.length).toBeGreaterThan(1);
    expect(copies.every((c) => c.province === province && c.business_type === 'contract-manufacturer')).toBe(
      true,
    );
    const products = (
      await get(
        `/api/v1/product?sellerId=${seller!.id}&state=${province}&businessType=contract-manufacturer&q=a`,
      )
    ).statusCode;
    expect(products).toBe(200);
    const filtered = (
      await get(`/api/v1/product?sellerId=${seller!.id}&state=${province}&businessType=contract-manufacturer`)
    ).json<ProductListResponse>();
    expect(filtered.total).toBe(
      (
        await query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM products WHERE seller_id = ${seller!.id} AND status = 'active'`,
        )
      )[0]!.n,
    );
    const services = (
      await get(`/api/v1/service?sellerId=${seller!.id}&state=${province}&businessType=contract-manufacturer`)
    ).json<ServiceListResponse>();
    expect(services.total).toBeGreaterThan(0);
    const search = (await get('/api/v1/search?q=kwazulo&type=sellers')).json<{
      correctedQuery: string | null;
      sellers: { id: string }[];
    }>();
    expect(search.correctedQuery).toBe('kwazulu');
  });
});
