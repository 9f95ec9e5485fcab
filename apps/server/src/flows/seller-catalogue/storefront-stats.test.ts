import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerStats } from '@maplesource/contracts';
import { seedTestCatalog, type TestApp } from '../../../test/helpers';
import {
  as,
  issueInvoiceFor,
  makeInvoicingSeller,
  makeOrder,
  makeUser,
  paySandboxCard,
  waitFor,
  createPaymentTestApp,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';

/**
 * The storefront's figures in the seller centre's stats (decision 290): visits, inquiries, invoices, paid orders and
 * revenue per day in Toronto time, from the day rows the deal's own statements write (migration 0890).
 */
let t: TestApp;
let buyer: Party;
let seller: Party;
let otherSeller: Party;
let store: { sellerId: number; productId: number };
let otherStore: { sellerId: number; productId: number };

const torontoDay = (daysBefore = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
    new Date(Date.now() - daysBefore * 86_400_000),
  );
const period = (days: number) => `from=${torontoDay(days - 1)}&to=${torontoDay()}`;
const stats = (party: Party, sellerId: number, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/seller/${sellerId}/stats?${query}`,
    headers: as(party, 'seller'),
  });
const visit = (sellerId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/seller-stats/track-visit',
    headers: as(null),
    payload: { sellerId },
  });

async function paidOrder(totalCents: number) {
  const { orderId } = await makeOrder(t.app, {
    buyer,
    seller,
    storefront: { id: store.sellerId, slug: 'stats-store' },
    totalCents,
  });
  await paySandboxCard(t, buyer, orderId);
  await waitFor('the payment to settle', async () => {
    const [row] = rowsOf<{ status: string }>(
      await t.database.db.execute(sql`SELECT status FROM order_payments WHERE order_id = ${orderId}`),
    );
    return row?.status === 'paid';
  });
  // Paying again is refused and counts nothing more.
  await expect(paySandboxCard(t, buyer, orderId)).rejects.toThrow(/refused: 409/);
  return orderId;
}

beforeAll(async () => {
  t = await createPaymentTestApp('storefront_stats_webhook_secret');
  await seedTestCatalog(t, 5);
  buyer = await makeUser(t, ['buyer'], 'Bea Buyer');
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  otherSeller = await makeUser(t, ['buyer', 'seller'], 'Otto Seller');
  store = await makeInvoicingSeller(t, seller);
  otherStore = await makeInvoicingSeller(t, otherSeller);
});
afterAll(async () => t?.close());

describe('storefront stats', () => {
  it('is every day of the period at zero before anything happened, with no conversion', async () => {
    const res = await stats(seller, store.sellerId, period(7));
    expect(res.statusCode, res.body).toBe(200);
    const { storefront } = res.json<SellerStats>();
    expect(storefront.days.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => torontoDay(n)));
    expect(storefront.totals).toEqual({
      visits: 0,
      inquiries: 0,
      invoices: 0,
      paidOrders: 0,
      revenueCents: 0,
      invoiceConversion: null,
      orderConversion: null,
    });
  });

  it("counts today's visits, inquiries, invoices, paid orders and revenue of this storefront only", async () => {
    for (let i = 0; i < 3; i++) expect((await visit(String(store.sellerId))).statusCode).toBe(200);
    const [slug] = rowsOf<{ slug: string }>(
      await t.database.db.execute(sql`SELECT slug FROM sellers WHERE id = ${store.sellerId}`),
    );
    expect((await visit(slug!.slug)).statusCode).toBe(200);
    expect((await visit(String(otherStore.sellerId))).statusCode).toBe(200);
    const unknown = await visit('999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'SELLER_NOT_FOUND' } });

    // Two inquiries invoiced, one not; the other storefront gets one of each.
    // (One conversation per buyer and item: three buyers.)
    const buyers = [
      buyer,
      await makeUser(t, ['buyer'], 'Ben Buyer'),
      await makeUser(t, ['buyer'], 'Bo Buyer'),
    ];
    await issueInvoiceFor(t, { buyer: buyers[0]!, seller, productId: store.productId });
    await issueInvoiceFor(t, { buyer: buyers[1]!, seller, productId: store.productId });
    await issueInvoiceFor(t, { buyer, seller: otherSeller, productId: otherStore.productId });
    const inquiry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/quotation',
      headers: as(buyers[2]!),
      payload: {
        productId: store.productId,
        quantity: 5,
        minPrice: 10,
        maxPrice: 20,
        deadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        deliveryProvince: 'ON',
        deliveryPostalCode: 'M5H2N2',
        leadDays: 5,
        message: 'Just asking.',
      },
    });
    expect(inquiry.statusCode, inquiry.body).toBe(201);

    // One paid order; an unpaid one counts nothing.
    await paidOrder(11_300);
    await makeOrder(t.app, {
      buyer,
      seller,
      storefront: { id: store.sellerId, slug: 'x' },
      totalCents: 5_000,
    });

    const { storefront } = (await stats(seller, store.sellerId, period(7))).json<SellerStats>();
    const today = { visits: 4, inquiries: 3, invoices: 2, paidOrders: 1, revenueCents: 11_300 };
    expect(storefront.days.at(-1)).toEqual({ day: torontoDay(), ...today });
    expect(storefront.days.slice(0, -1).every((d) => d.visits === 0 && d.inquiries === 0)).toBe(true);
    expect(storefront.totals).toEqual({ ...today, invoiceConversion: 2 / 3, orderConversion: 1 / 3 });

    const other = (await stats(otherSeller, otherStore.sellerId, period(7))).json<SellerStats>();
    expect(other.storefront.totals).toMatchObject({ visits: 1, inquiries: 1, invoices: 1, paidOrders: 0 });
  });

  it('sums only the chosen period, by calendar day in Toronto time', async () => {
    await t.database.db.execute(sql`
      INSERT INTO seller_storefront_days (seller_id, day, visits, inquiries, invoices, paid_orders, revenue_cents)
      VALUES (${store.sellerId}, ${torontoDay(40)}::date, 10, 4, 2, 1, 2500),
             (${store.sellerId}, ${torontoDay(90)}::date, 100, 0, 0, 0, 0)`);
    const totals = async (query: string) =>
      (await stats(seller, store.sellerId, query)).json<SellerStats>().storefront.totals;
    expect(await totals(period(30))).toMatchObject({ visits: 4, revenueCents: 11_300 });
    expect(await totals(period(90))).toMatchObject({
      visits: 14,
      inquiries: 7,
      invoices: 4,
      paidOrders: 2,
      revenueCents: 13_800,
    });
    expect(await totals(period(91))).toMatchObject({ visits: 114 });
    const oneDay = (
      await stats(seller, store.sellerId, `from=${torontoDay(40)}&to=${torontoDay(40)}`)
    ).json<SellerStats>();
    expect(oneDay.storefront.days).toEqual([
      { day: torontoDay(40), visits: 10, inquiries: 4, invoices: 2, paidOrders: 1, revenueCents: 2500 },
    ]);
    expect(oneDay.storefront.totals).toMatchObject({ invoiceConversion: 0.5, orderConversion: 0.25 });
  });

  it("answers another seller's storefront with 404, and the visit route's bad input with 400", async () => {
    const foreign = await stats(otherSeller, store.sellerId, period(7));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'SELLER_NOT_FOUND' } });
    const bad = await visit('');
    expect(bad.statusCode).toBe(400);
  });
});
