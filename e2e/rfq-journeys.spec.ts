import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectConnected, say } from './chat-helpers';
import {
  collectConsoleErrors,
  expect,
  ok,
  test,
  waitForApp,
  type TestAccount,
  type TestSeller,
} from './fixtures';
import { buyerContext } from './order-helpers';
import {
  categoryIdOf,
  declineThroughApi,
  inTwoWeeks,
  L,
  quoteThroughApi,
  sellerInContext,
  sendRfqThroughApi,
  verifyEmail,
} from './rfq-helpers';

/**
 * The request-for-quotes journeys rfq.spec.ts does not walk (decisions 298, 317, 321), in Chromium with a browser
 * context per party: a plain request (not private, no CAD analysis) naming two suppliers, with a PDF the buyer
 * attaches on the request's page right after sending it; the supplier downloads the PDF and quotes, and a third seller,
 * not named, is refused the file (404, through the API). One supplier declines with a reason, which the buyer reads.
 * The buyer chats with the quoting supplier before accepting anything (the message arrives live in the supplier's
 * conversation); the supplier revises its quote (the buyer compares the new version; the supplier keeps both); the
 * buyer closes the request early: both suppliers see it closed and the quote form is gone (the server refuses a
 * quote: RFQ_NOT_OPEN). Each of these is a test of its own, run in parallel (decision 331): the first sends its
 * request through the form; the others start from the same request sent through the API, with the quotes and the
 * refusal the earlier steps would have left. Users and storefronts are each test's own and are deleted after it.
 */

const seller = { role: 'seller' };

