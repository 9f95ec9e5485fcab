import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerProduct, SellerService, SellerStats } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SignedUp } from '../../../test/accounts-helpers';
import {
  as,
  insertSubcategory,
  sellerProductInput,
  createPublishedItem,
  rebuildItemStatsRollups,
  statsStorefronts,
  type StatsStorefronts,
} from '../../../test/seller-helpers';

/**
 * The seller centre's stats (decision 273): the period's views, quotations and answers per day and per item, from
 * the day rows the items' counters write (migration 0870), for the caller's own storefront only.
 */
let t: TestApp;
let owner: SignedUp;
let other: SignedUp;
let buyer: SignedUp;
let sellerId: string;
let otherSellerId: string;
let product: SellerProduct;
let service: SellerService;
let otherProduct: SellerProduct;
const suffix = `${process.pid}-${Date.now()}`;

/** Today and `n` days before, as calendar days in Toronto time (the day rows' days). */
const torontoDay = (daysBefore = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
    new Date(Date.now() - daysBefore * 86_400_000),
  );

const stats = (user: SignedUp, storefront: string, query: string, role: 'seller' | 'buyer' = 'seller') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/seller/${storefront}/stats?${query}`,
    headers: as(user, role),
  });
const period = (days: number) => `from=${torontoDay(days - 1)}&to=${torontoDay()}`;

const track = async (url: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: as(buyer, 'buyer'), payload });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  let valveInput: StatsStorefronts['valveInput'];
  let pumpRepairInput: StatsStorefronts['pumpRepairInput'];
  ({ owner, other, buyer, sellerId, otherSellerId, valveInput, pumpRepairInput } = await statsStorefronts(
    t.app,
    t.database.db,
    'stats',
    { owner: 'Stella Stats', other: 'Otto Other', buyer: 'Bea Buyer' },
  ));
  product = await createPublishedItem<SellerProduct>(
    t.app,
    owner,
    sellerId,
    'products',
    valveInput('S-1', 'Stats valve'),
  );
  otherProduct = await createPublishedItem<SellerProduct>(
    t.app,
    other,
    otherSellerId,
    'products',
    valveInput('O-1', 'Other valve'),
  );
  service = await createPublishedItem<SellerService>(
    t.app,
    owner,
    sellerId,
    'services',
    pumpRepairInput('SV-1'),
  );
});
afterAll(async () => t?.close());

describe('seller stats', () => {
  it('is empty before anything happened: every day of the period at zero, no item', async () => {
    const res = await stats(owner, sellerId, period(7));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SellerStats>();
    expect(body.days.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => torontoDay(n)));
    expect(body.totals).toEqual({ views: 0, quotations: 0, accepted: 0, rejected: 0, inProgress: 0 });
    expect(body.items).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it("counts today's views and quotation steps per item and per day, with the period's scores", async () => {
    for (let i = 0; i < 3; i++) await track('/api/v1/product-stats/track-view', { productId: product.id });
    await track('/api/v1/product-stats/track-status', { productId: product.id, status: 'quotation' });
    await track('/api/v1/product-stats/track-status', { productId: product.id, status: 'accepted' });
    await track('/api/v1/product-stats/track-status', { productId: product.id, status: 'rejected' });
    await track('/api/v1/product-stats/track-status', { productId: product.id, status: 'in-progress' });
    await track('/api/v1/service-stats/track-view', { serviceId: service.id });
    // Another storefront's activity is not this one's.
    await track('/api/v1/product-stats/track-view', { productId: otherProduct.id });

    const body = (await stats(owner, sellerId, period(7))).json<SellerStats>();
    expect(body.days.at(-1)).toEqual({
      day: torontoDay(),
      views: 4,
      quotations: 1,
      accepted: 1,
      rejected: 1,
      inProgress: 1,
    });
    expect(body.days.slice(0, -1).every((d) => d.views === 0)).toBe(true);
    expect(body.totals).toEqual({ views: 4, quotations: 1, accepted: 1, rejected: 1, inProgress: 1 });
    expect(body.items).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(body.items.items).toEqual([
      {
        kind: 'product',
        id: product.id,
        nameEn: 'Stats valve',
        nameFr: 'Stats valve (fr)',
        views: 3,
        quotations: 1,
        accepted: 1,
        rejected: 1,
        inProgress: 1,
        popularityScore: 3 + 5 + 10,
        bestsellerScore: 10 + 1,
      },
      expect.objectContaining({
        kind: 'service',
        id: service.id,
        views: 1,
        popularityScore: 1,
        bestsellerScore: 0,
      }),
    ]);

    const page = (await stats(owner, sellerId, `${period(7)}&pageSize=1&page=2`)).json<SellerStats>();
    expect(page.items).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.items.items.map((i) => i.id)).toEqual([service.id]);
    const past = (await stats(owner, sellerId, `${period(7)}&pageSize=1&page=6`)).json<SellerStats>();
    expect(past.items).toMatchObject({ total: 2, items: [] });
    // Sorted by another column, still with kind and id as the tie-breaker.
    const byViews = (await stats(owner, sellerId, `${period(7)}&sort=rejected`)).json<SellerStats>();
    expect(byViews.items.items.map((i) => i.id)).toEqual([product.id, service.id]);
  });

  it('sums only the chosen period (7, 30, 90 days or custom)', async () => {
    // A day 40 days ago, written straight into the day rows, then what the items' trigger keeps from them.
    await t.database.db.execute(sql`
      INSERT INTO catalog_item_days (seller_id, day, item_kind, item_id, views, quotations)
      VALUES (${Number(sellerId)}, ${torontoDay(40)}::date, 'product', ${Number(product.id)}, 7, 2)`);
    await rebuildItemStatsRollups(t.database.db, [Number(sellerId)]);
    const views = async (query: string) =>
      (await stats(owner, sellerId, query)).json<SellerStats>().totals.views;
    expect(await views(period(30))).toBe(4);
    const itemOf = async (query: string) =>
      (await stats(owner, sellerId, query)).json<SellerStats>().items.items.find((i) => i.id === product.id);
    expect(await itemOf(period(30))).toMatchObject({ views: 3, quotations: 1, accepted: 1 });
    expect(await itemOf(period(90))).toMatchObject({ views: 10, quotations: 3, accepted: 1 });
    expect(await itemOf(`from=${torontoDay(39)}&to=${torontoDay(1)}`)).toBeUndefined();
    expect(await views(period(90))).toBe(11);
    expect(await views(`from=${torontoDay(40)}&to=${torontoDay(40)}`)).toBe(7);
    const custom = (
      await stats(owner, sellerId, `from=${torontoDay(45)}&to=${torontoDay(35)}`)
    ).json<SellerStats>();
    expect(custom.days).toHaveLength(11);
    expect(custom.items.items[0]).toMatchObject({
      id: product.id,
      views: 7,
      quotations: 2,
      popularityScore: 17,
    });
  });

  it('narrows to one own item; another storefront, its items and a buyer get nothing', async () => {
    const one = (await stats(owner, sellerId, `${period(7)}&item=service:${service.id}`)).json<SellerStats>();
    expect(one.totals.views).toBe(1);
    expect(one.items.items.map((i) => i.id)).toEqual([service.id]);

    const foreignItem = await stats(owner, sellerId, `${period(7)}&item=product:${otherProduct.id}`);
    expect(foreignItem.statusCode).toBe(404);
    expect(foreignItem.json()).toMatchObject({ error: { code: 'PRODUCT_NOT_FOUND' } });
    const foreignStore = await stats(owner, otherSellerId, period(7));
    expect(foreignStore.statusCode).toBe(404);
    expect(foreignStore.json()).toMatchObject({ error: { code: 'SELLER_NOT_FOUND' } });
    expect((await stats(owner, '999999999', period(7))).statusCode).toBe(404);
    expect((await stats(buyer, sellerId, period(7), 'buyer')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/seller/${sellerId}/stats?${period(7)}` }))
        .statusCode,
    ).toBe(401);
  });

  it('answers a bad period or item with a 400 and its code, never a 500', async () => {
    const bad = async (query: string) => {
      const res = await stats(owner, sellerId, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toMatch(/^[A-Z_]+$/);
    };
    await bad(`from=${torontoDay()}&to=${torontoDay(1)}`);
    await bad(`from=${torontoDay(400)}&to=${torontoDay()}`);
    await bad('from=2026-02-30&to=2026-03-01');
    await bad(`${period(7)}&item=product:abc`);
    await bad(`${period(7)}&pageSize=0`);
    await bad(`${period(7)}&pageSize=101`);
    await bad(`${period(7)}&sort=price`);
    await bad('');
  });

  it('exports every item of the period as CSV, past one page, in the chosen order and language', async () => {
    // 21 more products with views today (one named like a formula): 23 items, more than a page of 20.
    const productSub = await insertSubcategory(
      t.database.db,
      'product',
      { slug: `stats-csv-top-${suffix}`, nameEn: 'Top', nameFr: 'Haut' },
      { slug: `stats-csv-${suffix}`, nameEn: 'Sub', nameFr: 'Sous' },
    );
    for (let n = 1; n <= 21; n++) {
      const made = await createPublishedItem<SellerProduct>(
        t.app,
        owner,
        sellerId,
        'products',
        sellerProductInput(productSub, {
          sku: `CSV-${n}`,
          nameEn: n === 1 ? '=SUM(1+1) flange' : `Flange ${n}`,
          nameFr: n === 1 ? '=SUM(1+1) bride' : `Bride ${n}`,
          descriptionEn: 'A flange.',
          descriptionFr: 'Une bride.',
          minOrderQuantity: 1,
          priceTiers: [{ minQuantity: 1, maxQuantity: null, unitPriceCents: 1000 }],
          leadDays: 2,
          deliveryDays: 2,
        }),
      );
      await track('/api/v1/product-stats/track-view', { productId: made.id });
    }
    const csv = (storefront: string, query: string, user = owner, role: 'seller' | 'buyer' = 'seller') =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/seller/${storefront}/stats/items.csv?${query}`,
        headers: as(user, role),
      });
    const shown = (await stats(owner, sellerId, `${period(7)}&sort=views`)).json<SellerStats>();
    expect(shown.items.items).toHaveLength(20);
    const res = await csv(sellerId, `${period(7)}&sort=views`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Product or service,Kind,Views,Quotations,Accepted,Rejected,In progress,Popularity score,Bestseller score',
    );
    expect(lines).toHaveLength(1 + shown.items.total);
    expect(shown.items.total).toBe(23);
    // The screen's first page is the file's first rows, in the same order.
    expect(lines.slice(1, 21).map((line) => line.split(',')[0])).toEqual(
      shown.items.items.map((item) => item.nameEn.replace(/^=/, "'=")),
    );
    expect(lines).toContain("'=SUM(1+1) flange,product,1,0,0,0,0,1,0");
    const french = await csv(sellerId, `${period(7)}&sort=views&lang=fr`);
    expect(french.body).toContain('Produit ou service,Type,Vues,Demandes de prix');
    expect(french.body).toContain('Réparation de pompe,service,1,0,0,0,0,1,0');
    // Another storefront, a buyer and a bad period get nothing.
    expect((await csv(otherSellerId, period(7))).statusCode).toBe(404);
    expect((await csv(sellerId, period(7), other)).statusCode).toBe(404);
    expect([403, 404]).toContain((await csv(sellerId, period(7), buyer, 'buyer')).statusCode);
    const bad = await csv(sellerId, `from=${torontoDay()}&to=${torontoDay(1)}`);
    expect(bad.statusCode).toBe(400);
    expect((await csv(sellerId, `${period(7)}&lang=de`)).statusCode).toBe(400);
    expect((await csv(sellerId, `${period(7)}&sort=price`)).statusCode).toBe(400);
    for (const id of ['12%00', '%2F12', '1'.repeat(200)]) {
      const odd = await csv(id, period(7));
      expect([400, 404], id).toContain(odd.statusCode);
      expect(odd.json<{ error: { code: string } }>().error.code).toMatch(/^[A-Z_]+$/);
    }
  });
});
