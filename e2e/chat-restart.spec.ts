import { test, expect, collectConsoleErrors } from './fixtures';
import { baseURL as sharedBaseURL } from './playwright.config';
import { ServerProcess } from './server-process';
import {
  expectConnected,
  expectReconnected,
  logIn,
  openBuyerConversation,
  openSellerConversation,
  say,
  sendInquiryThroughApi,
  shownMessages,
  storedMessages,
} from './chat-helpers';

/**
 * Issue 11: the server dies (SIGKILL) in the middle of a conversation and starts again on the same data; no
 * message a user sent is lost or shown twice, both sides show the same order, and statuses reach "Seen".
 *
 * Playwright's `webServer` cannot be restarted, so this spec runs a server of its own (decision 120): the built
 * server with the shared e2e environment, on the port after the shared one and a fresh data directory, with a
 * demo catalogue of 50 products instead of 20,000 (SEED_PRODUCTS: the full seed would triple the start).
 */
const ownPort = Number(process.env.E2E_RESTART_PORT ?? Number(new URL(sharedBaseURL).port) + 1);
// Its log at `info` (startup steps, timings) is attached to a failed test.
const server = new ServerProcess(ownPort, { SEED_PRODUCTS: '50', LOG_LEVEL: 'info' });

test.use({
  baseURL: server.baseURL,
  // While the server is down, the browser logs every refused connection (socket reconnects, HTTP refreshes).
  toleratedConsoleErrors: /net::(ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE)/,
});
test.beforeAll(async () => server.start());
// eslint-disable-next-line no-empty-pattern -- Playwright wants the (unused) fixtures argument destructured
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('restarted server output', {
      body: server.recentOutput,
      contentType: 'text/plain',
    });
  }
});
test.afterAll(async () => server.dispose());

test('a server killed mid-conversation and restarted loses and duplicates no message', async ({
  seller,
  buyerAccount,
  page,
  browser,
  toleratedConsoleErrors,
}) => {
  const buyerContext = await browser.newContext();
  try {
    await logIn(buyerContext, buyerAccount);
    const chatId = await sendInquiryThroughApi(buyerContext.request, seller.storefront.product.id);
    const buyerPage = await buyerContext.newPage();
    const buyerErrors = collectConsoleErrors(buyerPage, toleratedConsoleErrors);
    const buyerChat = await openBuyerConversation(buyerPage, chatId);
    const sellerChat = await openSellerConversation(page, chatId);
    await expectConnected(buyerChat);
    await expectConnected(sellerChat);

    const [b1, b2, b3, b4] = ['b1 before', 'b2 in flight', 'b3 in flight', 'b4 while down'];
    const [s1, s2] = ['s1 before', 's2 while down'];
    const everything = [b1, s1, b2, b3, b4, s2];

    // A conversation under way.
    await say(buyerChat, b1);
    await expect(sellerChat.getByRole('log').getByText(b1)).toBeVisible();
    await say(sellerChat, s1);
    await expect(buyerChat.getByRole('log').getByText(s1)).toBeVisible();

    // Two messages leave the buyer; the server dies before, while or after storing them (whichever comes).
    await say(buyerChat, b2);
    await say(buyerChat, b3);
    await server.kill();

    // While it is down, both sides see the connection is lost, and what they send waits as "failed".
    for (const conversation of [buyerChat, sellerChat]) {
      await expect(conversation.getByText(/^(Connecting…|Connection lost)/)).toBeVisible();
    }
    await say(buyerChat, b4);
    await say(sellerChat, s2);
    await expect(buyerChat.getByRole('log').getByText(b4)).toBeVisible();
    await expect(buyerChat.getByRole('log').getByText('Failed to send').first()).toBeAttached();
    await expect(sellerChat.getByRole('log').getByText('Failed to send')).toBeAttached();

    // The same server, on the same data, starts again; both clients reconnect by themselves (or on Reconnect).
    await server.start();
    await expectReconnected(buyerChat);
    await expectReconnected(sellerChat);

    // Each side ends with every message exactly once, nothing left unsent, my messages "Seen".
    const sorted = [...everything].sort();
    for (const [conversation, own] of [
      [buyerChat, 4],
      [sellerChat, 2],
    ] as const) {
      await expect.poll(async () => (await shownMessages(conversation, everything)).sort()).toEqual(sorted);
      const log = conversation.getByRole('log');
      await expect(log.getByText(/^(Failed to send|Sending)$/)).toHaveCount(0);
      await expect(log.getByText('Seen', { exact: true })).toHaveCount(own);
    }

    // In order: each side's messages in the order typed, after what they answered (b1, then s1; the rest may
    // interleave, as the in-flight messages were not acknowledged), the same on both sides and on the server.
    const buyerOrder = await shownMessages(buyerChat, everything);
    expect(buyerOrder.slice(0, 2)).toEqual([b1, s1]);
    expect(buyerOrder.filter((text) => text.startsWith('b'))).toEqual([b1, b2, b3, b4]);
    expect(buyerOrder.filter((text) => text.startsWith('s'))).toEqual([s1, s2]);
    expect(await shownMessages(sellerChat, everything)).toEqual(buyerOrder);
    const stored = (await storedMessages(buyerContext.request, chatId))
      .map((message) => message.text)
      .filter((text) => everything.includes(text));
    expect(stored).toEqual(buyerOrder);
    expect(buyerErrors, 'console errors on the buyer’s page').toEqual([]);
  } finally {
    await buyerContext.close();
  }
});