/** A small PDF of the buyer's, with a mark of its own so the download can be compared byte for byte. */
const drawing = Buffer.from(
  [
    '%PDF-1.4',
    `% e2e drawing ${Date.now()}`,
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

const reason = 'We do not cut plates thicker than 6 mm this quarter.';
const description = '200 plates, 8 mm mild steel, per the attached drawing.';
const plates = () => `Laser-cut plates ${Date.now().toString(36)}`;

/** The seller centre's page of one request, as the seller's e-mail links to it (decision 321). */
async function openSupplierRfq(page: Page, rfqId: string) {
  await page.goto(`/seller-centre/rfqs?rfq=${rfqId}`);
  await waitForApp(page);
  const detail = page.getByRole('article');
  await expect(detail).toBeVisible();
  return detail;
}

/** The buyer's page of one request. */
async function openBuyerRfq(page: Page, rfqId: string) {
  await page.goto(`/global-quote?rfq=${rfqId}`);
  await waitForApp(page);
}

/**
 * The parties of one test: the quoting supplier (the `seller` fixture, the test's page), a second supplier in a
 * context of its own, and the buyer (a context of its own, e-mail verified through the outbox's link). `close()`
 * closes the contexts and deletes the second supplier; `expectNoConsoleErrors()` checks the other pages.
 */
async function parties(browser: Browser, baseURL: string, buyerAccount: TestAccount, quoting: TestSeller) {
  const declining = await sellerInContext(browser, baseURL, 'seller');
  const buyer = await buyerContext(browser, buyerAccount);
  const buyerPage = await buyer.newPage();
  const decliningPage = await declining.context.newPage();
  const buyerErrors = collectConsoleErrors(buyerPage);
  const decliningErrors = collectConsoleErrors(decliningPage);
  const close = async () => {
    await buyer.close();
    await declining.close();
  };
  try {
    await verifyEmail(buyer.request, buyerAccount.email);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    buyer,
    buyerPage,
    declining: declining.seller,
    decliningApi: declining.context.request,
    decliningPage,
    quotingName: quoting.storefront.seller.name,
    decliningName: declining.seller.storefront.seller.name,
    close,
    expectNoConsoleErrors: () => {
      expect(buyerErrors, 'console errors on the buyer’s page').toEqual([]);
      expect(decliningErrors, 'console errors on the declining supplier’s page').toEqual([]);
    },
  };
}
type Parties = Awaited<ReturnType<typeof parties>>;

/** The request the first test sends through the form, sent through the API: plain, naming both suppliers. */
async function sentRequest(p: Parties, quoting: TestSeller) {
  const title = plates();
  const rfqId = await sendRfqThroughApi(p.buyer.request, {
    title,
    categoryId: await categoryIdOf(p.buyer.request, quoting.storefront.product.slug),
    description,
    quantity: 200,
    storefrontIds: [Number(quoting.storefront.seller.id), Number(p.declining.storefront.seller.id)],
  });
  return { rfqId, title };
}

/** That request with the quote the first test sends through the supplier's form: $12.50 a unit, 9 days, $80. */
async function quotedRequest(p: Parties, quoting: TestSeller, quotingApi: APIRequestContext) {
  const sent = await sentRequest(p, quoting);
  await quoteThroughApi(quotingApi, quoting.storefront.seller.id, sent.rfqId, {
    unitPriceCents: 1250,
    leadDays: 9,
    shippingCents: 8000,
  });
  return sent;
}

type PartyFixtures = {
  browser: Browser;
  baseURL: string | undefined;
  buyerAccount: TestAccount;
  seller: TestSeller;
};

/** Runs `body` with the parties of one test, then closes them and checks their pages' console errors. */
async function withParties(fixtures: PartyFixtures, body: (p: Parties) => Promise<void>) {
  const p = await parties(fixtures.browser, fixtures.baseURL!, fixtures.buyerAccount, fixtures.seller);
  try {
    await body(p);
  } finally {
    await p.close();
  }
  p.expectNoConsoleErrors();
}

test('the buyer sends a plain request to two named suppliers and attaches a PDF; the supplier downloads it and quotes; a seller not named gets 404', async ({
  page,
  browser,
  baseURL,
  seller: quoting,
  buyerAccount,
}) => {
  // Four accounts, three storefronts and four browser contexts on a busy machine.
  test.setTimeout(180_000);
  await withParties({ browser, baseURL, buyerAccount, seller: quoting }, async (p) => {
    const { buyerPage, quotingName, decliningName } = p;
    const unmatched = await sellerInContext(browser, baseURL!, 'seller');
    try {
      const categoryOf = async (slug: string) =>
        (
          await ok<{ category: { nameEn: string } }>(
            await page.request.get(`/api/v1/product/${slug}`, { headers: { role: 'buyer' } }),
            'a storefront product',
          )
        ).category.nameEn;
      const category = await categoryOf(quoting.storefront.product.slug);
      // Dev storefronts share their product's category and serve Ontario (decision 321): both can be named.
      expect(await categoryOf(p.declining.storefront.product.slug)).toBe(category);
      const title = plates();

      let rfqId = '';
      await test.step('the buyer sends a plain request to two named suppliers and attaches a PDF', async () => {
        await buyerPage.goto('/global-quote');
        await waitForApp(buyerPage);
        await buyerPage.getByRole('button', { name: 'New request' }).click();
        const form = buyerPage.getByRole('form', { name: 'New request for quotes' });
        await form.getByLabel(L('Title')).fill(title);
        await form.getByLabel(L('Category')).selectOption({ label: category });
        await form.getByLabel(L('Description')).fill(description);
        await form.getByLabel(L('Quantity')).fill('200');
        await form.getByLabel(L('Answers by')).fill(inTwoWeeks());
        await form.getByLabel(L('Delivery province or territory')).selectOption('ON');
        await form.getByLabel(L('Delivery postal code')).fill('M5V 2T6');
        await expect(form.getByLabel('Private request')).not.toBeChecked();
        await form.getByLabel(/Suppliers I name/).check();
        for (const name of [quotingName, decliningName]) {
          await form.getByLabel('Find a supplier by name').fill(name);
          await form.getByRole('button', { name: `Add ${name}` }).click();
          await expect(form.getByRole('list', { name: 'Named suppliers' })).toContainText(name);
        }
        await form.getByRole('button', { name: 'Send the request' }).click();
        const sent = buyerPage
          .getByRole('status')
          .filter({ hasText: 'Your request was sent to 2 suppliers:' });
        await expect(sent).toContainText(quotingName);
        await expect(sent).toContainText(decliningName);
        rfqId = new URL(buyerPage.url()).searchParams.get('rfq') ?? '';
        expect(rfqId).toMatch(/^[0-9a-f-]{36}$/);

        await buyerPage
          .getByLabel('Add a drawing or a document')
          .setInputFiles({ name: 'drawing.pdf', mimeType: 'application/pdf', buffer: drawing });
        await buyerPage.getByRole('button', { name: 'Attach', exact: true }).click();
        await expect(buyerPage.getByText('drawing.pdf is attached.')).toBeVisible();
        await expect(buyerPage.getByRole('heading', { name: 'Attachments (1 of 5)' })).toBeVisible();
        await expect(buyerPage.getByRole('button', { name: 'Download drawing.pdf' })).toBeVisible();
      });

      await test.step('the supplier downloads the PDF and quotes', async () => {
        const detail = await openSupplierRfq(page, rfqId);
        const download = page.waitForEvent('download');
        await detail.getByRole('button', { name: 'Download drawing.pdf' }).click();
        const file = await download;
        expect(file.suggestedFilename()).toBe('drawing.pdf');
        expect((await readFile(await file.path())).equals(drawing)).toBe(true);

        const quote = detail.getByRole('form', { name: 'Your quote' });
        await quote.getByLabel(L('Unit price')).fill('12.50');
        await quote.getByLabel(L('Lead time (days)')).fill('9');
        await quote.getByLabel(L('Shipping')).fill('80');
        await quote.getByLabel(L('Valid until')).fill(inTwoWeeks());
        await quote.getByRole('button', { name: 'Send my quote' }).click();
        await expect(page.getByText('Your quote is sent: the buyer is told.')).toBeVisible();
        await expect(detail.getByRole('heading', { name: 'Your quote (1 version)' })).toBeVisible();
      });

      await test.step('a seller the request was not sent to cannot fetch the PDF (404)', async () => {
        const view = await ok<{ attachments: { id: string }[] }>(
          await p.buyer.request.get(`/api/v1/rfqs/${rfqId}`, { headers: { role: 'buyer' } }),
          'the buyer’s request',
        );
        const attachmentId = view.attachments[0]!.id;
        const api = unmatched.context.request;
        const own = unmatched.seller.storefront.seller.id;
        for (const [path, role] of [
          [`/api/v1/seller/${own}/rfqs/${rfqId}/attachments/${attachmentId}`, 'seller'],
          [
            `/api/v1/seller/${quoting.storefront.seller.id}/rfqs/${rfqId}/attachments/${attachmentId}`,
            'seller',
          ],
          [`/api/v1/rfqs/${rfqId}/attachments/${attachmentId}`, 'buyer'],
          [`/api/v1/seller/${own}/rfqs/${rfqId}`, 'seller'],
        ] as const) {
          const answer = await api.get(path, { headers: { role } });
          expect(answer.status(), path).toBe(404);
          expect(await answer.text(), path).not.toContain('e2e drawing');
        }
      });
    } finally {
      await unmatched.close();
    }
  });
});

test('a supplier declines with a reason; the buyer reads it', async ({
  browser,
  baseURL,
  seller: quoting,
  buyerAccount,
}) =>
  withParties({ browser, baseURL, buyerAccount, seller: quoting }, async (p) => {
    const { buyerPage, decliningPage, decliningName } = p;
    const { rfqId, title } = await sentRequest(p, quoting);

    const detail = await openSupplierRfq(decliningPage, rfqId);
    await expect(detail.getByRole('heading', { name: title })).toBeVisible();
    // Not private: the buyer is named to the supplier.
    await expect(detail.getByText(buyerAccount.fullName)).toBeVisible();
    await detail.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = decliningPage.getByRole('dialog', { name: 'Decline this request' });
    await dialog.getByLabel(L('Reason')).fill(reason);
    await dialog.getByRole('button', { name: 'Decline the request' }).click();
    await expect(decliningPage.getByText('You declined the request.')).toBeVisible();
    await expect(detail.getByText(`You declined: ${reason}`)).toBeVisible();
    await expect(detail.getByRole('form', { name: 'Your quote' })).toHaveCount(0);

    await openBuyerRfq(buyerPage, rfqId);
    const others = buyerPage.getByRole('region', { name: '2 other suppliers' });
    const row = others.getByRole('listitem').filter({ hasText: decliningName });
    await expect(row).toContainText(`Declined: ${reason}`);
    await expect(row.getByText('Declined', { exact: true })).toBeVisible();
  }));

test('the buyer chats with the quoting supplier before accepting; the message arrives live', async ({
  page,
  browser,
  baseURL,
  seller: quoting,
  buyerAccount,
}) =>
  withParties({ browser, baseURL, buyerAccount, seller: quoting }, async (p) => {
    const { buyerPage, quotingName } = p;
    const { rfqId } = await quotedRequest(p, quoting, page.request);

    await openBuyerRfq(buyerPage, rfqId);
    const table = buyerPage.getByRole('table', { name: /Quotes for 200 units delivered in Ontario/ });
    const row = table.getByRole('row', { name: new RegExp(quotingName) });
    // 200 × $12.50 + $80 shipping, Ontario's 13 % HST on both.
    await expect(row).toContainText('$2,915.40');
    await row.getByRole('button', { name: `Chat with ${quotingName}` }).click();
    const inbox = buyerPage.getByRole('dialog', { name: 'Inbox' });
    const buyerConversation = inbox.getByRole('region', { name: /Conversation with/ });
    await expect(buyerConversation).toBeVisible();
    await expectConnected(buyerConversation);

    const detail = await openSupplierRfq(page, rfqId);
    await detail.getByRole('button', { name: 'Open the conversation with the buyer' }).click();
    const sellerConversation = page.getByRole('region', { name: /Conversation with/ });
    await expect(sellerConversation).toBeVisible();
    await expectConnected(sellerConversation);

    const message = `Can you do 8 mm with a mill finish? ${Date.now().toString(36)}`;
    await say(buyerConversation, message);
    await expect(sellerConversation.getByRole('log').getByText(message)).toBeVisible();
    await inbox.getByRole('button', { name: 'Close dialog' }).click();
    // Nothing is accepted by chatting: the request is still open with its quote.
    await expect(buyerPage.getByRole('button', { name: 'Close the request' })).toBeVisible();
  }));

test('the supplier revises its quote; the buyer compares the new version, the supplier keeps both', async ({
  page,
  browser,
  baseURL,
  seller: quoting,
  buyerAccount,
}) =>
  withParties({ browser, baseURL, buyerAccount, seller: quoting }, async (p) => {
    const { buyerPage, quotingName } = p;
    const { rfqId } = await quotedRequest(p, quoting, page.request);

    const detail = await openSupplierRfq(page, rfqId);
    await detail.getByRole('button', { name: 'Revise my quote' }).click();
    const revise = detail.getByRole('form', { name: 'Revise your quote (version 1)' });
    await expect(revise.getByLabel(L('Unit price'))).toHaveValue('12.50');
    await revise.getByLabel(L('Unit price')).fill('11.75');
    await revise.getByRole('button', { name: 'Send the revision' }).click();
    await expect(page.getByText('Your revision is sent: the buyer is told.')).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'Your quote (2 versions)' })).toBeVisible();
    const versions = detail.getByRole('region', { name: 'Your quote (2 versions)' }).getByRole('listitem');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText('Version 2');
    await expect(versions.nth(0)).toContainText('$11.75 a unit');
    await expect(versions.nth(1)).toContainText('Version 1');
    await expect(versions.nth(1)).toContainText('$12.50 a unit');

    await openBuyerRfq(buyerPage, rfqId);
    const row = buyerPage
      .getByRole('table', { name: /Quotes for 200 units delivered in Ontario/ })
      .getByRole('row', { name: new RegExp(quotingName) });
    // 200 × $11.75 + $80, with 13 % HST.
    await expect(row.getByRole('rowheader')).toContainText('Revised: version 2');
    await expect(row).toContainText('$11.75');
    await expect(row).toContainText('$2,745.90');
    await expect(row).not.toContainText('$2,915.40');
  }));

