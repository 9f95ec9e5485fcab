import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { invoiceAcceptanceTerms, type AcceptInvoiceResponse } from '@maplesource/contracts';
import { sendInquiryThroughApi } from './chat-helpers';
import { expect, ok, waitForApp, type TestAccount, type TestSeller } from './fixtures';

/**
 * The deal pipeline through the browser, shared by the order specs: a buyer logged in in a context of its own, and
 * inquiry → invoice issued by the seller → accepted by the buyer, ending on the checkout of the new order.
 */

/** A fresh browser context logged in as `account` (a buyer). */
export async function buyerContext(browser: Browser, account: TestAccount): Promise<BrowserContext> {
  const context = await browser.newContext();
  const login = await context.request.post('/api/v1/auth/login', {
    headers: { role: 'buyer' },
    data: { email: account.email, password: account.password },
  });
  expect(login.ok()).toBe(true);
  return context;
}

/** Pays on the checkout page with a sandbox test card (4242… succeeds, 4000…0002 is declined). */
export async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel(/Card number/).fill(cardNumber);
  await page.getByLabel(/Expiry date/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/Billing postal code/).fill('K1A 0A9');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** Draws a signature stroke with the mouse on the signature step's drawing area. */
export async function drawSignature(page: Page) {
  const area = page.getByRole('img', { name: /Signature drawing area/ });
  // The drawing library loads with the step; strokes drawn before it listens are lost (aria-busy until then).
  await expect(area).toHaveAttribute('aria-busy', 'false');
  await area.scrollIntoViewIfNeeded();
  const box = (await area.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, -30],
    [110, 25],
    [160, -20],
    [220, 15],
  ] as const)
    await page.mouse.move(box.x + dx, box.y + box.height / 2 + dy, { steps: 5 });
  await page.mouse.up();
}

/**
 * Inquiry → invoice issued by the seller → accepted by the buyer, who signs with the typed-name option or draws the
 * signature; ends on the buyer's checkout page.
 */
