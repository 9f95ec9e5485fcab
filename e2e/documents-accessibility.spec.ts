import type { Page } from '@playwright/test';
import { test, expect, collectConsoleErrors, seriousAccessibilityViolations, waitForApp } from './fixtures';
import { acceptedInvoiceThroughApi, buyerContext } from './order-helpers';

/**
 * The transaction's pages have no serious or critical axe finding (WCAG 2.1 A/AA, and Label in Name, decision 266),
 * in English and in French: the invoice, the checkout, My orders and the order page, as the buyer sees them, with
 * the data a real deal leaves (an accepted invoice and its order).
 */
const languages = [
  { prefix: '', placed: 'Placed', pay: /^Pay / },
  { prefix: '/fr', placed: 'Passée', pay: /^Payer / },
] as const;

async function expectNoSeriousFinding(page: Page, where: string) {
  expect(await seriousAccessibilityViolations(page, { labelInName: true }), where).toEqual([]);
}

test('invoice, checkout, My orders and order pages: axe serious/critical = 0 in English and French', async ({
  seller,
  buyerAccount,
  page,
  browser,
}) => {
  test.slow();
  const context = await buyerContext(browser, buyerAccount);
  try {
    const buyerPage = await context.newPage();
    const buyerErrors = collectConsoleErrors(buyerPage);
    // The deal is set-up (its screens are walked in invoices-orders.spec.ts); the subject is the pages it leaves.
    const { orderId, invoiceToken } = await acceptedInvoiceThroughApi(seller, page.request, context.request);
    const response = await buyerPage.request.get(`/api/v1/orders/${orderId}`, { headers: { role: 'buyer' } });
    expect(response.ok()).toBe(true);
    expect(((await response.json()) as { order: { invoiceToken: string } }).order.invoiceToken).toBe(
      invoiceToken,
    );
    const ref = `#${orderId.slice(0, 8).toUpperCase()}`;

    for (const text of languages) {
      await buyerPage.goto(`${text.prefix}/invoice/${invoiceToken}`);
      await waitForApp(buyerPage);
      await expect(buyerPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(buyerPage.locator('html')).toHaveAttribute('lang', text.prefix ? /^fr/ : /^en/);
      await expectNoSeriousFinding(buyerPage, `${text.prefix || '/en'} invoice page`);

      await buyerPage.goto(`${text.prefix}/checkout?order=${orderId}&kind=product`);
      await waitForApp(buyerPage);
      await expect(buyerPage.getByRole('button', { name: text.pay })).toBeVisible();
      await expectNoSeriousFinding(buyerPage, `${text.prefix || '/en'} checkout`);

      await buyerPage.goto(`${text.prefix}/my-orders`);
      await waitForApp(buyerPage);
      await expect(buyerPage.getByTestId('order-row').filter({ hasText: ref })).toBeVisible();
      await expectNoSeriousFinding(buyerPage, `${text.prefix || '/en'} My orders`);

      await buyerPage.goto(`${text.prefix}/order/${orderId}`);
      await waitForApp(buyerPage);
      await expect(buyerPage.getByTestId('order-timeline').getByText(text.placed)).toBeVisible();
      await expectNoSeriousFinding(buyerPage, `${text.prefix || '/en'} order page`);
    }
    expect(buyerErrors, 'console errors on the buyer’s page').toEqual([]);
  } finally {
    await context.close();
  }
});
