import { test, expect, waitForApp } from './fixtures';

/**
 * Issue 11 end to end, two browser contexts: the seller (fixture `seller`, the test's page) and a buyer (a fresh
 * account, logged in in a context of its own). The buyer sends an inquiry from the seller's product page — a
 * validation error first, then sent — and lands in the conversation; the seller sees it in the seller centre,
 * types (the buyer sees the typing indicator) and replies; the seller's message reaches "Seen"; the buyer answers;
 * the seller accepts the quotation and replies with an image the buyer sees; each sees the other online throughout.
 */
/** A 4×4 red PNG: small, but real image bytes (the server checks the bytes, not the name). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
  'base64',
);

test('inquiry, then a live buyer–seller conversation', async ({ seller, buyerAccount, page, browser }) => {
  const buyerContext = await browser.newContext();
  try {
    await buyerContext.request.post('/api/v1/auth/login', {
      headers: { role: 'buyer' },
      data: { email: buyerAccount.email, password: buyerAccount.password },
    });
    const buyerPage = await buyerContext.newPage();

    // The buyer asks about the seller's product: a validation error first, then sent.
    await buyerPage.goto(`/productdetails/${seller.storefront.product.slug}`);
    await waitForApp(buyerPage);
    await buyerPage.getByRole('button', { name: 'Send inquiry' }).click();
    const form = buyerPage.getByRole('dialog', { name: 'Send inquiry' });
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(form.getByText('Quantity is required.')).toBeVisible();
    await form.getByLabel(/Quantity/).fill('500');
    await form.getByLabel(/Min price/).fill('10');
    await form.getByLabel(/Max price/).fill('25');
    await form.getByLabel(/Deadline/).fill('2099-01-15');
    await form.getByLabel(/Delivery province/).selectOption('ON');
    await form.getByLabel(/Delivery post code/).fill('K1A 0B1');
    await form.getByLabel(/Message for seller/).fill('Anodized, please.');
    await form.getByRole('button', { name: 'Send inquiry' }).click();

    // The buyer lands in the conversation, which holds the quotation.
    const inbox = buyerPage.getByRole('dialog', { name: 'Inbox' });
    const buyerChat = inbox.getByRole('region', { name: /Conversation with/ });
    await expect(buyerChat).toBeVisible();
    await expect(buyerChat.getByText('Quotation details')).toBeVisible();
    await expect(buyerChat.getByText('Quotation requested')).toBeVisible();

    // The seller sees it in the seller centre and opens it.
    await page.goto('/seller-centre/inbox');
    await waitForApp(page);
    await page.getByRole('list', { name: 'Conversations' }).getByRole('button').first().click();
    const sellerChat = page.getByRole('region', { name: /Conversation with/ });
    await expect(sellerChat.getByText('Quotation requested')).toBeVisible();
    await expect(sellerChat.getByRole('button', { name: 'Accept quotation' })).toBeVisible();
    await expect(sellerChat.getByText('Online', { exact: true })).toBeVisible();
    await expect(buyerChat.getByText('Online', { exact: true })).toBeVisible();

    // The seller types: the buyer sees the typing indicator. Then the seller replies.
    const sellerBox = sellerChat.getByRole('textbox', { name: 'Message' });
    await sellerBox.pressSequentially('We can do');
    await expect(buyerChat.getByText(/is typing…/)).toBeVisible();
    await sellerBox.pressSequentially(' 500 by January.');
    await sellerBox.press('Enter');
    await expect(buyerChat.getByRole('log').getByText('We can do 500 by January.')).toBeVisible();
    // The buyer has the conversation open: the seller's message reaches "seen".
    await expect(sellerChat.getByRole('log').getByText('Seen', { exact: true })).toBeAttached();
    await expect(buyerChat.getByText(/is typing…/)).toHaveCount(0);

    // The buyer answers; the seller receives it live.
    const buyerBox = buyerChat.getByRole('textbox', { name: 'Message' });
    await buyerBox.fill('Great, thank you.');
    await buyerBox.press('Enter');
    await expect(sellerChat.getByRole('log').getByText('Great, thank you.')).toBeVisible();
    await expect(buyerChat.getByRole('log').getByText('Great, thank you.')).toHaveCount(1);

    // The seller accepts the quotation: the business action reaches the buyer live.
    await sellerChat.getByRole('button', { name: 'Accept quotation' }).click();
    await expect(page.getByText('Quotation accepted.')).toBeVisible();
    await expect(buyerChat.getByRole('log').getByText(/^Quotation accepted/)).toBeVisible();

    // The seller replies with an image (uploaded over HTTP, then referenced by the message).
    await sellerChat
      .getByLabel('Attach image')
      .setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Image uploaded')).toBeVisible();
    await sellerBox.fill('The drawing.');
    await sellerBox.press('Enter');
    await expect(buyerChat.getByRole('log').getByText('The drawing.')).toBeVisible();
    const image = buyerChat.getByRole('log').locator('img').first();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(buyerChat.getByText('Online', { exact: true })).toBeVisible();
    await expect(sellerChat.getByText('Online', { exact: true })).toBeVisible();
  } finally {
    await buyerContext.close();
  }
});
