import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '@maplesource/contracts';
import type { TestApp } from '../../../test/helpers';
import {
  as,
  makeOrder,
  makeStorefront,
  makeUser,
  paySandboxCard,
  waitFor,
  createPaymentTestApp,
  buyerAndStorefront,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';
import { releaseDueHeldFunds, releaseHeldFunds } from './release-held-funds';

/**
 * Held funds (decision 296, docs/product.md §9): a paid order's seller share is held in the ledger until the
 * payment review window closes, released by the sweep, frozen by an open review whose resolution refunds from it
 * and releases the rest in one transaction; a refund after release comes out of available.
 */
const webhookSecret = 'held_funds_webhook_secret_for_tests';
const dayMs = 86_400_000;
let t: TestApp;
let buyer: Party;
let seller: Party;
let admin: Party;
let storefront: { id: number; slug: string };

beforeAll(async () => {
  t = await createPaymentTestApp(webhookSecret);
  ({ buyer, seller, storefront } = await buyerAndStorefront(t, { buyer: 'Bea Buyer', seller: 'Sam Seller' }));
  admin = await makeUser(t, ['buyer', 'admin'], 'Ada Admin');
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const balance = () => t.app.ledger.sellerBalance(db(), storefront.id);
const holdOf = async (orderId: string) =>
  rowsOf<{
    held_cents: string;
    fee_cents: string;
    fee_tax_cents: string;
    release_at: Date | string;
    released_at: unknown;
  }>(await db().execute(sql`SELECT * FROM ledger_holds WHERE order_id = ${orderId}::uuid`))[0];
/** The order's entries that move the seller's share (the provider's fee, posted by a job, is decision 304's). */
const entriesOf = async (orderId: string) =>
  rowsOf<{ kind: string }>(
    await db().execute(
      sql`SELECT kind FROM ledger_entries WHERE order_id = ${orderId}::uuid AND kind <> 'provider_fee' ORDER BY id`,
    ),
  ).map((row) => row.kind);
const post = (party: Party, role: 'buyer' | 'seller' | 'admin', url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: as(party, role), payload });

async function paidOrder(totalCents = 11_300) {
  const { orderId } = await makeOrder(t.app, { buyer, seller, storefront, totalCents, leadDays: 5 });
  await paySandboxCard(t, buyer, orderId);
  await waitFor('the capture in the ledger', async () => ((await holdOf(orderId)) ? true : undefined), {
    timeoutMs: 40_000,
  });
  return orderId;
}

describe('held funds', () => {
  it('hold the seller’s share from capture until delivery + 7 days, then the sweep releases them once', async () => {
    const before = await balance();
    const orderId = await paidOrder(11_300);
    const hold = (await holdOf(orderId))!;
    // 'Hardware' has no rate of its own: the default 5 % (565), and 13 % HST on it in Ontario (73).
    expect(Number(hold.fee_cents)).toBe(565);
    expect(Number(hold.fee_tax_cents)).toBe(73);
    const share = 11_300 - 565 - 73;
    expect(Number(hold.held_cents)).toBe(share);
    expect((await balance()).pendingCents - before.pendingCents).toBe(share);
    expect(await entriesOf(orderId)).toEqual(['capture']);
    // The release date: the estimated delivery (placed + 5 days) + 7 days, in the order's zone.
    const estimated = new Date(hold.release_at);
    expect(Math.abs(estimated.getTime() - Date.now() - 12 * dayMs)).toBeLessThan(2 * 3_600_000);

    // Delivered today: the release date becomes today + 7 days.
    for (const status of ['shipped', 'delivered']) {
      const moved = await post(seller, 'seller', `/api/v1/seller/orders/${orderId}/status`, {
        status,
        ...(status === 'shipped' ? { trackingNumber: '1Z999AA10123456784', carrier: 'UPS' } : {}),
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const delivered = new Date((await holdOf(orderId))!.release_at);
    expect(
      Math.abs(delivered.getTime() - addCalendarDays(new Date(), 7, 'America/Toronto').getTime()),
    ).toBeLessThan(60_000);

    expect(await releaseHeldFunds(t.app, orderId, new Date(delivered.getTime() - 60_000))).toBe('not_due');
    const after = new Date(delivered.getTime() + 60_000);
    await Promise.all([releaseDueHeldFunds(t.app, after), releaseDueHeldFunds(t.app, after)]);
    expect(await releaseHeldFunds(t.app, orderId, after)).toBe('already_released');
    expect(await entriesOf(orderId)).toEqual(['capture', 'release']);
    expect((await balance()).availableCents - before.availableCents).toBe(share);
    expect(await t.app.ledger.trialBalance(db())).toBe(0);
  });

  it('stay frozen while a review is open; a partial refund comes out of them and the rest is released at once', async () => {
    const before = await balance();
    const orderId = await paidOrder(20_000);
    const opened = await post(buyer, 'buyer', `/api/v1/orders/${orderId}/payment-review`, {
      reason: 'One crate arrived damaged.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const reviewId = opened.json<{ review: { id: string } }>().review.id;
    const due = new Date(Date.now() + 30 * dayMs);
    expect(await releaseHeldFunds(t.app, orderId, due)).toBe('frozen');
    await releaseDueHeldFunds(t.app, due);
    expect(await entriesOf(orderId)).toEqual(['capture']);
    // The seller's balance screen shows the order's held funds as frozen by the review.
    const frozenRow = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/seller/${storefront.id}/balance`,
          headers: as(seller, 'seller'),
        })
      )
        .json<{ orders: Array<{ orderId: string; frozen: boolean }> }>()
        .orders.find((order) => order.orderId === orderId);
    expect(await frozenRow()).toMatchObject({ frozen: true });

    // Resolved past the release date (the review took a while): refund from held, the rest released, together.
    const { resolvePaymentReview } = await import('./resolve-payment-review');
    await resolvePaymentReview(
      t.app,
      admin.id,
      reviewId,
      { outcome: 'refund', amountCents: 5_000 },
      new Date(Date.now() + 13 * dayMs),
    );
    expect(await entriesOf(orderId)).toEqual(['capture', 'refund', 'refund_paid', 'release']);
    expect(await frozenRow()).toMatchObject({ frozen: false, heldCents: 0 });
    const fee = 1_000; // 5 %
    const tax = 130; // 13 % HST
    const refundFromSeller = 5_000 - 250 - 32; // a quarter of the fee and of its tax go back
    expect((await balance()).availableCents - before.availableCents).toBe(
      20_000 - fee - tax - refundFromSeller,
    );
    expect((await balance()).pendingCents).toBe(before.pendingCents);
    // The provider's charge.refunded webhook says the same refund again: nothing more.
    await waitFor('the refund webhook', async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: as(buyer) })).json<{
        order: { payment: { status: string } };
      }>().order.payment.status === 'partially_refunded'
        ? true
        : undefined,
    );
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(await entriesOf(orderId)).toEqual(['capture', 'refund', 'refund_paid', 'release']);
    expect(await t.app.ledger.trialBalance(db())).toBe(0);
  });

  it('a release racing a new review: either the review freezes the funds or it comes after the release', async () => {
    const orderId = await paidOrder(9_000);
    const due = new Date(Date.now() + 30 * dayMs);
    const [release, review] = await Promise.all([
      releaseHeldFunds(t.app, orderId, due),
      post(buyer, 'buyer', `/api/v1/orders/${orderId}/payment-review`, { reason: 'Wrong part shipped.' }),
    ]);
    expect(review.statusCode, review.body).toBe(201);
    const entries = await entriesOf(orderId);
    if (release === 'released') expect(entries).toEqual(['capture', 'release']);
    else {
      expect(release).toBe('frozen');
      expect(entries).toEqual(['capture']);
    }
    // Two reviews on one order: the second is refused while the first is open.
    const second = await post(buyer, 'buyer', `/api/v1/orders/${orderId}/payment-review`, {
      reason: 'The second crate was damaged too.',
    });
    expect(second.statusCode).toBe(409);
  });

  it('a refund racing the release: each refunded cent comes out once, from held or from available', async () => {
    const before = await balance();
    const orderId = await paidOrder(10_000);
    const due = new Date(Date.now() + 30 * dayMs);
    const { withTransaction } = await import('../../db/transaction');
    await Promise.all([
      releaseHeldFunds(t.app, orderId, due),
      withTransaction(db(), (tx) =>
        t.app.ledger.postRefundTotal(tx, { orderId, refundedTotalCents: 10_000 }),
      ),
      withTransaction(db(), (tx) =>
        t.app.ledger.postRefundTotal(tx, { orderId, refundedTotalCents: 10_000 }),
      ),
    ]);
    const after = await balance();
    expect(after.pendingCents + after.availableCents).toBe(before.pendingCents + before.availableCents);
    expect((await entriesOf(orderId)).filter((kind) => kind === 'refund')).toHaveLength(1);
    expect(await t.app.ledger.trialBalance(db())).toBe(0);
  });
});

describe('the balance and the ledger explorer', () => {
  it('show the seller their own balance, orders and fees, and nobody else’s (404), and refuse a buyer', async () => {
    const orderId = await paidOrder(30_000);
    const get = (party: Party, role: 'buyer' | 'seller' | 'admin', url: string) =>
      t.app.inject({ method: 'GET', url, headers: as(party, role) });
    const own = await get(seller, 'seller', `/api/v1/seller/${storefront.id}/balance`);
    expect(own.statusCode, own.body).toBe(200);
    const body = own.json<{ pendingCents: number; orders: Array<{ orderId: string; feeCents: number }> }>();
    expect(body.pendingCents).toBe((await balance()).pendingCents);
    expect(body.orders.find((order) => order.orderId === orderId)).toMatchObject({ feeCents: 1_500 });

    const other = await makeUser(t, ['buyer', 'seller'], 'Olga Other');
    const otherStorefront = await makeStorefront(t, other, true);
    expect((await get(other, 'seller', `/api/v1/seller/${storefront.id}/balance`)).statusCode).toBe(404);
    expect((await get(other, 'seller', `/api/v1/seller/${otherStorefront.id}/balance`)).json()).toMatchObject(
      {
        pendingCents: 0,
        availableCents: 0,
        orders: [],
      },
    );
    expect((await get(buyer, 'buyer', `/api/v1/seller/${storefront.id}/balance`)).statusCode).toBe(403);
    expect((await get(seller, 'seller', `/api/v1/seller/%00/balance`)).statusCode).toBe(400);
    expect((await get(seller, 'seller', `/api/v1/seller/99999999999/balance`)).statusCode).toBe(404);

    const fee = await get(
      seller,
      'seller',
      `/api/v1/seller/${storefront.id}/platform-fee?category=Packaging&grossCents=10000`,
    );
    expect(fee.json()).toEqual({ rateBps: 600, feeCents: 600, feeTaxCents: 78, sellerShareCents: 9_322 });
    expect(
      (await get(other, 'seller', `/api/v1/seller/${storefront.id}/platform-fee?grossCents=100`)).statusCode,
    ).toBe(404);
    expect(
      (await get(seller, 'seller', `/api/v1/seller/${storefront.id}/platform-fee?grossCents=-1`)).statusCode,
    ).toBe(400);
  });

  it('lets an admin read an order’s entries, an account and the held funds; nobody else', async () => {
    const orderId = await paidOrder(12_000);
    const get = (party: Party, role: 'buyer' | 'seller' | 'admin', url: string) =>
      t.app.inject({ method: 'GET', url, headers: as(party, role) });
    const entries = await get(admin, 'admin', `/api/v1/admin/ledger/orders/${orderId}`);
    expect(entries.statusCode, entries.body).toBe(200);
    const [capture] = entries.json<{
      entries: Array<{ kind: string; lines: Array<{ amountCents: number }> }>;
    }>().entries;
    expect(capture!.kind).toBe('capture');
    expect(capture!.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(0);
    const account = await get(
      admin,
      'admin',
      `/api/v1/admin/ledger/accounts?holder=seller&holderId=${storefront.id}&account=pending`,
    );
    expect(account.json<{ balanceCents: number }>().balanceCents).toBe((await balance()).pendingCents);
    const held = await get(admin, 'admin', '/api/v1/admin/ledger/held');
    expect(held.json<{ holds: Array<{ orderId: string }> }>().holds.map((hold) => hold.orderId)).toContain(
      orderId,
    );
    expect(
      (await get(admin, 'admin', '/api/v1/admin/ledger/accounts?holder=buyer&account=fees')).statusCode,
    ).toBe(404);
    expect((await get(admin, 'admin', '/api/v1/admin/ledger/orders/not-a-uuid')).statusCode).toBe(400);
    // Odd input answers a 4xx with a code, never a 500.
    for (const url of [
      '/api/v1/admin/ledger/accounts?holder=seller&holderId=abc&account=pending',
      '/api/v1/admin/ledger/accounts?holder=buyer&holderId=12%00&account=refunds',
      `/api/v1/admin/ledger/accounts?holder=seller&holderId=${'9'.repeat(40)}&account=pending`,
      '/api/v1/admin/ledger/orders/%2F..%2F',
    ]) {
      const odd = await get(admin, 'admin', url);
      expect(odd.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(odd.statusCode, url).toBeLessThan(500);
      expect(odd.json<{ error: { code: string } }>().error.code, url).toMatch(/^[A-Z_]+$/);
    }
    for (const url of [
      `/api/v1/seller/${storefront.id}/platform-fee?grossCents=abc`,
      `/api/v1/seller/${storefront.id}/platform-fee?grossCents=10000&category=%00`,
      '/api/v1/seller/12%00/balance',
    ]) {
      const odd = await get(seller, 'seller', url);
      expect(odd.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(odd.statusCode, url).toBeLessThan(500);
    }
    expect((await get(seller, 'seller', `/api/v1/admin/ledger/orders/${orderId}`)).statusCode).toBe(403);
    expect((await get(buyer, 'buyer', '/api/v1/admin/ledger/held')).statusCode).toBe(403);
  });
});
