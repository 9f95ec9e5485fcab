import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, waitForApp } from './fixtures';
import { acceptedInvoice, acceptedInvoiceThroughApi, buyerContext, payWith } from './order-helpers';
import { pdfFirstPageImage } from './pdf-image';

/**
 * Issue 12 end to end, two browser contexts: the seller (fixture `seller`, the test's page) and a buyer (a fresh
 * account logged in in a context of its own). The buyer asks for a quotation; the seller issues an invoice from
 * the conversation; the buyer accepts it (addresses, signature) and pays by card on /checkout with the sandbox
 * provider's test cards: 4242… succeeds; 4000…0002 is declined, then a retry with 4242… succeeds on the same
 * order; 4000 0025 0000 3155 passes the provider's authentication page first. That last buyer walks the whole
 * path through the screens (inquiry form, the seller's invoice dialog, the invoice page, a drawn signature); the
 * two others start from an invoice accepted through the API (`acceptedInvoiceThroughApi`), their subject being
 * the checkout and the order after it.
 */

/** The intent the order's payment is on (null before the first one). */
async function orderIntentId(page: Page, orderId: string) {
  const response = await page.request.get(`/api/v1/orders/${orderId}`, { headers: { role: 'buyer' } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { order: { payment: { intentId: string | null } } }).order.payment
    .intentId;
}

/** The order's checkout page, where the accept flow ends (`acceptedInvoice`). */
async function openCheckout(page: Page, orderId: string) {
  await page.goto(`/checkout?order=${orderId}&kind=product`);
  await waitForApp(page);
}

async function buyerOrderCount(page: Page) {
  const response = await page.request.get('/api/v1/orders', { headers: { role: 'buyer' } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

test('invoice accepted, paid with 4242, in My orders with its timeline; the seller ships with tracking', async ({
  seller,
  buyerAccount,
  page,
  browser,
}, testInfo) => {
  const context = await buyerContext(browser, buyerAccount);
  try {
    const buyerPage = await context.newPage();
    const { orderId } = await acceptedInvoiceThroughApi(seller, page.request, context.request);
    await openCheckout(buyerPage, orderId);

    await payWith(buyerPage, '4242 4242 4242 4242');
    await expect(buyerPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(buyerPage.getByText(/ending in 4242/)).toBeVisible();

    // My orders lists it; its page shows the timeline.
    await buyerPage.getByRole('link', { name: 'My orders' }).first().click();
    // Orders are shown by their short reference (decision 213): # and the id's first 8 hex digits.
    const ref = `#${orderId.slice(0, 8).toUpperCase()}`;
    const row = buyerPage.getByTestId('order-row').filter({ hasText: ref });
    await expect(row).toBeVisible();
    await expect(row.getByText('Confirmed')).toBeVisible();
    await row.getByRole('link', { name: `View order ${ref}` }).click();
    await expect(buyerPage).toHaveURL(new RegExp(orderId));
    await expect(buyerPage.getByText(ref, { exact: true })).toBeVisible();
    const timeline = buyerPage.getByTestId('order-timeline');
    await expect(timeline.getByText('Placed')).toBeVisible();
    await expect(timeline.getByText('Estimated delivery')).toBeVisible();
    await expect(buyerPage.getByText('No tracking number yet.')).toBeVisible();

    // The paid order's payment receipt (decision 293) downloads from its page as a PDF, kept with the run's results.
    const [receipt] = await Promise.all([
      buyerPage.waitForEvent('download'),
      buyerPage.getByRole('link', { name: 'Download the payment receipt (PDF)' }).click(),
    ]);
    expect(receipt.suggestedFilename()).toBe(`receipt-${orderId}.pdf`);
    const receiptFile = testInfo.outputPath('payment-receipt.pdf');
    await receipt.saveAs(receiptFile);
    expect(readFileSync(receiptFile).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await testInfo.attach('payment-receipt.pdf', { path: receiptFile, contentType: 'application/pdf' });
    // Its first page as an image, kept for review: a real render (PDF.js), not blank, Letter's proportions.
    const receiptImage = await pdfFirstPageImage(buyerPage, readFileSync(receiptFile));
    const receiptPng = testInfo.outputPath('payment-receipt.png');
    writeFileSync(receiptPng, receiptImage);
    await testInfo.attach('payment-receipt.png', { path: receiptPng, contentType: 'image/png' });
    expect(receiptImage.readUInt32BE(16)).toBe(918); // 612 pt × 1.5
    expect(receiptImage.readUInt32BE(20)).toBe(1188); // 792 pt × 1.5
    expect(receiptImage.length).toBeGreaterThan(15_000); // a blank page of that size compresses to a few KB

    // The seller ships it with tracking, from the seller's orders.
    await page.goto('/seller-centre/orders');
    await waitForApp(page);
    const sellerRow = page.getByTestId('seller-order-row').filter({ hasText: ref });
    await sellerRow.getByLabel('New status').selectOption('shipped');
    await sellerRow.getByRole('button', { name: 'Update' }).click();
    await expect(
      sellerRow.getByText('Shipping needs a tracking number and a carrier.').first(),
    ).toBeVisible();
    await sellerRow.getByLabel(/Tracking number/).fill('1Z999AA10123456784');
    await sellerRow.getByLabel(/Carrier/).fill('Purolator');
    await sellerRow.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Order status updated.')).toBeVisible();
    await expect(sellerRow.getByText('Shipped', { exact: true })).toBeVisible();
    // The seller's row links the same documents.
    await expect(sellerRow.getByRole('link', { name: 'Download the payment receipt (PDF)' })).toHaveAttribute(
      'href',
      new RegExp(`/api/v1/orders/${orderId}/receipt\\.pdf`),
    );

    // The buyer sees it.
    await buyerPage.reload();
    await expect(buyerPage.getByTestId('order-tracking')).toContainText('1Z999AA10123456784');
    await expect(buyerPage.getByTestId('order-tracking')).toContainText('Purolator');
    await expect(buyerPage.getByText('Shipped', { exact: true }).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a declined card (0002) shows the failure; the retry with 4242 succeeds on the same order and intent', async ({
  seller,
  buyerAccount,
  page,
  browser,
}) => {
  const context = await buyerContext(browser, buyerAccount);
  try {
    const buyerPage = await context.newPage();
    const { orderId } = await acceptedInvoiceThroughApi(seller, page.request, context.request);
    await openCheckout(buyerPage, orderId);

    await payWith(buyerPage, '4000 0000 0000 0002');
    await expect(buyerPage.getByRole('heading', { name: 'Payment failed, try again' })).toBeVisible();
    await expect(buyerPage.getByTestId('checkout-failure-reason')).toHaveText(
      'Your card was declined. Try another card.',
    );
    const declinedIntentId = await orderIntentId(buyerPage, orderId);
    expect(declinedIntentId).not.toBeNull();
    await buyerPage.getByRole('button', { name: 'Try again' }).click();

    await payWith(buyerPage, '4242 4242 4242 4242');
    await expect(buyerPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    expect(new URL(buyerPage.url()).searchParams.get('order')).toBe(orderId);
    expect(await buyerOrderCount(buyerPage)).toBe(1);
    expect(await orderIntentId(buyerPage, orderId)).toBe(declinedIntentId);
  } finally {
    await context.close();
  }
});

test('signed by drawing, a card asking for authentication (3155) passes the provider’s challenge page, then succeeds', async ({
  seller,
  buyerAccount,
  page,
  browser,
}) => {
  const context = await buyerContext(browser, buyerAccount);
  try {
    const buyerPage = await context.newPage();
    const orderId = await acceptedInvoice(seller, page, buyerPage, 'drawn');

    await payWith(buyerPage, '4000 0025 0000 3155');
    await expect(buyerPage).toHaveURL(/\/sandbox-pay\/intents\/.+\/challenge/);
    await buyerPage.getByRole('button', { name: 'Approve / Approuver' }).click();
    await expect(buyerPage).toHaveURL(
      new RegExp(`/checkout\\?order=${orderId}&kind=product&authenticated=1`),
    );
    await expect(buyerPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    expect(await buyerOrderCount(buyerPage)).toBe(1);
  } finally {
    await context.close();
  }
});
