import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig, ConfigError } from '../src/config';
import { rowsOf } from '../src/db/transaction';
import { createTestApp, type TestApp } from './helpers';
import {
  as,
  makeOrder,
  makeStorefront,
  makeUser,
  paySandboxCard,
  waitFor,
  type Party,
} from './orders-helpers';
import { fundStorefront, payingSeller } from './payout-helpers';

/**
 * The test clock (decision 306): with TEST_CLOCK, an administrator runs the held-funds release and the payout run
 * for one storefront as of a later day — the daily jobs' own code, for that storefront only. Without it the routes do
 * not exist; with Stripe the server refuses to start.
 */
let t: TestApp;
let admin: Party;
beforeAll(async () => {
  t = await createTestApp({ env: { TEST_CLOCK: 'true', JOBS_POLLING_INTERVAL_SECONDS: '0.5' } });
  admin = await makeUser(t, ['buyer', 'admin'], 'Clock Admin');
});
afterAll(async () => t?.close());

const run = (party: Party, role: 'buyer' | 'seller' | 'admin', path: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/test-clock/${path}`,
    headers: as(party, role),
    payload,
  });
const holdReleased = async (orderId: string) =>
  rowsOf<{ released: boolean }>(
    await t.database.db.execute(
      sql`SELECT released_at IS NOT NULL AS released FROM ledger_holds WHERE order_id = ${orderId}::uuid`,
    ),
  )[0]?.released;

describe('the test clock', () => {
  it('releases one storefront’s held funds as of a later day, and only that storefront’s', async () => {
    const buyer = await makeUser(t, ['buyer'], 'Clock Buyer');
    const paidOrder = async (seller: Party, storefront: { id: number; slug: string }) => {
      const { orderId } = await makeOrder(t.app, {
        buyer,
        seller,
        storefront,
        totalCents: 11_300,
        leadDays: 5,
      });
      await paySandboxCard(t, buyer, orderId);
      await waitFor('the capture in the ledger', async () =>
        (await holdReleased(orderId)) === false ? true : undefined,
      );
      return orderId;
    };
    const seller = await makeUser(t, ['buyer', 'seller'], 'Clock Seller');
    const storefront = await makeStorefront(t, seller, true);
    const otherSeller = await makeUser(t, ['buyer', 'seller'], 'Other Clock Seller');
    const otherStorefront = await makeStorefront(t, otherSeller, true);
    const mine = await paidOrder(seller, storefront);
    const others = await paidOrder(otherSeller, otherStorefront);
    // Released at the estimated delivery (placed + 5 days) + 7 days.
    const tooEarly = await run(admin, 'admin', 'release-held-funds', {
      sellerId: storefront.id,
      advanceDays: 10,
    });
    expect(tooEarly.statusCode, tooEarly.body).toBe(200);
    expect(tooEarly.json()).toMatchObject({ released: 0 });
    expect(await holdReleased(mine)).toBe(false);

    const due = await run(admin, 'admin', 'release-held-funds', { sellerId: storefront.id, advanceDays: 13 });
    expect(due.json()).toMatchObject({ released: 1 });
    expect(await holdReleased(mine)).toBe(true);
    expect(await holdReleased(others)).toBe(false);
    const balance = await t.app.ledger.sellerBalance(t.database.db, storefront.id);
    expect(balance).toMatchObject({ pendingCents: 0, availableCents: 11_300 - 565 - 73 });
  });

  it('pays one storefront as of a later day, once per day, and no other storefront', async () => {
    const mine = await payingSeller(t, 'Clock Payee');
    const other = await payingSeller(t, 'Other Clock Payee');
    const { shareCents } = await fundStorefront(t, mine.sellerId, 20_000);
    await fundStorefront(t, other.sellerId, 20_000);

    const first = await run(admin, 'admin', 'payout-run', { sellerId: mine.sellerId, advanceDays: 3 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: 1, sent: 1, failed: 0 });
    const again = await run(admin, 'admin', 'payout-run', { sellerId: mine.sellerId, advanceDays: 3 });
    expect(again.json()).toMatchObject({ created: 0 });
    const balance = (sellerId: number) => t.app.ledger.sellerBalance(t.database.db, sellerId);
    expect(await balance(mine.sellerId)).toMatchObject({ availableCents: 0, paidOutCents: shareCents });
    expect((await balance(other.sellerId)).paidOutCents).toBe(0);
  });

  it('is for administrators acting as such, with a storefront and a day count in range', async () => {
    const seller = await makeUser(t, ['buyer', 'seller'], 'Clock Intruder');
    const body = { sellerId: 1, advanceDays: 8 };
    expect((await run(seller, 'seller', 'payout-run', body)).statusCode).toBe(403);
    expect((await run(admin, 'buyer', 'release-held-funds', body)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/test-clock/payout-run',
          headers: { role: 'admin' },
          payload: body,
        })
      ).statusCode,
    ).toBe(401);
    for (const bad of [
      { sellerId: 1, advanceDays: -1 },
      { sellerId: 1, advanceDays: 401 },
      { sellerId: 0, advanceDays: 1 },
      { sellerId: '1\u0000', advanceDays: 1 },
      { advanceDays: 1 },
    ]) {
      const refused = await run(admin, 'admin', 'release-held-funds', bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
  });
});

describe('without TEST_CLOCK', () => {
  it('has no test-clock routes', async () => {
    const plain = await createTestApp();
    try {
      const admin = await makeUser(plain, ['buyer', 'admin'], 'Plain Admin');
      for (const path of ['release-held-funds', 'payout-run']) {
        const answer = await plain.app.inject({
          method: 'POST',
          url: `/api/v1/admin/test-clock/${path}`,
          headers: as(admin, 'admin'),
          payload: { sellerId: 1, advanceDays: 8 },
        });
        expect(answer.statusCode).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });

  it('refuses to start with Stripe, where money really moves', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        TEST_CLOCK: 'true',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_123',
        COOKIE_SECRET: 'c'.repeat(64),
        PAYMENT_WEBHOOK_SECRET: 'p'.repeat(64),
      }),
    ).toThrow(ConfigError);
  });
});
