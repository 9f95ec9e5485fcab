import { chromium, request, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { test, expect, collectConsoleErrors, ok } from './fixtures';
import { chromiumArgs } from './playwright.config';
import {
  expectConnected,
  logIn,
  openBuyerConversation,
  openSellerConversation,
  say,
  sendInquiryThroughApi,
  shownMessages,
  storedMessages,
} from './chat-helpers';

/**
 * Decisions 243 and 244 in a real browser. The e2e server's PUBLIC_URL is http://localhost:<port>; a buyer who
 * types http://127.0.0.1:<port> instead chats live with a seller on localhost. And when the socket cannot
 * connect at all (a name for this machine that is not one of the site's origins, whose WebSocket handshake the
 * server refuses, on a network that lets no polling request through), the chat says why and the conversation
 * still goes both ways over plain HTTP.
 */

/** The e2e server under another host name: `localhost` → `host`, same scheme and port. */
function atHost(baseURL: string, host: string): string {
  const url = new URL(baseURL);
  url.hostname = host;
  return url.origin;
}

test('the app opened at 127.0.0.1 and at localhost chats live both ways', async ({
  seller,
  buyerAccount,
  page,
  browser,
  baseURL,
}) => {
  const loopback = atHost(baseURL!, '127.0.0.1');
  const buyerContext = await browser.newContext({ baseURL: loopback });
  try {
    await logIn(buyerContext, buyerAccount);
    const chatId = await sendInquiryThroughApi(buyerContext.request, seller.storefront.product.id);
    const buyerPage = await buyerContext.newPage();
    const buyerErrors = collectConsoleErrors(buyerPage);
    const buyerChat = await openBuyerConversation(buyerPage, chatId);
    expect(new URL(buyerPage.url()).origin).toBe(loopback);
    const sellerChat = await openSellerConversation(page, chatId);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expectConnected(buyerChat);
    await expectConnected(sellerChat);

    const texts = ['Hello from 127.0.0.1', 'Hello from localhost'];
    await say(buyerChat, texts[0]!);
    await expect(sellerChat.getByRole('log').getByText(texts[0]!)).toBeVisible();
    await say(sellerChat, texts[1]!);
    await expect(buyerChat.getByRole('log').getByText(texts[1]!)).toBeVisible();
    // The seller's message is seen on 127.0.0.1: the buyer's socket told the server.
    await expect(sellerChat.getByRole('log').getByText('Seen', { exact: true })).toBeVisible();
    await expect(buyerChat.getByRole('log').getByText(/^(Failed to send|Sending)$/)).toHaveCount(0);

    // Loaded again, the page shows the conversation as stored.
    const reloaded = await openBuyerConversation(buyerPage, chatId);
    await expect.poll(() => shownMessages(reloaded, texts)).toEqual(texts);
    expect(buyerErrors, 'console errors on the 127.0.0.1 page').toEqual([]);
  } finally {
    await buyerContext.close();
  }
});

test('when the socket cannot connect, the chat says why and still sends and receives over HTTP', async ({
  seller,
  buyerAccount,
  page,
  baseURL,
}) => {
  // A name that reaches the e2e server but is none of the site's origins: the server serves the page (outside
  // production nothing is redirected) and refuses its socket (decision 074).
  const alias = 'maplesource-alias.test';
  const aliasBrowser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...chromiumArgs, `--host-resolver-rules=MAP ${alias} 127.0.0.1`],
  });
  let buyerContext: BrowserContext | undefined;
  // The test runner does not resolve the alias: the buyer's API calls of the test itself go to localhost.
  let buyerApi: APIRequestContext | undefined;
  try {
    buyerApi = await request.newContext({ baseURL: baseURL! });
    await ok(
      await buyerApi.post('/api/v1/auth/login', {
        headers: { role: 'buyer' },
        data: { email: buyerAccount.email, password: buyerAccount.password },
      }),
      'log the buyer in on localhost',
    );
    const chatId = await sendInquiryThroughApi(buyerApi, seller.storefront.product.id);
    buyerContext = await aliasBrowser.newContext({
      baseURL: atHost(baseURL!, alias),
      locale: 'en-CA',
      timezoneId: 'America/Toronto',
    });
    // The WebSocket handshake from this origin is refused by the server; polling is cut off here, as by a
    // network that lets only plain HTTP requests through.
    await buyerContext.route(/\/socket\.io\//, (route) => route.abort());
    const buyerPage = await buyerContext.newPage();
    // Logged in by the page itself, so the session cookie is the alias host's.
    await buyerPage.goto('/');
    const status = await buyerPage.evaluate(
      async (account) => {
        const answer = await fetch('/api/v1/auth/login', {
          method: 'POST',
          headers: { role: 'buyer', 'content-type': 'application/json' },
          body: JSON.stringify(account),
        });
        return answer.status;
      },
      { email: buyerAccount.email, password: buyerAccount.password },
    );
    expect(status).toBe(200);
    const buyerChat = await openBuyerConversation(buyerPage, chatId);
    const sellerChat = await openSellerConversation(page, chatId);
    await expectConnected(sellerChat);

    await expect(buyerChat.getByText(/The live connection could not be opened/)).toBeVisible();
    await expect(buyerChat.getByText(/Your messages are still sent/)).toBeVisible();
    await expect(buyerChat.getByText('Connected', { exact: true })).toHaveCount(0);

    const texts = ['Sent over HTTP', 'Fetched over HTTP'];
    await say(buyerChat, texts[0]!);
    // Stored at once, and live for the seller, whose socket works.
    await expect(buyerChat.getByRole('log').getByText('Sent', { exact: true })).toBeVisible();
    await expect(sellerChat.getByRole('log').getByText(texts[0]!)).toBeVisible();
    await say(sellerChat, texts[1]!);
    // The buyer's conversation asks for new messages every few seconds.
    await expect(buyerChat.getByRole('log').getByText(texts[1]!)).toBeVisible();
    // …and tells the server it has seen them.
    await expect(sellerChat.getByRole('log').getByText('Seen', { exact: true })).toBeVisible();
    await expect(buyerChat.getByRole('log').getByText(/^(Failed to send|Sending)$/)).toHaveCount(0);

    const stored = (await storedMessages(buyerApi, chatId)).map((message) => message.text);
    expect(stored.filter((text) => texts.includes(text))).toEqual(texts);
    const reloaded = await openBuyerConversation(buyerPage, chatId);
    await expect.poll(() => shownMessages(reloaded, texts)).toEqual(texts);
  } finally {
    await buyerContext?.close();
    await buyerApi?.dispose();
    await aliasBrowser.close();
  }
});
