import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInTimeZone, orderStatuses, type Order, type OrderList } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  as,
  chatActions,
  makeOrder,
  makeStorefront,
  makeUser,
  type Party,
  waitFor,
} from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';

/** Orders: who may read them, the seller's legal transitions and what each change posts. */
let t: TestApp;
let buyer: Party;
let otherBuyer: Party;
let seller: Party;
let otherSeller: Party;
let storefront: { id: number; slug: string };

const get = (party: Party | null, url: string, role: 'buyer' | 'seller' = 'buyer') =>
  t.app.inject({ method: 'GET', url, headers: as(party, role) });
const move = (party: Party, orderId: string, payload: object, role: 'buyer' | 'seller' = 'seller') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/orders/${orderId}/status`,
    headers: as(party, role),
    payload,
  });
const confirm = (orderId: string) =>
  t.database.db.execute(sql`UPDATE orders SET status = 'confirmed' WHERE id = ${orderId}`);

beforeAll(async () => {
  t = await createTestApp();
  buyer = await makeUser(t, ['buyer'], 'Bea Buyer');
  otherBuyer = await makeUser(t, ['buyer'], 'Olga Other');
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  otherSeller = await makeUser(t, ['buyer', 'seller'], 'Otto Seller');
  storefront = await makeStorefront(t, seller, true);
});
afterAll(async () => t?.close());

describe('reading orders', () => {
  it.each(['product', 'service'] as const)(
    'shows the buyer their %s order with its timeline, and nobody else (404 ORDER_NOT_FOUND)',
    async (kind) => {
      const [path, wrongPath] =
        kind === 'product' ? ['orders', 'service-orders'] : ['service-orders', 'orders'];
      const { orderId } = await makeOrder(t.app, {
        buyer,
        seller,
        storefront,
        kind,
        subjectName: 'Galvanised hinges',
      });
      const mine = await get(buyer, `/api/v1/${path}/${orderId}`);
      expect(mine.statusCode, mine.body).toBe(200);
      const order = mine.json<{ order: Order }>().order;
      expect(order).toMatchObject({
        id: orderId,
        kind,
        status: 'pending',
        payment: { status: 'unpaid', refundedCents: 0 },
        billingAddress: { addressType: 'Billing', country: 'CA' },
        nextStatuses: [],
      });
      expect(order.timeline.map((entry) => entry.status)).toEqual(['pending']);
      // Placed + 5 days, as a calendar date where the order's documents are dated (not UTC's date).
      expect(order.estimatedDeliveryOn).toBe(
        dateInTimeZone(new Date(Date.parse(order.placedAt) + 5 * 86_400_000), order.timeZone),
      );

      for (const [party, url, role] of [
        [otherBuyer, `/api/v1/${path}/${orderId}`, 'buyer'], // a second buyer
        [seller, `/api/v1/${path}/${orderId}`, 'buyer'], // the seller is not its buyer
        [otherSeller, `/api/v1/${path}/${orderId}`, 'buyer'], // a foreign seller, either role
        [otherSeller, `/api/v1/${path}/${orderId}`, 'seller'],
        [buyer, `/api/v1/${wrongPath}/${orderId}`, 'buyer'], // not an order of that kind
        [otherSeller, `/api/v1/seller/orders/${orderId}`, 'seller'],
      ] as const) {
        const res = await get(party, url, role);
        expect(res.statusCode, `${url} ${role}`).toBe(404);
        expect(res.json().error.code).toBe('ORDER_NOT_FOUND');
      }
      expect((await get(null, `/api/v1/${path}/${orderId}`)).statusCode).toBe(401);
      expect((await get(buyer, `/api/v1/${path}/not-a-uuid`)).statusCode).toBe(400);
      const sellerView = await get(seller, `/api/v1/seller/orders/${orderId}`, 'seller');
      expect(sellerView.statusCode).toBe(200);
      expect(sellerView.json<{ order: Order }>().order.nextStatuses).toEqual(['cancelled']);
    },
  );

  it('lists by kind, searches by id, product or seller name, filters by every status, pages', async () => {
    const listBuyer = await makeUser(t, ['buyer'], 'Lisa Lister');
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1)
      made.push(
        (await makeOrder(t.app, { buyer: listBuyer, seller, storefront, subjectName: `Widget ${i}` }))
          .orderId,
      );
    const service = await makeOrder(t.app, {
      buyer: listBuyer,
      seller,
      storefront,
      kind: 'service',
      subjectName: 'Welding',
    });
    await confirm(made[0]!);

    const all = (await get(listBuyer, '/api/v1/orders?pageSize=2')).json<OrderList>();
    expect(all.total).toBe(3);
    expect(all.items).toHaveLength(2);
    const page2 = (await get(listBuyer, '/api/v1/orders?pageSize=2&page=2')).json<OrderList>();
    expect(page2.items).toHaveLength(1);
    expect(new Set([...all.items, ...page2.items].map((order) => order.id))).toEqual(new Set(made));

    const services = (await get(listBuyer, '/api/v1/service-orders')).json<OrderList>();
    expect(services.items.map((order) => order.id)).toEqual([service.orderId]);

    const byName = (await get(listBuyer, '/api/v1/orders?search=widget%201')).json<OrderList>();
    expect(byName.items.map((order) => order.id)).toEqual([made[1]]);
    const byId = (await get(listBuyer, `/api/v1/orders?search=${made[2]!.slice(0, 13)}`)).json<OrderList>();
    expect(byId.items.map((order) => order.id)).toEqual([made[2]]);
    // The short reference the screens show (decision 213), with or without its '#'.
    const ref = `#${made[2]!.slice(0, 8).toUpperCase()}`;
    for (const search of [ref, ref.slice(1)]) {
      const byRef = (
        await get(listBuyer, `/api/v1/orders?search=${encodeURIComponent(search)}`)
      ).json<OrderList>();
      expect(byRef.items.map((order) => order.id)).toEqual([made[2]]);
    }
    const bySeller = (
      await get(listBuyer, `/api/v1/orders?search=${encodeURIComponent('sam seller')}`)
    ).json<OrderList>();
    expect(bySeller.total).toBe(3);
    const wildcard = (await get(listBuyer, '/api/v1/orders?search=%25')).json<OrderList>();
    expect(wildcard.total).toBe(0);

    for (const status of orderStatuses) {
      const res = await get(listBuyer, `/api/v1/orders?status=${status}`);
      expect(res.statusCode, status).toBe(200);
      const expected = status === 'confirmed' ? 1 : status === 'pending' ? 2 : 0;
      expect(res.json<OrderList>().total, status).toBe(expected);
    }
    expect((await get(listBuyer, '/api/v1/orders?status=lost')).statusCode).toBe(400);
    expect((await get(otherBuyer, '/api/v1/orders')).json<OrderList>().total).toBe(0);
    const sellerList = (await get(seller, '/api/v1/seller/orders?kind=service', 'seller')).json<OrderList>();
    expect(sellerList.items.map((order) => order.id)).toContain(service.orderId);
    // The seller's conversation view asks for the orders of one chat only.
    const byChat = (
      await get(seller, `/api/v1/seller/orders?chatId=${service.chatId}`, 'seller')
    ).json<OrderList>();
    expect(byChat.items.map((order) => order.id)).toEqual([service.orderId]);
    expect(
      (await get(otherSeller, `/api/v1/seller/orders?chatId=${service.chatId}`, 'seller')).json<OrderList>()
        .total,
    ).toBe(0);
    expect((await get(seller, '/api/v1/seller/orders?chatId=not-a-chat', 'seller')).statusCode).toBe(400);
    expect((await get(otherSeller, '/api/v1/seller/orders', 'seller')).json<OrderList>().total).toBe(0);
    expect((await get(buyer, '/api/v1/seller/orders', 'buyer')).statusCode).toBe(403);
  });
});

