import { request, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { shortRef } from '@maplesource/contracts/common';
import {
  test,
  expect,
  ok,
  signUpThroughApi,
  waitForApp,
  type TestAccount,
  type TestSeller,
} from './fixtures';
import { acceptedInvoiceThroughApi, buyerContext, payWith } from './order-helpers';

/**
 * Buyer protection and payouts end to end (decisions 296, 297, 306, 316): a buyer pays → the seller's Balance screen
 * shows the share held with its release date → the order is delivered → the test clock runs the release as of eight
 * days later → available → the payout run as of that day → paid out, in the payout history. A second buyer opens a
 * payment review in time: the held funds show frozen; an administrator refunds part of it; the rest is released and
 * the next payout is the second share less the seller's part of the refund, to the cent.
 */
const admin = { email: 'admin@demo.maplesource.ca', password: 'MapleDemo#1' };
const asSeller = { role: 'seller' };
const asAdmin = { role: 'admin' };

interface BalanceOrder {
  orderId: string;
  grossCents: number;
  feeCents: number;
  feeTaxCents: number;
  heldCents: number;
  releaseAt: string;
  frozen: boolean;
}
interface Balance {
  pendingCents: number;
  availableCents: number;
  paidOutCents: number;
  orders: BalanceOrder[];
}

const cad = (cents: number) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' })
    .format(cents / 100)
    .replace('CA', '');

async function balanceOf(api: APIRequestContext, sellerId: string) {
  return ok<Balance>(
    await api.get(`/api/v1/seller/${sellerId}/balance`, { headers: asSeller }),
    'read the balance',
  );
}

/** An active sandbox payout account, paid daily from $1. */
async function connectPayoutAccount(api: APIRequestContext, sellerId: string) {
  const started = await ok<{ url: string }>(
    await api.post(`/api/v1/seller/${sellerId}/payout-account/onboarding`, { headers: asSeller }),
    'start the payout onboarding',
  );
  const done = await api.post(started.url, {
    form: { transit: '11000', institution: '000', account_number: '000123456789' },
    maxRedirects: 0,
  });
  expect(done.status()).toBe(303);
  await expect
    .poll(
      async () =>
        (
          (await (
            await api.get(`/api/v1/seller/${sellerId}/payout-account`, { headers: asSeller })
          ).json()) as { account: { status: string } | null }
        ).account?.status,
      { timeout: 60_000 },
    )
    .toBe('active');
  await ok(
    await api.put(`/api/v1/seller/${sellerId}/payout-account/settings`, {
      headers: asSeller,
      data: { schedule: { interval: 'daily' }, minimumCents: 100 },
    }),
    'choose a daily payout',
  );
}

async function deliver(api: APIRequestContext, orderId: string) {
  for (const status of ['shipped', 'delivered'] as const)
    await ok(
      await api.post(`/api/v1/seller/orders/${orderId}/status`, {
        headers: asSeller,
        data:
          status === 'shipped'
            ? { status, trackingNumber: '1Z999AA10123456784', carrier: 'Purolator' }
            : { status },
      }),
      `mark the order ${status}`,
    );
}

/**
 * A buyer of its own accepts an invoice from the seller (set-up through the API; the screens of that path are
 * invoices-orders.spec.ts's) and pays it with 4242 on the checkout page; returns the order and the context.
 */
async function paidOrder(browser: Browser, seller: TestSeller, sellerPage: Page, buyer: TestAccount) {
  const context = await buyerContext(browser, buyer);
  const buyerPage = await context.newPage();
  const { orderId } = await acceptedInvoiceThroughApi(seller, sellerPage.request, context.request);
  await buyerPage.goto(`/checkout?order=${orderId}&kind=product`);
  await waitForApp(buyerPage);
  await payWith(buyerPage, '4242 4242 4242 4242');
  await expect(buyerPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  return { orderId, context, buyerPage };
}

async function openBalance(page: Page) {
  await page.goto('/seller-centre/balance');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
}

const figure = (page: Page, name: 'Held' | 'Available' | 'Paid out') =>
  page
    .getByRole('region', { name: 'Your balance' })
    .locator('div')
    .filter({ has: page.getByText(name, { exact: true }) });

test('held until the review window closes, released by the test clock, paid out; a partial refund reduces the next payout', async ({
  seller,
  buyerAccount,
  page,
  browser,
  baseURL,
  deleteAccountAfterTest,
}) => {
  test.setTimeout(480_000);
  const sellerId = seller.storefront.seller.id;
  const adminContext = await browser.newContext();
  try {
    await ok(
      await adminContext.request.post('/api/v1/auth/login', { headers: { role: 'buyer' }, data: admin }),
      'log the administrator in',
    );
    const adminApi = adminContext.request;
    // Payment reviews are for verified suppliers (docs/product.md §9).
    await ok(
      await adminApi.put(`/api/v1/admin/sellers/${sellerId}/verified`, {
        headers: asAdmin,
        data: { verified: true },
      }),
      'verify the supplier',
    );
    await connectPayoutAccount(page.request, sellerId);
    const clock = (path: 'release-held-funds' | 'payout-run', advanceDays: number) =>
      adminApi.post(`/api/v1/admin/test-clock/${path}`, {
        headers: asAdmin,
        data: { sellerId: Number(sellerId), advanceDays },
      });

    // 1. A paid order: the seller's share is held with its release date.
    const first = await paidOrder(browser, seller, page, buyerAccount);
    await expect
      .poll(async () => (await balanceOf(page.request, sellerId)).orders.length, { timeout: 60_000 })
      .toBe(1);
    const firstHold = (await balanceOf(page.request, sellerId)).orders[0]!;
    const firstShare = firstHold.grossCents - firstHold.feeCents - firstHold.feeTaxCents;
    expect(firstHold).toMatchObject({ orderId: first.orderId, heldCents: firstShare, frozen: false });
    await openBalance(page);
    await expect(figure(page, 'Held')).toContainText(cad(firstShare));
    const upcoming = page.getByRole('table', { name: 'Upcoming releases' });
    await expect(upcoming.getByRole('row').nth(1)).toContainText(shortRef(first.orderId));
    await expect(upcoming.getByRole('row').nth(1)).toContainText('Scheduled');

    // 2. Delivered; eight days later the release runs: available; the payout run that day pays it out.
    await deliver(page.request, first.orderId);
    expect(await (await clock('release-held-funds', 8)).json()).toMatchObject({ released: 1 });
    await page.reload();
    await expect(figure(page, 'Available')).toContainText(cad(firstShare));
    await expect(page.getByText('No funds are held at the moment.')).toBeVisible();
    expect(await (await clock('payout-run', 8)).json()).toMatchObject({ created: 1, sent: 1, failed: 0 });
    await page.reload();
    await expect(figure(page, 'Paid out')).toContainText(cad(firstShare));
    const history = page.getByRole('table', { name: 'Payout history' });
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history.getByRole('row').nth(1)).toContainText(cad(firstShare));
    await expect(history.getByRole('row').nth(1)).toContainText('Sent');
    await first.context.close();

    // 3. A second buyer asks for a payment review in time: the held funds are frozen.
    const signUpApi = await request.newContext({ baseURL: baseURL! });
    const secondBuyer = await signUpThroughApi(signUpApi, 'buyer').finally(() => signUpApi.dispose());
    deleteAccountAfterTest(secondBuyer);
    const second = await paidOrder(browser, seller, page, secondBuyer);
    await expect
      .poll(
        async () =>
          (await balanceOf(page.request, sellerId)).orders.some((o) => o.orderId === second.orderId),
        {
          timeout: 60_000,
        },
      )
      .toBe(true);
    await deliver(page.request, second.orderId);
    await second.buyerPage.goto(`/order/${second.orderId}`);
    await waitForApp(second.buyerPage);
    await second.buyerPage.getByRole('button', { name: 'Request a payment review' }).click();
    await second.buyerPage.getByLabel('What went wrong?').fill('Two of the fifty parts arrived bent.');
    await second.buyerPage.getByRole('button', { name: 'Send the request' }).click();
    await expect(second.buyerPage.getByText('Your payment review request was sent.')).toBeVisible();
    await openBalance(page);
    await expect(upcoming.getByRole('row').filter({ hasText: shortRef(second.orderId) })).toContainText(
      'Frozen — payment review open',
    );
    // Frozen: the release as of eight days later leaves it held.
    expect(await (await clock('release-held-funds', 8)).json()).toMatchObject({ released: 0 });

    // 4. The administrator refunds $100.00 of it; the rest is released; the next payout is reduced by the refund.
    const reviews = await ok<{ items: Array<{ id: string; order: { id: string } }> }>(
      await adminApi.get('/api/v1/admin/payment-reviews', { headers: asAdmin, params: { status: 'open' } }),
      'list the open reviews',
    );
    const review = reviews.items.find((item) => item.order.id === second.orderId)!;
    await ok(
      await adminApi.post(`/api/v1/admin/payment-reviews/${review.id}/resolve`, {
        headers: asAdmin,
        data: { outcome: 'refund', amountCents: 10_000, note: 'Two bent parts refunded.' },
      }),
      'refund part of the order',
    );
    const entries = await ok<{
      entries: Array<{
        kind: string;
        lines: Array<{ holder: string; account: string; amountCents: number }>;
      }>;
    }>(
      await adminApi.get(`/api/v1/admin/ledger/orders/${second.orderId}`, { headers: asAdmin }),
      "read the order's ledger entries",
    );
    const capture = entries.entries.find((entry) => entry.kind === 'capture')!;
    const refund = entries.entries.find((entry) => entry.kind === 'refund')!;
    const secondShare = capture.lines.find((line) => line.holder === 'seller')!.amountCents;
    const sellerPartOfRefund = refund.lines
      .filter((line) => line.holder === 'seller')
      .reduce((sum, line) => sum + line.amountCents, 0);
    expect(sellerPartOfRefund).toBeLessThan(0);
    expect(-sellerPartOfRefund).toBeLessThan(10_000); // the platform gives back its fee's share

    await clock('release-held-funds', 9);
    expect(await (await clock('payout-run', 9)).json()).toMatchObject({ created: 1, sent: 1 });
    const after = await balanceOf(page.request, sellerId);
    expect(after).toMatchObject({
      pendingCents: 0,
      availableCents: 0,
      paidOutCents: firstShare + secondShare + sellerPartOfRefund,
    });
    await page.reload();
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history.getByRole('row').nth(1)).toContainText(cad(secondShare + sellerPartOfRefund));
    await second.context.close();

    // 5. The administrator reconciles today with the provider: both payouts' transfers match the ledger, and the
    // Money tab shows the day (decision 304).
    const payouts = await ok<{
      items: Array<{ sellerId: number; transferId: string | null; status: string }>;
    }>(
      await adminApi.get('/api/v1/admin/payouts', { headers: asAdmin, params: { status: 'sent' } }),
      'list the sent payouts',
    );
    const transfers = payouts.items
      .filter((payout) => String(payout.sellerId) === sellerId)
      .map((payout) => payout.transferId);
    expect(transfers).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    const report = await ok<{
      day: { matchedCount: number };
      mismatches: Array<{ sourceId: string; orderId: string | null }>;
    }>(
      await adminApi.post(`/api/v1/admin/reconciliation/${today}/run`, { headers: asAdmin }),
      'reconcile today',
    );
    expect(report.day.matchedCount).toBeGreaterThanOrEqual(2);
    const ours = report.mismatches.filter(
      (mismatch) =>
        transfers.includes(mismatch.sourceId) ||
        [first.orderId, second.orderId].includes(mismatch.orderId ?? ''),
    );
    expect(ours).toEqual([]);
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin');
    await waitForApp(adminPage);
    await adminPage.getByRole('tab', { name: 'Money' }).click();
    await expect(
      adminPage.getByRole('table', { name: 'Reconciliation' }).getByRole('row', { name: new RegExp(today) }),
    ).toBeVisible();
    await expect(
      adminPage
        .getByRole('table', { name: 'Payouts' })
        .getByRole('row')
        .filter({ hasText: seller.storefront.seller.name }),
    ).toHaveCount(2);
  } finally {
    await adminContext.close();
  }
});
