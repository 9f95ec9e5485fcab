import { randomInt } from 'node:crypto';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { csvHeader, csvRow, png, uniqueWord } from './catalogue-helpers';
import { logIn, say } from './chat-helpers';
import {
  collectConsoleErrors,
  deleteAccount,
  expect,
  ok,
  test,
  waitForApp,
  type TestAccount,
} from './fixtures';
import { buyerContext } from './order-helpers';

/**
 * The seller's whole journey in Chromium (issue's "End to end"), three browser contexts: the seller (the test's
 * page) signs up through the UI and applies to sell (decision 280); an administrator approves in the admin queue;
 * the seller writes the storefront in English and French (decision 261), adds a product with two images and price
 * tiers and imports 50 more from a CSV whose bad row the dry run reports (decisions 287, 288); a buyer (a context of
 * its own) finds the product with the header search and sends an inquiry; the seller accepts it on the pipeline
 * (decision 267), answers in the chat and issues an invoice; the buyer accepts it (signature) and pays with 4242;
 * the seller ships with tracking, and the stats (decisions 273, 290) count the view, the inquiry, its acceptance and
 * the paid order.
 *
 * Every step a user does goes through the UI; the API serves only set-up that is not the subject (the buyer's and
 * the admin's sessions, a code from the sandbox outbox) and the clean-up.
 */

const admin = { email: 'admin@demo.maplesource.ca', password: 'MapleDemo#1' };
/** Waits where the server does real work on a loaded machine (search indexing, the CSV import job). */
const serverWork = { timeout: 60_000 };
/** A field's label, with or without the required-field star. */
const L = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel(/Card number/).fill(cardNumber);
  await page.getByLabel(/Expiry date/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/Billing postal code/).fill('K1A 0A9');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** The seller centre's own navigation (one for every section, decision 281). */
const sellerNav = (page: Page) => page.getByRole('navigation', { name: 'Seller centre' });

