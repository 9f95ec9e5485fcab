import type { Page } from '@playwright/test';
import { test, expect, collectConsoleErrors, seriousAccessibilityViolations } from './fixtures';
import { logIn, say, sendInquiryThroughApi } from './chat-helpers';

/**
 * Issue 11: the chat is usable with a screen reader and on a 320 px phone, in English and in French — the buyer's
 * inbox modal (both tabs, the open conversation) and the seller's conversation screen pass axe (no serious or
 * critical violation) and nothing is wider than the screen.
 */
const languages = {
  en: {
    prefix: '',
    inbox: 'Inbox',
    conversation: /^Conversation with/,
    notifications: 'Notifications',
    connected: 'Connected',
    message: 'Hello from a small phone',
  },
  fr: {
    prefix: '/fr',
    inbox: 'Boîte de réception',
    conversation: /^Conversation avec/,
    notifications: 'Notifications',
    connected: 'Connecté',
    message: 'Bonjour depuis un petit téléphone',
  },
} as const;

async function expectNothingWiderThanTheScreen(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'page width at 320 px').toBeLessThanOrEqual(320);
}

for (const [language, text] of Object.entries(languages)) {
  test(`the inbox modal and the conversation screens at 320 px pass axe (${language})`, async ({
    seller,
    buyerAccount,
    page,
    browser,
  }) => {
    const buyerContext = await browser.newContext({ viewport: { width: 320, height: 720 } });
    try {
      await logIn(buyerContext, buyerAccount);
      const chatId = await sendInquiryThroughApi(buyerContext.request, seller.storefront.product.id);
      const buyerPage = await buyerContext.newPage();
      const buyerErrors = collectConsoleErrors(buyerPage);

      // The buyer's inbox modal, on the conversation.
      await buyerPage.goto(`${text.prefix || '/'}?inbox=chats&chatId=${chatId}`);
      await expect(buyerPage.locator('html')).toHaveAttribute('lang', language);
      const inbox = buyerPage.getByRole('dialog', { name: text.inbox });
      const buyerChat = inbox.getByRole('region', { name: text.conversation });
      await expect(buyerChat.getByText(text.connected, { exact: true })).toBeAttached();
      await say(buyerChat, text.message);
      await expect(buyerChat.getByRole('log').getByText(text.message)).toBeVisible();
      expect(await seriousAccessibilityViolations(buyerPage)).toEqual([]);
      await expectNothingWiderThanTheScreen(buyerPage);

      // The Notifications tab.
      await inbox.getByRole('tab', { name: text.notifications }).click();
      await expect(inbox.getByRole('tabpanel')).toBeVisible();
      expect(await seriousAccessibilityViolations(buyerPage)).toEqual([]);
      await expectNothingWiderThanTheScreen(buyerPage);

      // The seller's conversation screen.
      await page.setViewportSize({ width: 320, height: 720 });
      await page.goto(`${text.prefix}/seller-centre/inbox/${chatId}`);
      const sellerChat = page.getByRole('region', { name: text.conversation });
      await expect(sellerChat.getByRole('log').getByText(text.message)).toBeVisible();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await expectNothingWiderThanTheScreen(page);
      expect(buyerErrors, 'console errors on the buyer’s page').toEqual([]);
    } finally {
      await buyerContext.close();
    }
  });
}