describe("the seller's transitions", () => {
  it('moves along the legal graph, needs tracking to ship, and posts each change in the chat', async () => {
    const { orderId, chatId } = await makeOrder(t.app, { buyer, seller, storefront });
    // pending → confirmed is the payment's, never the seller's.
    const early = await move(seller, orderId, { status: 'processing' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('ORDER_TRANSITION_NOT_ALLOWED');
    await confirm(orderId);

    const noTracking = await move(seller, orderId, { status: 'shipped', carrier: 'Purolator' });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json().error.fields).toMatchObject({
      trackingNumber: 'errors:ORDER_TRACKING_REQUIRED',
    });
    expect((await move(otherSeller, orderId, { status: 'processing' })).statusCode).toBe(404);
    expect((await move(buyer, orderId, { status: 'processing' }, 'buyer')).statusCode).toBe(403);

    for (const status of ['processing', 'ready_to_ship'] as const)
      expect((await move(seller, orderId, { status })).statusCode).toBe(200);
    // Shipping is legal now, yet a tracking number without a carrier (or with a blank one) is refused.
    for (const payload of [
      { status: 'shipped', trackingNumber: '1Z999AA10123456784' },
      { status: 'shipped', trackingNumber: '1Z999AA10123456784', carrier: '   ' },
    ]) {
      const noCarrier = await move(seller, orderId, payload);
      expect(noCarrier.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(noCarrier.json().error.fields)).toContain('errors:');
    }
    expect((await get(seller, `/api/v1/seller/orders/${orderId}`, 'seller')).json().order).toMatchObject({
      status: 'ready_to_ship',
      trackingNumber: null,
      carrier: null,
    });
    const shipped = await move(seller, orderId, {
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json<{ order: Order }>().order).toMatchObject({
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
    });
    const cancelLate = await move(seller, orderId, { status: 'cancelled' });
    expect(cancelLate.statusCode).toBe(409);
    const returnEarly = await move(seller, orderId, { status: 'returned' });
    expect(returnEarly.statusCode).toBe(409);
    for (const status of ['in_transit', 'out_for_delivery', 'delivered', 'returned'] as const)
      expect((await move(seller, orderId, { status })).statusCode, status).toBe(200);
    expect((await move(seller, orderId, { status: 'delivered' })).statusCode).toBe(409);

    const order = (await get(buyer, `/api/v1/orders/${orderId}`)).json<{ order: Order }>().order;
    expect(order.timeline.map((entry) => entry.status)).toEqual([
      'pending',
      'processing',
      'ready_to_ship',
      'shipped',
      'in_transit',
      'out_for_delivery',
      'delivered',
      'returned',
    ]);
    expect(order.timeline.find((entry) => entry.status === 'shipped')).toMatchObject({ carrier: 'UPS' });
    expect(order.deliveredAt).not.toBeNull();
    const actions = await chatActions(t, chatId);
    expect(actions.filter((action) => action === 'order_updated')).toHaveLength(7);
    // Each chat message notifies the buyer (after commit, through the event dispatcher).
    await waitFor('7 order_updated notifications', async () => {
      const [notified] = rowsOf<{ n: number | string }>(
        await t.database.db.execute(
          sql`SELECT count(*) AS n FROM notifications WHERE recipient_id = ${buyer.id} AND type = 'order_updated'`,
        ),
      );
      return Number(notified!.n) >= 7;
    });
  });

  it('cancels before shipping with order_cancelled, and two concurrent changes apply one after the other', async () => {
    const { orderId, chatId } = await makeOrder(t.app, { buyer, seller, storefront });
    await confirm(orderId);
    const answers = await Promise.all([
      move(seller, orderId, { status: 'cancelled' }),
      move(seller, orderId, { status: 'cancelled' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await chatActions(t, chatId)).filter((action) => action === 'order_cancelled')).toHaveLength(1);
    const order = (await get(buyer, `/api/v1/orders/${orderId}`)).json<{ order: Order }>().order;
    expect(order.status).toBe('cancelled');
    expect(order.cancelledAt).not.toBeNull();
  });
});
