import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { test, expect, collectConsoleErrors, seriousAccessibilityViolations } from './fixtures';
import { logIn, sendInquiryThroughApi } from './chat-helpers';

/**
 * The thread is the main area of a conversation (decision 270): at 1280×800 at least 8 one-line messages are
 * visible at once on the buyer's side (the inbox, a full-page dialog) and the seller's (the seller centre
 * inbox), the message box stays in view, and the screens pass axe in English and French. The thread's height
 * and the number of messages seen, at 1280×800 and 375×812, are attached to the report with a screenshot.
 */

const sizes = {
  wide: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;

const languages = {
  en: { prefix: '', conversation: /^Conversation with/, message: 'Message' },
  fr: { prefix: '/fr', conversation: /^Conversation avec/, message: 'Message' },
} as const;

/** Sends `text` over HTTP (decision 244), waiting out the message rate limit when it answers 429. */
async function send(api: APIRequestContext, chatId: string, text: string) {
  await expect(async () => {
    const response = await api.post('/api/v1/messages', {
      headers: { role: 'buyer', 'Idempotency-Key': randomUUID() },
      data: { chatId, clientMessageId: `space-${randomUUID()}`, text },
    });
    expect(response.status(), `send “${text}”`).toBeLessThan(300);
  }).toPass({ intervals: [500, 1000, 2000], timeout: 60_000 });
}

/** The thread's visible height and how many of its rows (messages and system rows) are wholly in view. */
async function measure(conversation: Locator) {
  return conversation.getByRole('log').evaluate((log) => {
    const box = log.getBoundingClientRect();
    const seen = Array.from(log.children).filter((row) => {
      const r = row.getBoundingClientRect();
      return r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    });
    return { height: Math.round(box.height), visibleMessages: seen.length };
  });
}

async function record(page: Page, conversation: Locator, testInfo: TestInfo, name: string) {
  const result = await measure(conversation);
  await expect(conversation.getByRole('textbox', { name: 'Message' })).toBeInViewport({ ratio: 1 });
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(`${name}.png`, { path, contentType: 'image/png' });
  await testInfo.attach(`${name}.json`, { body: JSON.stringify(result), contentType: 'application/json' });
  return result;
}

test('the thread gets the space on the buyer’s and the seller’s screens, wide and on a phone', async ({
  seller,
  buyerAccount,
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const buyerContext = await browser.newContext({ viewport: sizes.wide });
  try {
    await logIn(buyerContext, buyerAccount);
    const chatId = await sendInquiryThroughApi(buyerContext.request, seller.storefront.product.id);
    for (let n = 1; n <= 6; n++) {
      await send(buyerContext.request, chatId, `Buyer line ${n}`);
      await send(page.request, chatId, `Seller line ${n}`);
    }
    const buyerPage = await buyerContext.newPage();
    const buyerErrors = collectConsoleErrors(buyerPage);

    for (const [size, viewport] of Object.entries(sizes)) {
      await buyerPage.setViewportSize(viewport);
      await buyerPage.goto(`/?inbox=chats&chatId=${chatId}`);
      const buyerChat = buyerPage
        .getByRole('dialog', { name: 'Inbox' })
        .getByRole('region', { name: /^Conversation with/ });
      await expect(buyerChat.getByRole('log').getByText('Seller line 6')).toBeInViewport();
      const buyer = await record(buyerPage, buyerChat, testInfo, `buyer-${size}`);

      await page.setViewportSize(viewport);
      await page.goto(`/seller-centre/inbox/${chatId}`);
      const sellerChat = page.getByRole('region', { name: /^Conversation with/ });
      await expect(sellerChat.getByRole('log').getByText('Seller line 6')).toBeInViewport();
      const sellerSide = await record(page, sellerChat, testInfo, `seller-${size}`);

      if (size === 'wide') {
        expect(buyer.visibleMessages, 'one-line messages the buyer sees at 1280×800').toBeGreaterThanOrEqual(
          8,
        );
        expect(
          sellerSide.visibleMessages,
          'one-line messages the seller sees at 1280×800',
        ).toBeGreaterThanOrEqual(8);
      } else {
        expect(buyer.visibleMessages, 'messages the buyer sees at 375×812').toBeGreaterThanOrEqual(5);
        expect(sellerSide.visibleMessages, 'messages the seller sees at 375×812').toBeGreaterThanOrEqual(5);
      }
    }
    expect(buyerErrors, 'console errors on the buyer’s page').toEqual([]);
  } finally {
    await buyerContext.close();
  }
});

test('the details panel folds, is remembered for the user, and new messages wait behind a pill when scrolled up', async ({
  seller,
  buyerAccount,
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const buyerContext = await browser.newContext({ viewport: sizes.wide });
  try {
    await logIn(buyerContext, buyerAccount);
    const chatId = await sendInquiryThroughApi(buyerContext.request, seller.storefront.product.id);
    for (let n = 1; n <= 12; n++) await send(page.request, chatId, `Earlier line ${n}`);

    await page.setViewportSize(sizes.wide);
    await page.goto(`/seller-centre/inbox/${chatId}`);
    const chat = page.getByRole('region', { name: /^Conversation with/ });
    const details = chat.getByRole('complementary', { name: 'Quotation and invoice details' });
    await expect(details).toBeVisible();
    await chat.getByRole('button', { name: 'Hide details' }).click();
    await expect(details).toHaveCount(0);
    await page.reload();
    await expect(chat.getByRole('button', { name: 'Show details' })).toBeVisible();
    await expect(details).toHaveCount(0);

    // Scrolled up to the start: a new message does not pull the reader down; the pill brings them there.
    const log = chat.getByRole('log');
    await expect(log.getByText('Earlier line 12')).toBeInViewport();
    await log.evaluate((element) => element.scrollTo({ top: 0 }));
    await send(buyerContext.request, chatId, 'While you were reading');
    const pill = chat.getByRole('button', { name: /New messages/ });
    await expect(pill).toBeVisible();
    await expect(log.getByText('While you were reading')).not.toBeInViewport();
    await pill.click();
    await expect(log.getByText('While you were reading')).toBeInViewport();
    await expect(pill).toHaveCount(0);
  } finally {
    await buyerContext.close();
  }
});

for (const [language, text] of Object.entries(languages)) {
  test(`the conversation screens pass axe at 1280×800 and 375×812 (${language})`, async ({
    seller,
    buyerAccount,
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const buyerContext = await browser.newContext({ viewport: sizes.wide });
    try {
      await logIn(buyerContext, buyerAccount);
      const chatId = await sendInquiryThroughApi(buyerContext.request, seller.storefront.product.id);
      await send(buyerContext.request, chatId, 'Axe line');
      const buyerPage = await buyerContext.newPage();
      for (const viewport of Object.values(sizes)) {
        await buyerPage.setViewportSize(viewport);
        await buyerPage.goto(`${text.prefix || '/'}?inbox=chats&chatId=${chatId}`);
        const buyerChat = buyerPage.getByRole('region', { name: text.conversation });
        await expect(buyerChat.getByRole('log').getByText('Axe line')).toBeVisible();
        expect(await seriousAccessibilityViolations(buyerPage)).toEqual([]);

        await page.setViewportSize(viewport);
        await page.goto(`${text.prefix}/seller-centre/inbox/${chatId}`);
        const sellerChat = page.getByRole('region', { name: text.conversation });
        await expect(sellerChat.getByRole('log').getByText('Axe line')).toBeVisible();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
      }
    } finally {
      await buyerContext.close();
    }
  });
}