test('a new business signs up, becomes a seller, lists products and sells one to a buyer', async ({
  page,
  browser,
  baseURL,
  buyerAccount,
  deleteAccountAfterTest,
}) => {
  // Many steps, each waiting on the server; every wait stays bounded by the expect timeout.
  test.setTimeout(420_000);
  const word = uniqueWord();
  // The "Dev" prefix gives the storefront a dev- slug, which the fixtures' clean-up route may delete (decision 077).
  const operatingName = `Dev Journey ${word}`;
  const legalName = `Journey ${word} Manufacturing Inc.`;
  const productName = `Gate valve ${word}`;
  const csvName = `Flange ${word}`;
  const suffix = `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
  const seller: Pick<TestAccount, 'fullName' | 'email' | 'phoneNumber' | 'password'> = {
    fullName: `E2E Journey ${suffix}`,
    email: `e2e-journey-${suffix}@example.ca`,
    phoneNumber: `+1416555${String(randomInt(10_000)).padStart(4, '0')}`,
    password: 'E2e#Password1',
  };
  let storefrontSlug: string | null = null;
  let forgetSeller = (): void => undefined;
  const contexts: BrowserContext[] = [];
  const otherErrors: string[][] = [];
  const newContext = async (setUp?: (context: BrowserContext) => Promise<unknown>) => {
    const context = await browser.newContext({ baseURL: baseURL! });
    contexts.push(context);
    if (setUp) await setUp(context);
    const contextPage = await context.newPage();
    otherErrors.push(collectConsoleErrors(contextPage));
    return contextPage;
  };

  try {
    await test.step('the business signs up through the header', async () => {
      await page.goto('/');
      await waitForApp(page);
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: 'Log in' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'New here? Create an account' }).click();
      await dialog.getByLabel(L('Full name')).fill(seller.fullName);
      await dialog.getByLabel(L('Email')).fill(seller.email);
      await dialog.getByLabel(L('Mobile phone number')).fill(seller.phoneNumber);
      await dialog.getByLabel(L('Province or territory')).selectOption('ON');
      await dialog.getByLabel(L('Password')).fill(seller.password);
      await dialog.getByRole('button', { name: 'Send me a code' }).click();
      await expect(dialog.getByLabel(L('6-digit code'))).toBeVisible();
      const outbox = await ok<{ messages: { code?: string }[] }>(
        await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(seller.phoneNumber)}`),
        'outbox',
      );
      await dialog.getByLabel(L('6-digit code')).fill(outbox.messages[0]!.code!);
      await dialog.getByRole('button', { name: 'Create my account' }).click();
      await expect(dialog).toHaveCount(0);
      forgetSeller = deleteAccountAfterTest(seller);
      await expect(banner.getByRole('link', { name: 'My profile' }).first()).toBeVisible();
    });

    await test.step('it applies to sell in the seller centre', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'My profile' }).first().click();
      await page.getByRole('link', { name: 'Sell on MapleSource: apply for a storefront' }).click();
      const form = page.getByRole('form', { name: 'Apply to sell on MapleSource' });
      await expect(form).toBeVisible();
      const businessNumber = String(100_000_000 + randomInt(899_999_999));
      await form.getByLabel(L('Legal name')).fill(legalName);
      await form.getByLabel(L('Operating name (shown on your storefront)')).fill(operatingName);
      await form.getByLabel(L('Business number (9 digits)')).fill(businessNumber);
      await form.getByLabel(L('Province or territory')).selectOption('ON');
      await form.getByLabel(L('City')).fill('Hamilton');
      await form.getByLabel(L('Business type')).selectOption({ index: 1 });
      await form.getByRole('group', { name: 'Categories you sell in' }).getByRole('checkbox').first().check();
      await form.getByLabel(L('Contact e-mail')).fill(`sales-${suffix}@example.ca`);
      await form.getByLabel(L('Contact phone')).fill(seller.phoneNumber);
      // A registrant: the GST/HST number becomes the storefront's tax profile, which invoices need.
      await form.getByLabel(L('GST/HST number (registrants only)')).fill(`${businessNumber}RT0001`);
      await form.getByRole('button', { name: 'Send my application' }).click();
      await expect(
        page.getByText(`Your application for ${operatingName} is waiting for an administrator’s review.`),
      ).toBeVisible();
      const draft = page.getByRole('link', { name: 'See your draft storefront' });
      storefrontSlug = /\/seller\/([^/?#]+)/.exec((await draft.getAttribute('href')) ?? '')?.[1] ?? null;
      expect(storefrontSlug).toMatch(/^dev-journey-/);
    });

    await test.step('an administrator approves the application in the queue', async () => {
      const adminPage = await newContext((context) => logIn(context, admin));
      await adminPage.goto('/admin');
      await adminPage.getByRole('tab', { name: 'Applications to sell' }).click();
      const card = adminPage.getByRole('listitem', { name: `${operatingName} (${legalName})` });
      await expect(card).toContainText(seller.email);
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(adminPage.getByText(`${operatingName} is now a seller.`)).toBeVisible();
      await expect(card).toHaveCount(0);
      await adminPage.context().close();
    });

    await test.step('the seller writes the storefront in English and French', async () => {
      // The new role reaches the page with the next session read: the header then leads to the seller centre.
      await page.reload();
      await waitForApp(page);
      await page.getByRole('banner').getByRole('link', { name: 'Seller centre' }).first().click();
      await expect(
        page.getByText(`Your application for ${operatingName} was approved: your storefront is live.`),
      ).toBeVisible();
      await sellerNav(page).getByRole('link', { name: 'Storefront' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible();
      await expect(page.getByText('Your storefront is listed in the directory and search.')).toBeVisible();
      await page
        .getByLabel('Logo', { exact: true })
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png([30, 120, 60]) });
      await expect(page.getByRole('img', { name: 'Current Logo' })).toBeVisible();
      await page.getByLabel('Description in English').fill(`Precision valves and flanges, ${word}.`);
      await page.getByLabel('Description in French').fill(`Robinets et brides de précision, ${word}.`);
      await page.getByLabel(L('Year founded')).fill('1998');
      const provinces = page.getByRole('group', { name: 'Provinces and territories you serve' });
      await provinces.getByRole('checkbox', { name: 'Ontario' }).check();
      await provinces.getByRole('checkbox', { name: 'Quebec' }).check();
      await page
        .getByRole('group', { name: 'Certifications' })
        .getByRole('checkbox', { name: 'CWB (Canadian Welding Bureau)' })
        .check();
      await page.getByRole('button', { name: 'Save storefront' }).click();
      await expect(page.getByText('Storefront saved. Buyers see the changes now.')).toBeVisible();

      // A visitor reads each language's description, and the certification in the page's language.
      const visitor = await newContext();
      await visitor.goto(`/seller/${storefrontSlug}`);
      await expect(visitor.getByText(`Precision valves and flanges, ${word}.`)).toBeVisible();
      await expect(visitor.getByText('CWB (Canadian Welding Bureau)')).toBeVisible();
      await visitor.goto(`/fr/seller/${storefrontSlug}`);
      await expect(visitor.getByText(`Robinets et brides de précision, ${word}.`)).toBeVisible();
      await expect(visitor.getByText('CWB (Bureau canadien de soudage)')).toBeVisible();
      await visitor.context().close();
    });

    await test.step('the seller adds a product with two images and price tiers, and publishes it', async () => {
      await sellerNav(page).getByRole('link', { name: 'Products' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
      await page.getByRole('link', { name: 'Add a product' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
      await page.getByLabel('SKU').fill(`GV-${word}`);
      await page.getByLabel('Subcategory').selectOption({ index: 1 });
      await page.getByLabel('Name (English)').fill(productName);
      await page.getByLabel('Name (French)').fill(`Robinet-vanne ${word}`);
      await page.getByLabel('Description (English)').fill('A forged brass gate valve.');
      await page.getByLabel(/^Unit\b/).fill('piece');
      await page.getByLabel('Minimum order quantity').fill('10');
      await page.getByLabel('Lead time (days)').fill('7');
      await page.getByLabel('Delivery (days)').fill('3');
      await page.getByLabel('Tier 1: from quantity').fill('10');
      await page.getByLabel('Tier 1: to quantity').fill('99');
      await page.getByLabel('Tier 1: unit price (CAD)').fill('25.00');
      await page.getByRole('button', { name: 'Add a price tier' }).click();
      await expect(page.getByLabel('Tier 2: from quantity')).toHaveValue('100');
      await page.getByLabel('Tier 2: unit price (CAD)').fill('19.90');
      const imageInput = page.getByLabel('Add an image (JPEG, PNG or WebP, up to 5 MB)');
      await imageInput.setInputFiles({
        name: 'front.png',
        mimeType: 'image/png',
        buffer: png([200, 20, 20]),
      });
      await expect(page.getByLabel('Image 1: description (English)')).toBeVisible();
      await imageInput.setInputFiles({ name: 'side.png', mimeType: 'image/png', buffer: png([20, 20, 200]) });
      await expect(page.getByLabel('Image 2: description (English)')).toBeVisible();
      await page.getByLabel('Image 1: description (English)').fill('Front view');
      await page.getByLabel('Image 2: description (English)').fill('Side view');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved.')).toBeVisible();
      await expect(page).toHaveURL(/\/seller-centre\/products\/\d+$/);

      await sellerNav(page).getByRole('link', { name: 'Products' }).click();
      await page.getByRole('button', { name: `Publish ${productName}` }).click();
      await expect(page.getByText(`“${productName}” is published.`)).toBeVisible();
    });

    await test.step('the seller imports 50 products from a CSV after fixing the row the dry run reports', async () => {
      const rows = Array.from({ length: 50 }, (_, i) =>
        csvRow(`FL-${word}-${i + 1}`, `${csvName} ${i + 1}`, '5-49: 10.00; 50+: 8.50'),
      );
      // Row 37 (line 38, after the header) leaves a gap between its tiers.
      rows[36] = csvRow(`FL-${word}-37`, `${csvName} 37`, '5-49: 10.00; 60+: 8.50');
      const fileInput = page.getByLabel('CSV file', { exact: true });
      await fileInput.setInputFiles({
        name: 'catalogue.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([csvHeader, ...rows].join('\n')),
      });
      const problems = page.getByRole('table', { name: 'Problems by line and column' });
      await expect(problems.getByRole('row')).toHaveCount(2, serverWork);
      await expect(problems.getByRole('row').nth(1)).toContainText('38');
      await expect(problems.getByRole('row').nth(1)).toContainText('Price tiers');
      await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);

      rows[36] = csvRow(`FL-${word}-37`, `${csvName} 37`, '5-49: 10.00; 50+: 8.50');
      await fileInput.setInputFiles({
        name: 'catalogue.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([csvHeader, ...rows].join('\n')),
      });
      await expect(page.getByText('50 rows checked: no problem found.')).toBeVisible(serverWork);
      await page.getByRole('button', { name: 'Import 50 rows' }).click();
      await expect(page.getByText('Import finished: 50 created, 0 updated, 0 unchanged.')).toBeVisible(
        serverWork,
      );
    });

    let buyerPage!: Page;
    let buyerChat!: Locator;
    await test.step('a buyer finds the new product with the header search and sends an inquiry', async () => {
      // The buyer's session is set-up, not the subject: the login the order specs use.
      const context = await buyerContext(browser, buyerAccount);
      contexts.push(context);
      buyerPage = await context.newPage();
      otherErrors.push(collectConsoleErrors(buyerPage));
      await buyerPage.goto('/');
      await waitForApp(buyerPage);
      const box = buyerPage
        .getByRole('search', { name: 'Search products, services and sellers' })
        .first()
        .getByRole('searchbox');
      await box.fill(`gate valve ${word}`);
      const found = buyerPage
        .getByRole('region', { name: 'Search results' })
        .getByRole('region', { name: 'Products' })
        .getByRole('link', { name: new RegExp(productName) })
        .first();
      await expect(found).toBeVisible(serverWork);
      await found.click();
      await expect(buyerPage.getByRole('heading', { level: 1, name: productName })).toBeVisible();

      await buyerPage.getByRole('button', { name: 'Send inquiry' }).click();
      const form = buyerPage.getByRole('dialog', { name: 'Send inquiry' });
      await form.getByLabel(/Quantity/).fill('50');
      await form.getByLabel(/Min price/).fill('10');
      await form.getByLabel(/Max price/).fill('25');
      await form.getByLabel(/Deadline/).fill('2099-01-15');
      await form.getByLabel(/Delivery province/).selectOption('ON');
      await form.getByLabel(/Delivery post code/).fill('K1A 0B1');
      await form.getByLabel(/Message for seller/).fill('Fifty valves, please.');
      await form.getByRole('button', { name: 'Send inquiry' }).click();
      buyerChat = buyerPage
        .getByRole('dialog', { name: 'Inbox' })
        .getByRole('region', { name: /Conversation with/ });
      await expect(buyerChat).toBeVisible();
    });

    await test.step('the seller accepts the request on the pipeline and answers in the chat', async () => {
      await sellerNav(page).getByRole('link', { name: 'Pipeline' }).click();
      await expect(page.getByRole('button', { name: 'New (1)' })).toBeVisible(serverWork);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: productName }) });
      await expect(card).toContainText(buyerAccount.fullName);
      await card.getByRole('button', { name: 'Move' }).click();
      await card.getByRole('button', { name: 'Accept the request (in negotiation)' }).click();
      await expect(page.getByText('Moved to In negotiation.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'In negotiation (1)' })).toBeVisible();

      await card.getByRole('link', { name: productName }).click();
      const sellerChat = page.getByRole('region', { name: /Conversation with/ });
      await expect(sellerChat).toBeVisible();
      const answer = `Yes: fifty valves ship in a week (${word}).`;
      await say(sellerChat, answer);
      await expect(buyerChat.getByRole('log').getByText(answer, { exact: true })).toBeVisible();
    });

    let orderRef = '';
    await test.step('the seller issues an invoice; the buyer signs it and pays with 4242', async () => {
      const sellerChat = page.getByRole('region', { name: /Conversation with/ });
      await sellerChat.getByRole('button', { name: 'Issue invoice' }).click();
      const modal = page.getByRole('dialog', { name: 'Issue invoice' });
      await modal.getByLabel(/Negotiated price/).fill('1000');
      await modal.getByLabel(/Shipping/).fill('50');
      await modal.getByLabel(/Payment terms/).fill('Due on receipt');
      await modal.getByLabel(/Delivery terms/).fill('FOB destination');
      await modal.getByRole('button', { name: 'Issue invoice' }).click();
      await expect(page.getByText('Invoice sent to the buyer.')).toBeVisible();

      await buyerChat.getByRole('button', { name: 'Accept and continue' }).click();
      await expect(buyerPage).toHaveURL(/\/invoice\//);
      await buyerPage.getByLabel('Full name').first().fill('Jeanne Roy');
      await buyerPage.getByLabel('Street address').first().fill('111 Wellington Street');
      await buyerPage.getByLabel('City').first().fill('Ottawa');
      await buyerPage.getByLabel('Province or territory').first().selectOption('ON');
      await buyerPage.getByLabel('Postal code').first().fill('K1A 0A9');
      await buyerPage.getByRole('button', { name: 'Continue', exact: true }).click();
      await buyerPage.getByLabel(/Your full name/).fill('Jeanne Roy');
      await buyerPage.getByRole('radio', { name: 'Use my typed name as my signature' }).check();
      await buyerPage.getByLabel(/I have read the acceptance terms/).check();
      await buyerPage.getByRole('button', { name: 'Continue', exact: true }).click();
      await buyerPage.getByRole('button', { name: 'Accept invoice and go to payment' }).click();
      await expect(buyerPage).toHaveURL(/\/checkout\?order=[0-9a-f-]{36}&kind=product/);
      const orderId = new URL(buyerPage.url()).searchParams.get('order')!;
      // Orders are shown by their short reference (decision 213).
      orderRef = `#${orderId.slice(0, 8).toUpperCase()}`;

      await payWith(buyerPage, '4242 4242 4242 4242');
      await expect(buyerPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    });

    await test.step('the seller ships the order with tracking', async () => {
      await sellerNav(page).getByRole('link', { name: 'Orders' }).click();
      const row = page.getByTestId('seller-order-row').filter({ hasText: orderRef });
      await row.getByLabel('New status').selectOption('shipped');
      await row.getByLabel(/Tracking number/).fill('1Z999AA10123456784');
      await row.getByLabel(/Carrier/).fill('Purolator');
      await row.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByText('Order status updated.')).toBeVisible();
      await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
    });

    await test.step('the pipeline shows the order; the stats count the view, the inquiry, its acceptance and the paid order', async () => {
      await sellerNav(page).getByRole('link', { name: 'Pipeline' }).click();
      await expect(page.getByRole('button', { name: 'Ordered (1)' })).toBeVisible();

      await sellerNav(page).getByRole('link', { name: 'Stats' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Stats' })).toBeVisible();
      const items = page.getByRole('table', { name: 'Products and services by popularity over the period' });
      const row = items.getByRole('row').filter({ hasText: productName });
      // Columns: item, views, quotations, accepted, rejected, in progress, popularity, bestseller.
      const cells = row.getByRole('cell');
      await expect(cells.nth(0)).not.toHaveText('0');
      await expect(cells.nth(1)).toHaveText('1');
      await expect(cells.nth(2)).toHaveText('1');
      // The storefront's figures (decision 290): the visitor's visits, the inquiry and the paid order.
      const shop = page.getByRole('region', { name: 'Storefront', exact: true });
      const figure = (label: string) =>
        shop
          .locator('dl > div')
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator('dd');
      await expect(figure('Visits')).not.toHaveText('0');
      await expect(figure('Inquiries')).toHaveText('1');
      await expect(figure('Paid orders')).toHaveText('1');
    });

    for (const errors of otherErrors) expect(errors, 'console errors of the other contexts').toEqual([]);
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
    if (storefrontSlug) {
      // The storefront (its products with it) and the account, through the fixtures' clean-up routes.
      forgetSeller();
      await deleteAccount(baseURL!, seller, storefrontSlug);
    }
  }
});
