import { writeFileSync } from 'node:fs';
import { test, expect, waitForApp, seriousAccessibilityViolations } from './fixtures';
import { pdfFirstPageImage } from './pdf-image';

/**
 * Issue 12, the invoice screens (the whole inquiry → order → payment run is e2e/invoices-orders.spec.ts): the seller
 * issues an invoice from the conversation with the tax computed live; the buyer opens `/invoice/{token}`, sees the
 * action banner, the time left and the tax by tax, must give a reason to reject, and rejects; a foreign token reads
 * "Invoice Not Found". Two browser contexts: the seller is the test's page, the buyer has a context of its own.
 */
test('seller issues an invoice, buyer reviews and rejects it with a reason', async ({
  seller,
  buyerAccount,
  page,
  browser,
}, testInfo) => {
  const buyerContext = await browser.newContext();
  try {
    const buyerApi = buyerContext.request;
    await buyerApi.post('/api/v1/auth/login', {
      headers: { role: 'buyer' },
      data: { email: buyerAccount.email, password: buyerAccount.password },
    });
    const inquiry = await buyerApi.post('/api/v1/quotation', {
      headers: { role: 'buyer', 'Idempotency-Key': crypto.randomUUID() },
      data: {
        productId: Number(seller.storefront.product.id),
        quantity: 500,
        minPrice: 10,
        maxPrice: 25,
        deadline: '2099-01-15',
        deliveryProvince: 'ON',
        deliveryPostalCode: 'K1A0B1',
        leadDays: 14,
        message: 'Anodized, please.',
      },
    });
    expect(inquiry.ok(), await inquiry.text()).toBe(true);
    const { chatId } = (await inquiry.json()) as { chatId: string };

    // What a Canadian invoice must carry: the seller's legal name and GST/HST number.
    const profile = await page.request.put(`/api/v1/seller/${seller.storefront.seller.id}/tax-profile`, {
      headers: { role: 'seller' },
      data: {
        legalName: 'Dev Metal Works Ltd.',
        gstHstNumber: '123456789RT0001',
        qstNumber: null,
        smallSupplier: false,
      },
    });
    expect(profile.ok(), await profile.text()).toBe(true);

    // The seller issues the invoice from the conversation; the total follows the price as it is typed.
    await page.goto(`/seller-centre/inbox/${chatId}`);
    await waitForApp(page);
    const sellerChat = page.getByRole('region', { name: /Conversation with/ });
    await sellerChat.getByRole('button', { name: 'Issue invoice' }).click();
    const modal = page.getByRole('dialog', { name: 'Issue invoice' });
    await modal.getByRole('button', { name: 'Issue invoice' }).click();
    await expect(modal.getByText('Enter a negotiated price of at least $0.01.')).toBeVisible();
    await modal.getByLabel(/Negotiated price/).fill('1000');
    await modal.getByLabel(/Shipping/).fill('50');
    await expect(modal.getByText('HST (13 %)')).toBeVisible();
    await expect(modal.getByTestId('invoice-total')).toHaveText('$1,186.50');
    await modal.getByLabel(/Payment terms/).fill('Card on acceptance');
    await modal.getByRole('button', { name: 'Issue invoice' }).click();
    await expect(modal).toBeHidden();
    await expect(sellerChat.getByText(/Invoice sent · \$1,186\.50/)).toBeVisible();

    // The buyer follows the chat card's link to the invoice page.
    const buyerPage = await buyerContext.newPage();
    await buyerPage.goto('/');
    await waitForApp(buyerPage);
    const list = await buyerApi.get(`/api/v1/chats/${chatId}/invoices`, { headers: { role: 'buyer' } });
    const { items } = (await list.json()) as { items: Array<{ token: string }> };
    await buyerPage.goto(`/invoice/${items[0]!.token}`);
    await waitForApp(buyerPage);
    const banner = buyerPage.getByRole('region', { name: 'Action required' });
    await expect(banner).toBeVisible();
    await expect(banner.getByText(/6 days 23 hours \d+ minutes left|7 days left/)).toBeVisible();
    await expect(buyerPage.getByText('HST (13 %)')).toBeVisible();
    await expect(buyerPage.getByText('123456789RT0001')).toBeVisible();
    await expect(buyerPage.getByText(/^Viewed /)).toBeVisible();
    expect(await seriousAccessibilityViolations(buyerPage)).toEqual([]);

    // Printed (decision 293), the page reads like the PDF: the site's header and footer, the banner and the buttons
    // drop out, the document header shows. The image is kept with the run's results for review.
    await buyerPage.emulateMedia({ media: 'print' });
    try {
      await expect(buyerPage.getByTestId('invoice-print-header')).toBeVisible();
      await expect(buyerPage.getByTestId('invoice-print-header')).toContainText('INVOICE');
      await expect(buyerPage.locator('#root header').first()).toBeHidden();
      await expect(buyerPage.locator('#root footer')).toBeHidden();
      await expect(banner).toBeHidden();
      await expect(buyerPage.getByTestId('invoice-actions')).toBeHidden();
      // Written under the run's output directory (kept) and attached to the test's report.
      const image = testInfo.outputPath('printed-invoice.png');
      await buyerPage.screenshot({ path: image, fullPage: true });
      await testInfo.attach('printed-invoice.png', { path: image, contentType: 'image/png' });
    } finally {
      await buyerPage.emulateMedia({ media: 'screen' });
    }
    await expect(buyerPage.getByTestId('invoice-print-header')).toBeHidden();
    // And the invoice's PDF, its first page rendered as an image for review next to the printed page.
    const pdf = await buyerApi.get(`/api/v1/invoice/pdf?invoiceToken=${items[0]!.token}`, {
      headers: { role: 'buyer' },
    });
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const pdfImage = await pdfFirstPageImage(buyerPage, await pdf.body());
    const pdfPng = testInfo.outputPath('invoice-pdf.png');
    writeFileSync(pdfPng, pdfImage);
    await testInfo.attach('invoice-pdf.png', { path: pdfPng, contentType: 'image/png' });
    expect(pdfImage.length).toBeGreaterThan(15_000);

    // Rejecting needs a reason.
    await buyerPage.getByRole('button', { name: 'Reject' }).click();
    const reject = buyerPage.getByRole('dialog', { name: 'Reject this invoice?' });
    await reject.getByRole('button', { name: 'Reject invoice' }).click();
    await expect(reject.getByText('Give a reason for the rejection (3 to 1000 characters).')).toBeVisible();
    await reject.getByLabel(/Reason for rejecting/).fill('Lead time too long for us.');
    await reject.getByRole('button', { name: 'Reject invoice' }).click();
    await expect(buyerPage.getByText('Invoice rejected.')).toBeVisible();
    await expect(
      buyerPage.getByText('You rejected this invoice. Reason: Lead time too long for us.'),
    ).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Accept' })).toBeDisabled();

    // The seller's conversation shows the rejection with its reason: in the chat's message, and in the invoice panel,
    // which reloads on the newest invoice's new state (decision 194).
    await expect(sellerChat.getByText('Reason: Lead time too long for us.', { exact: true })).toBeVisible();
    await expect(sellerChat.getByText('Rejection reason: Lead time too long for us.')).toBeVisible();

    // A token that is not the buyer's: Not Found.
    await buyerPage.goto('/invoice/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(buyerPage.getByRole('heading', { name: 'Invoice Not Found' })).toBeVisible();
  } finally {
    await buyerContext.close();
  }
});

test('a Quebec buyer reads the invoice in French first, signs with the typed name and gets one order', async ({
  seller,
  buyer: _buyer,
  page,
  browser,
}) => {
  // The buyer is the test's page here; the seller acts through its own context's API.
  const sellerContext = await browser.newContext();
  try {
    await sellerContext.request.post('/api/v1/auth/login', {
      headers: { role: 'buyer' },
      data: { email: seller.email, password: seller.password },
    });
    const inquiry = await page.request.post('/api/v1/quotation', {
      headers: { role: 'buyer', 'Idempotency-Key': crypto.randomUUID() },
      data: {
        productId: Number(seller.storefront.product.id),
        quantity: 20,
        minPrice: 10,
        maxPrice: 25,
        deadline: '2099-01-15',
        deliveryProvince: 'QC',
        deliveryPostalCode: 'H3B1K9',
        leadDays: 10,
        message: '',
      },
    });
    expect(inquiry.ok(), await inquiry.text()).toBe(true);
    const { chatId } = (await inquiry.json()) as { chatId: string };
    const sellerApi = sellerContext.request;
    const profile = await sellerApi.put(`/api/v1/seller/${seller.storefront.seller.id}/tax-profile`, {
      headers: { role: 'seller' },
      data: {
        legalName: 'Métal Nord inc.',
        gstHstNumber: '123456789RT0001',
        qstNumber: '1234567890TQ0001',
        smallSupplier: false,
      },
    });
    expect(profile.ok(), await profile.text()).toBe(true);
    const issued = await sellerApi.post(`/api/v1/chats/${chatId}/invoices`, {
      headers: { role: 'seller', 'Idempotency-Key': crypto.randomUUID() },
      data: { negotiatedPriceCents: 100_000, shippingCents: 0, paymentTerms: 'Carte à l’acceptation' },
    });
    expect(issued.ok(), await issued.text()).toBe(true);
    const { invoice } = (await issued.json()) as { invoice: { token: string } };

    await page.goto(`/invoice/${invoice.token}`);
    await waitForApp(page);
    // French first (Charter of the French Language), English on request.
    await expect(page.getByRole('heading', { name: 'Résumé' })).toBeVisible();
    await expect(page.getByText('TVQ (9.975 %)')).toBeVisible();
    await expect(page.getByText('1234567890TQ0001')).toBeVisible();
    await page.getByRole('button', { name: 'Read in English' }).click();
    await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
    await page.getByRole('button', { name: 'Lire en français' }).click();

    await page.getByRole('button', { name: 'Accept' }).click();
    await page
      .getByRole('dialog', { name: 'Accept this invoice?' })
      .getByRole('button', { name: 'Continue' })
      .click();
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await shipping.getByLabel(/Full name/).fill('Marie Tremblay');
    await shipping.getByLabel(/Street address/).fill('1200 rue Sainte-Catherine O');
    await shipping.getByLabel(/^City/).fill('Montréal');
    await shipping.getByLabel(/Province or territory/).selectOption('QC');
    await shipping.getByLabel(/Postal code/).fill('h3b 1k9');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: 'Signature' })).toBeFocused();
    await expect(page.getByTestId('acceptance-terms')).toContainText('En signant, j');
    await page.getByRole('radio', { name: 'Use my typed name as my signature' }).check();
    await page.getByRole('checkbox', { name: /I have read the acceptance terms/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: 'Signature of Marie Tremblay' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A double click makes one order.
    await page.getByRole('button', { name: 'Accept invoice and go to payment' }).dblclick();
    await expect(page).toHaveURL(/\/checkout\?order=[^&]+&kind=product$/);
    const orderId = new URL(page.url()).searchParams.get('order');
    const details = await page.request.get(`/api/v1/invoice/details?invoiceToken=${invoice.token}`, {
      headers: { role: 'buyer' },
    });
    const accepted = (await details.json()) as { invoice: { status: string; orderId: string } };
    expect(accepted.invoice).toMatchObject({ status: 'accepted', orderId });
    const orders = await page.request.get('/api/v1/orders', { headers: { role: 'buyer' } });
    expect(((await orders.json()) as { total: number }).total).toBe(1);
  } finally {
    await sellerContext.close();
  }
});
