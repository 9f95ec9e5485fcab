import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectConnected, say } from './chat-helpers';
import {
  collectConsoleErrors,
  expect,
  ok,
  seriousAccessibilityViolations,
  test,
  waitForApp,
} from './fixtures';
import { buyerContext } from './order-helpers';
import { chromiumArgs } from './playwright.config';
import { inTwoWeeks, L, sellerInContext, verifyEmail } from './rfq-helpers';

/**
 * The CNC quote's whole journey in Chromium, a browser context per party (decisions 302, 317, 321, 322): a buyer with a
 * verified e-mail uploads a STEP and an STL part on the instant quote tab, sees the 3D preview and the price, changes
 * quantity and material (the price follows) and saves each. In My quotes the buyer changes a quantity (kept after a
 * reload), duplicates a quote in another material, downloads the PDF (a PDF naming the part's file) and requests firm
 * quotes. Two CNC machining storefronts (dev storefronts in that category, serving Ontario: what matching picks) find
 * the request in the seller centre with the part's file attached (downloaded byte for byte; refused to anyone else);
 * one quotes, the other declines with a reason. The buyer compares, chats with the quoting shop, accepts; the shop
 * issues the invoice from the conversation and the buyer sees it arrive. Users and storefronts are the test's own.
 */

// WebGL through SwiftShader: the 3D preview draws in headless Chromium.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [...chromiumArgs, '--enable-unsafe-swiftshader'],
  },
});

const cadDirectory = path.resolve(import.meta.dirname, 'fixtures/cad');
const stepFile = path.join(cadDirectory, 'bracket.step');
const stlFile = path.join(cadDirectory, 'block-binary.stl');

/**
 * A CNC machining shop in a browser context of its own: a fresh account with a dev storefront in the `cnc-machining`
 * category serving Ontario (decision 077), so a request for firm quotes delivered in Ontario is matched to it.
 */
async function cncShop(browser: Browser, baseURL: string, label: string) {
  const shop = await sellerInContext(browser, baseURL, label, 'cnc-machining');
  const page = await shop.context.newPage();
  return { ...shop, page, errors: collectConsoleErrors(page) };
}

/** The seller centre's page of one request, as the seller's e-mail links to it (decision 321). */
async function openSupplierRfq(page: Page, rfqId: string) {
  await page.goto(`/seller-centre/rfqs?rfq=${rfqId}`);
  await waitForApp(page);
  const detail = page.getByRole('article');
  await expect(detail).toBeVisible();
  return detail;
}

/** The saved quote's card in My quotes, by its file name (the first when a copy shares it). */
const quoteCard = (page: Page, fileName: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: fileName }) });
const fact = (card: Locator, label: string) =>
  card.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

/** Uploads a part on the instant quote tab: the browser measures it, shows it in 3D and prices it. */
async function uploadPart(page: Page, file: string) {
  await page.getByLabel('CAD file (STL or STEP, up to 100 MB)').setInputFiles(file);
  const name = path.basename(file);
  await expect(page.getByText(new RegExp(`${name.replace('.', '\\.')} measured in \\d+ ms`))).toBeVisible();
  await expect(
    page.getByRole('img', { name: new RegExp(`3D preview of ${name.replace('.', '\\.')}`) }),
  ).toBeVisible();
  const total = page.getByTestId('cnc-price-total');
  await expect(total).toHaveText(/^\d[\d,]* parts: \$[\d,]+\.\d\d \(\$[\d,]+\.\d\d each\)$/);
  return total;
}

