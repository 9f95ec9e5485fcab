import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, waitForApp } from './fixtures';
import { buyerContext } from './order-helpers';

/**
 * Negotiating an invoice (decisions 271, 272, 289), seller and buyer in two browser contexts: the seller issues an invoice,
 * withdraws it (the thread shows the withdrawal) and issues version 2 from it; the buyer sees what changed and
 * rejects version 2 with a counter-offer; the seller sees the offer in the conversation and issues version 3 from it
 * in one step; the buyer accepts the latest version and reaches the checkout of its order.
 */

/** The conversation's newest invoice as the buyer's API reads it. */
async function newestInvoice(api: APIRequestContext, chatId: string) {
  const list = await api.get(`/api/v1/chats/${chatId}/invoices`, { headers: { role: 'buyer' } });
  expect(list.ok(), await list.text()).toBe(true);
  const { items } = (await list.json()) as {
    items: Array<{ token: string; version: number; createdAt: string }>;
  };
  return items.reduce((a, b) => (b.version > a.version ? b : a));
}

async function openInvoice(page: Page, token: string) {
  await page.goto(`/invoice/${token}`);
  await waitForApp(page);
}

test('the seller withdraws, revises and answers a counter-offer; the buyer accepts the latest version', async ({
  seller,
  buyerAccount,
  page,
  browser,
}) => {
  const context = await buyerContext(browser, buyerAccount);
  try {
    const buyerApi = context.request;
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

    // Version 1, issued from the conversation.
    await page.goto(`/seller-centre/inbox/${chatId}`);
    await waitForApp(page);
    const sellerChat = page.getByRole('region', { name: /Conversation with/ });
    await sellerChat.getByRole('button', { name: 'Issue invoice' }).click();
    const first = page.getByRole('dialog', { name: 'Issue invoice' });
    await first.getByLabel(/Negotiated price/).fill('1000');
    await first.getByLabel(/Shipping/).fill('50');
    await first.getByRole('button', { name: 'Issue invoice' }).click();
    await expect(first).toBeHidden();
    await expect(sellerChat.getByText('Version 1', { exact: true })).toBeVisible();

    // Withdrawn after a confirmation: the thread shows the withdrawal, and version 2 can follow.
    await sellerChat.getByRole('button', { name: 'Withdraw invoice' }).click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw version 1?' });
    await confirm.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(sellerChat.locator('[data-business-action="invoice_withdrawn"]')).toBeVisible();
    await sellerChat.getByRole('button', { name: 'Issue version 2' }).click();
    const second = page.getByRole('dialog', { name: 'Issue version 2' });
    await expect(second.getByLabel(/Negotiated price/)).toHaveValue('1000.00');
    await second.getByLabel(/Negotiated price/).fill('900');
    await second.getByRole('button', { name: 'Issue version 2' }).click();
    await expect(second).toBeHidden();
    await expect(sellerChat.getByText('Version 2', { exact: true })).toBeVisible();

    // The buyer sees what version 2 changed and rejects it with a counter-offer.
    const buyerPage = await context.newPage();
    const v2 = await newestInvoice(buyerApi, chatId);
    expect(v2.version).toBe(2);
    await openInvoice(buyerPage, v2.token);
    const changes = buyerPage.getByRole('region', { name: 'What changed since version 1' });
    await expect(changes.getByText('$1,000.00 → $900.00')).toBeVisible();
    await buyerPage.getByRole('button', { name: 'Reject', exact: true }).click();
    const reject = buyerPage.getByRole('dialog', { name: 'Reject this invoice?' });
    await reject.getByLabel(/Reason for rejecting/).fill('Still above our budget.');
    await reject.getByLabel(/Price you would pay/).fill('850');
    await reject.getByLabel(/^Quantity/).fill('400');
    await reject.getByLabel(/^Delivery date/).fill('2099-01-10');
    await reject.getByRole('button', { name: 'Reject invoice' }).click();
    await expect(buyerPage.getByText('Invoice rejected.')).toBeVisible();

    // The seller sees the offer live in the conversation and turns it into version 3 in one step.
    const offer = sellerChat.getByRole('group', { name: 'The buyer’s counter-offer on version 2' });
    await expect(offer.getByText('$850.00')).toBeVisible();
    await expect(offer.getByText('400', { exact: true })).toBeVisible();
    await sellerChat.getByRole('button', { name: 'Issue invoice from counter-offer' }).click();
    const third = page.getByRole('dialog', { name: 'Issue version 3' });
    await expect(third.getByLabel(/Negotiated price/)).toHaveValue('850.00');
    await expect(third.getByLabel(/Quantity/)).toHaveValue('400');
    await expect(third.getByLabel(/Delivery deadline/)).toHaveValue('2099-01-10');
    await third.getByRole('button', { name: 'Issue version 3' }).click();
    await expect(third).toBeHidden();
    await expect(sellerChat.getByText('Version 3', { exact: true })).toBeVisible();

    // The buyer accepts the latest version: addresses, signature, then the order's checkout.
    const v3 = await newestInvoice(buyerApi, chatId);
    expect(v3.version).toBe(3);
    await openInvoice(buyerPage, v3.token);
    await buyerPage.getByRole('button', { name: 'Accept', exact: true }).click();
    const accept = buyerPage.getByRole('dialog', { name: 'Accept this invoice?' });
    await accept.getByRole('button', { name: 'Continue' }).click();
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
    await expect(sellerChat.locator('[data-business-action="invoice_accepted"]')).toBeVisible();
  } finally {
    await context.close();
  }
});
