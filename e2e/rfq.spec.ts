import type { Page } from '@playwright/test';
import {
  collectConsoleErrors,
  expect,
  ok,
  seriousAccessibilityViolations,
  test,
  waitForApp,
} from './fixtures';
import { buyerContext } from './order-helpers';
import { inTwoWeeks, L, verifyEmail } from './rfq-helpers';

/**
 * A request for quotes end to end in Chromium (decisions 298, 317): a buyer (a context of its own, e-mail verified
 * through the sandbox outbox's link) sends a request on /global-quote naming the seller's storefront, and sees who it
 * went to; the seller finds it in the seller centre's Requests for quotes (its badge), answers with a quote and a
 * quantity tier; the buyer compares the quotes in the sortable table (aria-sort), then accepts the quote and lands in
 * the conversation with the supplier. Every step a user does goes through the UI; the API serves only set-up (the
 * buyer's session and e-mail verification, the storefront's category name) and the clean-up.
 */

test('a buyer sends a request for quotes, a seller answers it, the buyer compares and accepts', async ({
  page,
  browser,
  seller,
  buyerAccount,
}) => {
  test.setTimeout(240_000);
  const storefront = seller.storefront.seller.name;
  const product = await ok<{ category: { nameEn: string } }>(
    await page.request.get(`/api/v1/product/${seller.storefront.product.slug}`, {
      headers: { role: 'buyer' },
    }),
    'the storefront product',
  );
  const title = `Brackets for ${storefront}`;

  const context = await buyerContext(browser, buyerAccount);
  const buyerPage: Page = await context.newPage();
  const buyerErrors = collectConsoleErrors(buyerPage);
  try {
    await verifyEmail(context.request, buyerAccount.email);

    await test.step('the buyer sends a request naming the seller’s storefront', async () => {
      await buyerPage.goto('/global-quote');
      await waitForApp(buyerPage);
      await expect(buyerPage.getByRole('heading', { level: 1, name: 'Requests for quotes' })).toBeVisible();
      await expect(buyerPage.getByText('You have not sent a request yet.')).toBeVisible();
      await buyerPage.getByRole('button', { name: 'New request' }).click();
      const form = buyerPage.getByRole('form', { name: 'New request for quotes' });
      await form.getByLabel(L('Title')).fill(title);
      await form.getByLabel(L('Category')).selectOption({ label: product.category.nameEn });
      await form.getByLabel(L('Description')).fill('200 brackets, 3 mm galvanized steel, two holes.');
      await form.getByLabel(L('Quantity')).fill('200');
      await form.getByLabel(L('Answers by')).fill(inTwoWeeks());
      await form.getByLabel(L('Delivery province or territory')).selectOption('ON');
      // A Quebec postal code for Ontario is refused on its field, before anything is sent.
      await form.getByLabel(L('Delivery postal code')).fill('H2X 1Y4');
      await form.getByRole('button', { name: 'Send the request' }).click();
      await expect(
        form.getByText('This postal code does not belong to the selected province.'),
      ).toBeVisible();
      expect(await seriousAccessibilityViolations(buyerPage)).toEqual([]);
      await form.getByLabel(L('Delivery postal code')).fill('M5V 2T6');
      await form.getByLabel('Private request').check();
      await form.getByLabel(/Suppliers I name/).check();
      await form.getByLabel('Find a supplier by name').fill(storefront);
      await form.getByRole('button', { name: `Add ${storefront}` }).click();
      await expect(form.getByRole('list', { name: 'Named suppliers' })).toContainText(storefront);
      await form.getByRole('button', { name: 'Send the request' }).click();

      const sent = buyerPage.getByRole('status').filter({ hasText: 'Your request was sent to 1 supplier:' });
      await expect(sent).toContainText(storefront);
      await expect(buyerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(buyerPage.getByText('No quote yet.', { exact: false })).toBeVisible();
    });
    const rfqUrl = new URL(buyerPage.url());
    const rfqId = rfqUrl.searchParams.get('rfq');
    expect(rfqId).toMatch(/^[0-9a-f-]{36}$/);

    await test.step('the seller answers in the seller centre’s requests for quotes', async () => {
      await page.goto('/seller-centre');
      await waitForApp(page);
      const nav = page.getByRole('navigation', { name: 'Seller centre' });
      // The badge counts the request still to answer, in the link's name too.
      const section = nav.getByRole('link', { name: /Requests for quotes.*1 to answer/ });
      await expect(section).toBeVisible();
      await section.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Requests for quotes' })).toBeVisible();
      await page.getByRole('link', { name: new RegExp(title) }).click();
      const detail = page.getByRole('article');
      await expect(detail.getByRole('heading', { name: title })).toBeVisible();
      // A private request: the buyer is not named to the supplier.
      await expect(detail.getByText('A verified buyer in Ontario')).toBeVisible();
      const quote = detail.getByRole('form', { name: 'Your quote' });
      await quote.getByLabel(L('Unit price')).fill('12.50');
      await quote.getByLabel(L('Lead time (days)')).fill('9');
      await quote.getByLabel(L('Shipping')).fill('80');
      await quote.getByLabel(L('Valid until')).fill(inTwoWeeks());
      await quote.getByRole('button', { name: 'Add a quantity price' }).click();
      await quote.getByLabel('Tier 1: from quantity').fill('100');
      await quote.getByLabel('Tier 1: unit price').fill('11');
      await quote.getByRole('button', { name: 'Send my quote' }).click();
      await expect(page.getByText('Your quote is sent: the buyer is told.')).toBeVisible();
      await expect(detail.getByRole('heading', { name: 'Your quote (1 version)' })).toBeVisible();
      await expect(detail.getByText('from 100: $11.00')).toBeVisible();
    });

    await test.step('the buyer compares the quote in the table and accepts it', async () => {
      await buyerPage.goto(`/global-quote?rfq=${rfqId}`);
      await waitForApp(buyerPage);
      const table = buyerPage.getByRole('table', { name: /Quotes for 200 units delivered in Ontario/ });
      const row = table.getByRole('row', { name: new RegExp(storefront) });
      // 200 × $11.00 (the tier from 100) + $80 shipping, Ontario's 13 % HST on both.
      await expect(row).toContainText('$11.00');
      await expect(row).toContainText('$2,200.00');
      await expect(row).toContainText('$296.40');
      await expect(row).toContainText('$2,576.40');
      await expect(row).toContainText('9 days');
      const delivered = table.getByRole('columnheader', { name: /Delivered total/ });
      const lead = table.getByRole('columnheader', { name: /Lead time/ });
      await expect(delivered).toHaveAttribute('aria-sort', 'ascending');
      await lead.getByRole('button').click();
      await expect(lead).toHaveAttribute('aria-sort', 'ascending');
      await expect(delivered).toHaveAttribute('aria-sort', 'none');
      await expect(buyerPage.getByRole('status').filter({ hasText: 'Sorted by lead time' })).toHaveCount(1);
      expect(await seriousAccessibilityViolations(buyerPage)).toEqual([]);

      // On a 320 px phone the same quotes are cards, ordered from a select, without sideways scrolling.
      await buyerPage.setViewportSize({ width: 320, height: 800 });
      await expect(table).toHaveCount(0);
      const cards = buyerPage.getByRole('list', { name: /Quotes for 200 units delivered in Ontario/ });
      await expect(cards.getByRole('heading', { level: 3, name: storefront })).toBeVisible();
      await expect(cards).toContainText('$2,576.40');
      await buyerPage.getByLabel('Sort by').selectOption('delivered:descending');
      await expect(buyerPage.getByRole('status').filter({ hasText: 'highest first' })).toHaveCount(1);
      expect(await buyerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
      expect(await seriousAccessibilityViolations(buyerPage)).toEqual([]);
      await buyerPage.setViewportSize({ width: 1280, height: 800 });

      await row.getByRole('button', { name: `Accept the quote of ${storefront}` }).click();
      const confirm = buyerPage.getByRole('dialog', { name: 'Accept this quote?' });
      await expect(confirm).toContainText('$2,576.40');
      await confirm.getByRole('button', { name: 'Accept the quote' }).click();
      // The deal continues in the conversation with the supplier: the inbox opens on it.
      await expect(buyerPage.getByRole('dialog', { name: 'Inbox' })).toBeVisible();
      await buyerPage
        .getByRole('dialog', { name: 'Inbox' })
        .getByRole('button', { name: 'Close dialog' })
        .click();
      await expect(
        buyerPage.getByText(`You accepted the quote of ${storefront}.`, { exact: false }).first(),
      ).toBeVisible();
      await expect(buyerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(buyerPage.getByText('Accepted', { exact: true }).first()).toBeVisible();
      await expect(buyerPage.getByRole('button', { name: 'Close the request' })).toHaveCount(0);
    });

    await test.step('the seller sees its quote accepted', async () => {
      await page.reload();
      await waitForApp(page);
      await expect(page.getByRole('article').getByText('Your quote accepted')).toBeVisible();
    });
  } finally {
    await context.close();
  }
  expect(buyerErrors, 'console errors on the buyer’s page').toEqual([]);
});