test('the buyer closes the request early; neither supplier can quote any more', async ({
  page,
  browser,
  baseURL,
  seller: quoting,
  buyerAccount,
}) =>
  withParties({ browser, baseURL, buyerAccount, seller: quoting }, async (p) => {
    const { buyerPage, decliningPage } = p;
    // Where the earlier steps leave it: one supplier quoted, the other declined.
    const { rfqId } = await quotedRequest(p, quoting, page.request);
    await declineThroughApi(p.decliningApi, p.declining.storefront.seller.id, rfqId, reason);

    await openBuyerRfq(buyerPage, rfqId);
    await buyerPage.getByRole('button', { name: 'Close the request' }).click();
    const confirm = buyerPage.getByRole('dialog', { name: 'Close this request?' });
    await confirm.getByRole('button', { name: 'Close the request' }).click();
    await expect(buyerPage.getByText('The request is closed.')).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Close the request' })).toHaveCount(0);
    await expect(buyerPage.getByRole('article').getByText('Closed', { exact: true }).first()).toBeVisible();

    for (const [sellerPage, role] of [
      [page, 'quoting'],
      [decliningPage, 'declining'],
    ] as const) {
      const detail = await openSupplierRfq(sellerPage, rfqId);
      await expect(detail.getByText('This request is no longer open.'), role).toBeVisible();
      await expect(detail.getByText('Closed', { exact: true }).first(), role).toBeVisible();
      await expect(detail.getByRole('button', { name: 'Revise my quote' }), role).toHaveCount(0);
      await expect(detail.getByRole('button', { name: 'Decline', exact: true }), role).toHaveCount(0);
    }
    const late = await page.request.post(
      `/api/v1/seller/${quoting.storefront.seller.id}/rfqs/${rfqId}/quotes`,
      {
        headers: seller,
        data: { unitPriceCents: 1000, leadDays: 5, shippingCents: 0, validUntil: inTwoWeeks() },
      },
    );
    expect(late.status()).toBe(409);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('RFQ_NOT_OPEN');
  }));