test('a CNC part is quoted, saved, changed, sent for firm quotes, answered by two shops, accepted and invoiced', async ({
  browser,
  baseURL,
  buyerAccount,
}, testInfo) => {
  test.setTimeout(420_000);
  const quoting = await cncShop(browser, baseURL!, 'cnc-quoting');
  const declining = await cncShop(browser, baseURL!, 'cnc-declining');
  const buyer: BrowserContext = await buyerContext(browser, buyerAccount);
  const buyerPage = await buyer.newPage();
  const buyerErrors = collectConsoleErrors(buyerPage);
  const quotingName = quoting.seller.storefront.seller.name;
  const decliningName = declining.seller.storefront.seller.name;
  const stepName = path.basename(stepFile);
  const stlName = path.basename(stlFile);
  try {
    await verifyEmail(buyer.request, buyerAccount.email);

    await test.step('the buyer uploads an STL and a STEP part, sees each in 3D and priced, and saves them', async () => {
      await buyerPage.goto('/cnc-fabrication-quotes/instant-quote');
      await waitForApp(buyerPage);
      await uploadPart(buyerPage, stlFile);
      await buyerPage.getByLabel(L('Quantity')).fill('10');
      await buyerPage.getByRole('button', { name: 'Save quote' }).click();
      await expect(buyerPage.getByText('Quote saved.')).toBeVisible();

      await buyerPage.goto('/cnc-fabrication-quotes/instant-quote');
      await waitForApp(buyerPage);
      const total = await uploadPart(buyerPage, stepFile);
      const before = await total.textContent();
      await buyerPage.getByLabel(L('Quantity')).fill('25');
      await expect(total).not.toHaveText(before!);
      await expect(total).toContainText('25 parts:');
      const at25 = await total.textContent();
      await buyerPage.getByLabel(L('Material')).selectOption('stainless-304');
      await expect(total).not.toHaveText(at25!);
      await buyerPage.getByRole('button', { name: 'Save quote' }).click();
      await expect(buyerPage.getByText('Quote saved.')).toBeVisible();
      await expect(buyerPage.getByTestId('cnc-server-price')).toContainText('25 parts');
    });

    await test.step('in My quotes the buyer changes a quantity, duplicates a quote and downloads the PDF', async () => {
      await buyerPage.goto('/cnc-fabrication-quotes/my-quotes');
      await waitForApp(buyerPage);
      await expect(buyerPage.getByRole('heading', { level: 2, name: 'My quotes (2)' })).toBeVisible();
      const step = quoteCard(buyerPage, stepName);
      await expect(fact(step, 'Material')).toHaveText('Stainless steel 304');
      await expect(fact(step, 'Quantity')).toHaveText('25');
      const total25 = await fact(step, 'Total price').textContent();
      // Re-open: the instant quote tab shows the saved quote again.
      await step.getByRole('link', { name: 'Re-open' }).click();
      await expect(buyerPage.getByRole('heading', { name: `Saved quote ${stepName}` })).toBeVisible();
      await expect(buyerPage.getByLabel(L('Quantity'))).toHaveValue('25');
      await buyerPage
        .getByRole('navigation', { name: 'CNC quote sections' })
        .getByRole('link', { name: 'My quotes' })
        .click();

      await step.getByRole('button', { name: 'Change quantity' }).click();
      await step.getByLabel('New quantity').fill('40');
      await step.getByRole('button', { name: 'Save the quantity' }).click();
      await expect(step.getByRole('status')).toHaveText(/Quantity changed to 40/);
      await expect(fact(step, 'Quantity')).toHaveText('40');
      await expect(fact(step, 'Total price')).not.toHaveText(total25!);
      const total40 = await fact(step, 'Total price').textContent();
      // The server priced and kept it: the same after a reload.
      await buyerPage.reload();
      await waitForApp(buyerPage);
      await expect(fact(step, 'Quantity')).toHaveText('40');
      await expect(fact(step, 'Total price')).toHaveText(total40!);

      const stl = quoteCard(buyerPage, stlName);
      await stl.getByRole('button', { name: 'Duplicate' }).click();
      await stl.getByLabel('Material of the copy').selectOption('brass');
      await stl.getByRole('button', { name: 'Save the copy' }).click();
      await expect(stl.getByRole('status')).toHaveText(/^Copy saved as quote no\. \d+ in Brass\.$/);
      await expect(buyerPage.getByRole('heading', { level: 2, name: 'My quotes (3)' })).toBeVisible();
      await expect(quoteCard(buyerPage, stlName)).toHaveCount(2);
      await expect(fact(quoteCard(buyerPage, stlName).first(), 'Material')).toHaveText('Brass');

      const [pdf] = await Promise.all([
        buyerPage.waitForEvent('download'),
        step.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      const pdfPath = testInfo.outputPath('cnc-quote.pdf');
      await pdf.saveAs(pdfPath);
      const bytes = readFileSync(pdfPath);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
      expect(text).toContain(stepName);
      await testInfo.attach('cnc-quote.pdf', { path: pdfPath, contentType: 'application/pdf' });

      expect(await seriousAccessibilityViolations(buyerPage)).toEqual([]);
      await buyerPage.setViewportSize({ width: 320, height: 800 });
      await expect(step.getByRole('button', { name: 'Request firm quotes' })).toBeVisible();
      expect(await buyerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
      expect(await seriousAccessibilityViolations(buyerPage)).toEqual([]);
      await buyerPage.setViewportSize({ width: 1280, height: 800 });
    });

    let rfqId = '';
    await test.step('the buyer requests firm quotes for the STEP part: a private request to CNC shops', async () => {
      const step = quoteCard(buyerPage, stepName);
      await step.getByRole('button', { name: 'Request firm quotes' }).click();
      const form = step.getByRole('form', { name: 'Request firm quotes from CNC shops' });
      await form.getByLabel(L('Answers by')).fill(inTwoWeeks());
      await form.getByLabel(L('Delivery province or territory')).selectOption('ON');
      // A Quebec postal code for Ontario is refused on its field, before anything is sent.
      await form.getByLabel(L('Delivery postal code')).fill('H2X 1Y4');
      await form.getByRole('button', { name: 'Send to CNC shops' }).click();
      await expect(
        form.getByText('This postal code does not belong to the selected province.'),
      ).toBeVisible();
      await form.getByLabel(L('Delivery postal code')).fill('M5V 2T6');
      await form.getByLabel('Notes for the shops').fill('Deburr all edges, please.');
      await form.getByLabel('Private request').check();
      await form.getByRole('button', { name: 'Send to CNC shops' }).click();
      await expect(step.getByText('Your request for firm quotes is sent.')).toBeVisible();
      await step.getByRole('link', { name: 'See the request and its quotes' }).first().click();
      await expect(buyerPage).toHaveURL(/\/global-quote\?rfq=[0-9a-f-]{36}$/);
      rfqId = new URL(buyerPage.url()).searchParams.get('rfq')!;
      await expect(buyerPage.getByRole('button', { name: `Download ${stepName}` })).toBeVisible();

      // Back in My quotes, the quote links to its request instead of offering to send it again.
      await buyerPage.goto('/cnc-fabrication-quotes/my-quotes');
      await waitForApp(buyerPage);
      await expect(step.getByText('Firm quotes are requested for this part.')).toBeVisible();
      await expect(step.getByRole('link', { name: 'See the request and its quotes' })).toHaveAttribute(
        'href',
        `/global-quote?rfq=${rfqId}`,
      );
      await expect(step.getByRole('button', { name: 'Request firm quotes' })).toHaveCount(0);
    });

    await test.step('a shop finds it with the part attached (downloaded as uploaded, private) and quotes', async () => {
      const page = quoting.page;
      await page.goto('/seller-centre');
      await waitForApp(page);
      await page
        .getByRole('navigation', { name: 'Seller centre' })
        .getByRole('link', { name: /Requests for quotes.*1 to answer/ })
        .click();
      // The request's title is made from the part's name and material (decision 325).
      await page.getByRole('link', { name: /CNC machining: bracket \(Stainless steel 304\)/ }).click();
      const detail = page.getByRole('article');
      // A private request: the buyer is not named to the shop.
      await expect(detail.getByText('A verified buyer in Ontario')).toBeVisible();
      await expect(detail.getByText(buyerAccount.fullName)).toHaveCount(0);
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        detail.getByRole('button', { name: `Download ${stepName}` }).click(),
      ]);
      expect(file.suggestedFilename()).toBe(stepName);
      expect((await readFile(await file.path())).equals(readFileSync(stepFile))).toBe(true);

      // The file is the request's suppliers' only: a visitor and a shop of another storefront get nothing.
      const view = await ok<{ attachments: { id: string }[] }>(
        await buyer.request.get(`/api/v1/rfqs/${rfqId}`, { headers: { role: 'buyer' } }),
        'the buyer’s request',
      );
      const attachment = `rfqs/${rfqId}/attachments/${view.attachments[0]!.id}`;
      const visitor = await page.context().browser()!.newContext({ baseURL: baseURL! });
      try {
        const anonymous = await visitor.request.get(
          `/api/v1/seller/${quoting.seller.storefront.seller.id}/${attachment}`,
          { headers: { role: 'seller' } },
        );
        expect(anonymous.status()).toBe(401);
      } finally {
        await visitor.close();
      }
      const foreign = await declining.context.request.get(
        `/api/v1/seller/${quoting.seller.storefront.seller.id}/${attachment}`,
        { headers: { role: 'seller' } },
      );
      expect(foreign.status()).toBe(404);

      const quote = detail.getByRole('form', { name: 'Your quote' });
      await quote.getByLabel(L('Unit price')).fill('42');
      await quote.getByLabel(L('Lead time (days)')).fill('9');
      await quote.getByLabel(L('Shipping')).fill('60');
      await quote.getByLabel(L('Valid until')).fill(inTwoWeeks());
      await quote.getByRole('button', { name: 'Send my quote' }).click();
      await expect(page.getByText('Your quote is sent: the buyer is told.')).toBeVisible();
      await expect(detail.getByRole('heading', { name: 'Your quote (1 version)' })).toBeVisible();
    });

    const reason = 'Our 5-axis mill is booked until next month.';
    await test.step('the other shop declines with a reason', async () => {
      const detail = await openSupplierRfq(declining.page, rfqId);
      await expect(detail.getByRole('button', { name: `Download ${stepName}` })).toBeVisible();
      await detail.getByRole('button', { name: 'Decline', exact: true }).click();
      const dialog = declining.page.getByRole('dialog', { name: 'Decline this request' });
      await dialog.getByLabel(L('Reason')).fill(reason);
      await dialog.getByRole('button', { name: 'Decline the request' }).click();
      await expect(detail.getByText(`You declined: ${reason}`)).toBeVisible();
    });

    let buyerConversation: Locator | undefined;
    await test.step('the buyer compares, chats with the quoting shop, and accepts its quote', async () => {
      await buyerPage.goto(`/global-quote?rfq=${rfqId}`);
      await waitForApp(buyerPage);
      const table = buyerPage.getByRole('table', { name: /Quotes for 40 units delivered in Ontario/ });
      const row = table.getByRole('row', { name: new RegExp(quotingName) });
      // 40 × $42.00 + $60 shipping, with Ontario's 13 % HST on both.
      await expect(row).toContainText('$1,680.00');
      await expect(row).toContainText('$1,966.20');
      // The seeded CNC shops serving Ontario (decision 330) got the request too and have not answered yet.
      const declined = buyerPage
        .getByRole('region', { name: /^\d+ other suppliers?$/ })
        .getByRole('listitem');
      await expect(declined.filter({ hasText: decliningName })).toContainText(`Declined: ${reason}`);

      await row.getByRole('button', { name: `Chat with ${quotingName}` }).click();
      const inbox = buyerPage.getByRole('dialog', { name: 'Inbox' });
      buyerConversation = inbox.getByRole('region', { name: /Conversation with/ });
      await expect(buyerConversation).toBeVisible();
      await expectConnected(buyerConversation);
      const detail = await openSupplierRfq(quoting.page, rfqId);
      await detail.getByRole('button', { name: 'Open the conversation with the buyer' }).click();
      const sellerConversation = quoting.page.getByRole('region', { name: /Conversation with/ });
      await expectConnected(sellerConversation);
      const message = `Can you anodize them clear? ${Date.now().toString(36)}`;
      await say(buyerConversation, message);
      await expect(sellerConversation.getByRole('log').getByText(message)).toBeVisible();
      await inbox.getByRole('button', { name: 'Close dialog' }).click();

      await row.getByRole('button', { name: `Accept the quote of ${quotingName}` }).click();
      const confirm = buyerPage.getByRole('dialog', { name: 'Accept this quote?' });
      await expect(confirm).toContainText('$1,966.20');
      await confirm.getByRole('button', { name: 'Accept the quote' }).click();
      await expect(inbox).toBeVisible();
      await expect(buyerConversation).toBeVisible();
      await expectConnected(buyerConversation);
    });

    await test.step('the shop issues the invoice from the conversation; the buyer sees it arrive', async () => {
      // The storefront's company data for the invoice's tax fields (no screen for it: through its API).
      await ok(
        await quoting.context.request.put(
          `/api/v1/seller/${quoting.seller.storefront.seller.id}/tax-profile`,
          {
            headers: { role: 'seller' },
            data: {
              legalName: `${quotingName} Inc.`,
              gstHstNumber: '123456789RT0001',
              qstNumber: null,
              smallSupplier: false,
            },
          },
        ),
        'the storefront’s tax profile',
      );
      const detail = await openSupplierRfq(quoting.page, rfqId);
      await expect(detail.getByText('Your quote accepted')).toBeVisible();
      await detail.getByRole('button', { name: 'Open the conversation with the buyer' }).click();
      const sellerConversation = quoting.page.getByRole('region', { name: /Conversation with/ });
      await sellerConversation.getByRole('button', { name: 'Issue invoice' }).click();
      const modal = quoting.page.getByRole('dialog', { name: 'Issue invoice' });
      await modal.getByLabel(/Negotiated price/).fill('1680');
      await modal.getByLabel(/Shipping/).fill('60');
      await modal.getByLabel(/Payment terms/).fill('Due on receipt');
      await modal.getByLabel(/Delivery terms/).fill('FOB destination');
      await modal.getByRole('button', { name: 'Issue invoice' }).click();
      await expect(quoting.page.getByText('Invoice sent to the buyer.')).toBeVisible();

      // Live, in the buyer's open conversation.
      await expect(buyerConversation!.getByRole('button', { name: 'Accept and continue' })).toBeVisible();
    });
  } finally {
    await buyer.close();
    await quoting.close();
    await declining.close();
  }
  expect(buyerErrors, 'console errors on the buyer’s page').toEqual([]);
  expect(quoting.errors, 'console errors on the quoting shop’s page').toEqual([]);
  expect(declining.errors, 'console errors on the declining shop’s page').toEqual([]);
});