export async function acceptedInvoice(
  seller: TestSeller,
  sellerPage: Page,
  buyerPage: Page,
  signature: 'typed' | 'drawn' = 'typed',
) {
  await buyerPage.goto(`/productdetails/${seller.storefront.product.slug}`);
  await waitForApp(buyerPage);
  await buyerPage.getByRole('button', { name: 'Send inquiry' }).click();
  const form = buyerPage.getByRole('dialog', { name: 'Send inquiry' });
  await form.getByLabel(/Quantity/).fill('50');
  await form.getByLabel(/Min price/).fill('10');
  await form.getByLabel(/Max price/).fill('25');
  await form.getByLabel(/Deadline/).fill('2099-01-15');
  await form.getByLabel(/Delivery province/).selectOption('ON');
  await form.getByLabel(/Delivery post code/).fill('K1A 0B1');
  await form.getByLabel(/Message for seller/).fill('Please send an invoice.');
  await form.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(
    buyerPage.getByRole('dialog', { name: 'Inbox' }).getByRole('region', { name: /Conversation with/ }),
  ).toBeVisible();

  await setTaxProfile(sellerPage.request, seller);

  // The seller issues the invoice from the conversation.
  await sellerPage.goto('/seller-centre/inbox');
  await waitForApp(sellerPage);
  await sellerPage.getByRole('list', { name: 'Conversations' }).getByRole('button').first().click();
  const sellerChat = sellerPage.getByRole('region', { name: /Conversation with/ });
  await sellerChat.getByRole('button', { name: 'Issue invoice' }).click();
  const modal = sellerPage.getByRole('dialog', { name: 'Issue invoice' });
  await modal.getByLabel(/Negotiated price/).fill('1000');
  await modal.getByLabel(/Shipping/).fill('50');
  await modal.getByLabel(/Payment terms/).fill('Due on receipt');
  await modal.getByLabel(/Delivery terms/).fill('FOB destination');
  // What the seller receives is shown before they issue (the fee lines arrive from the server and move the button).
  await expect(modal.getByTestId('invoice-seller-net')).toBeVisible();
  await modal.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(sellerPage.getByText('Invoice sent to the buyer.')).toBeVisible();

  // The buyer accepts it: review panel → invoice page → addresses → signature → confirmation.
  const buyerChat = buyerPage
    .getByRole('dialog', { name: 'Inbox' })
    .getByRole('region', { name: /Conversation with/ });
  await buyerChat.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(buyerPage).toHaveURL(/\/invoice\//);
  const accept = buyerPage.getByRole('button', { name: 'Accept', exact: true });
  if (await accept.isVisible()) {
    await accept.click();
    const confirm = buyerPage.getByRole('dialog', { name: 'Accept this invoice?' });
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Continue' }).click();
  }
  await buyerPage.getByLabel('Full name').first().fill('Jeanne Roy');
  await buyerPage.getByLabel('Street address').first().fill('111 Wellington Street');
  await buyerPage.getByLabel('City').first().fill('Ottawa');
  await buyerPage.getByLabel('Province or territory').first().selectOption('ON');
  await buyerPage.getByLabel('Postal code').first().fill('K1A 0A9');
  await buyerPage.getByRole('button', { name: 'Continue', exact: true }).click();
  await buyerPage.getByLabel(/Your full name/).fill('Jeanne Roy');
  if (signature === 'typed')
    await buyerPage.getByRole('radio', { name: 'Use my typed name as my signature' }).check();
  else await drawSignature(buyerPage);
  await buyerPage.getByLabel(/I have read the acceptance terms/).check();
  await buyerPage.getByRole('button', { name: 'Continue', exact: true }).click();
  await buyerPage.getByRole('button', { name: 'Accept invoice and go to payment' }).click();
  // The flow ends on the checkout of the new order.
  const checkout = /\/checkout\?order=[0-9a-f-]{36}&kind=product/;
  await expect(buyerPage).toHaveURL(checkout);
  return new URL(buyerPage.url()).searchParams.get('order')!;
}

/** The seller's company data for the invoice's tax fields (no screen for it in this wave: through its API). */
async function setTaxProfile(sellerApi: APIRequestContext, seller: TestSeller) {
  await ok(
    await sellerApi.put(`/api/v1/seller/${seller.storefront.seller.id}/tax-profile`, {
      headers: { role: 'seller' },
      data: {
        legalName: `${seller.storefront.seller.name} Inc.`,
        gstHstNumber: '123456789RT0001',
        qstNumber: null,
        smallSupplier: false,
      },
    }),
    'the storefront’s tax profile',
  );
}

/** A signature as the drawing area sends it (one stroke). */
const signatureSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><path d="M10 80 C 40 10, 65 10, 95 80 S 150 150, 180 80" stroke="#000" stroke-width="2" fill="none"/></svg>';

/**
 * The same deal as `acceptedInvoice`, as set-up through the API the screens call, for specs whose subject comes after
 * it (checkout, payouts, the documents' pages): the buyer's inquiry (`POST quotation`), the seller's invoice
 * (`POST chats/:id/invoices`) and the buyer's acceptance with a shipping address and a signature
 * (`POST invoice/accept`). The screens of that path are walked by `acceptedInvoice` in invoices-orders.spec.ts,
 * chat.spec.ts, invoice-page.spec.ts and seller-journey.spec.ts. Returns the new order and its invoice's token.
 */
export async function acceptedInvoiceThroughApi(
  seller: TestSeller,
  sellerApi: APIRequestContext,
  buyerApi: APIRequestContext,
): Promise<{ orderId: string; invoiceToken: string }> {
  const chatId = await sendInquiryThroughApi(buyerApi, seller.storefront.product.id);
  await setTaxProfile(sellerApi, seller);
  const { invoice } = await ok<{ invoice: { token: string } }>(
    await sellerApi.post(`/api/v1/chats/${chatId}/invoices`, {
      headers: { role: 'seller', 'Idempotency-Key': randomUUID() },
      data: {
        negotiatedPriceCents: 100_000,
        shippingCents: 5_000,
        paymentTerms: 'Due on receipt',
        deliveryTerms: 'FOB destination',
      },
    }),
    'issue the invoice',
  );
  const { orderId } = await ok<AcceptInvoiceResponse>(
    await buyerApi.post('/api/v1/invoice/accept', {
      headers: { role: 'buyer', 'Idempotency-Key': randomUUID() },
      data: {
        invoiceToken: invoice.token,
        shippingAddress: {
          fullName: 'Jeanne Roy',
          line1: '111 Wellington Street',
          city: 'Ottawa',
          province: 'ON',
          postalCode: 'K1A 0A9',
          addressType: 'Shipping',
        },
        isBillingSameAsShipping: true,
        signature: { fullName: 'Jeanne Roy', svg: signatureSvg },
        termsVersion: invoiceAcceptanceTerms.version,
        termsLanguage: 'en',
      },
    }),
    'accept the invoice',
  );
  return { orderId, invoiceToken: invoice.token };
}
