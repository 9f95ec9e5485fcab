import { request, type Locator, type Page } from '@playwright/test';
import type { Order } from '@maplesource/contracts';
import {
  test,
  expect,
  collectConsoleErrors,
  deleteAccount,
  signUpThroughApi,
  type TestAccount,
} from '../fixtures';
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
} from '../chat-helpers';
import { acceptedInvoice, payWith } from '../order-helpers';
import { cluster } from './cluster-process';

/**
 * The cluster (decision 295) through nginx, as its operators change it: two buyers and a seller chat — text and an
 * image — while each app node in turn is stopped with SIGTERM and started again (a rolling restart, the runbook in
 * docs/operations.md), then one is killed with SIGKILL. Every message appears exactly once and in the same order on
 * both sides and on the server, the clients reconnect by themselves, an invoice accepted and paid afterwards makes
 * one order with one payment, and no request answers 5xx except while the node is being killed (those counted).
 */

// While a node drains or is down, the browser logs refused and reset connections (sockets and requests), and the
// 5xx nginx answers while a killed node is still in its upstream list (each also counted below).
test.use({
  toleratedConsoleErrors:
    /net::ERR_|WebSocket connection to .* failed|status of 50[234]|Failed to load resource: the server responded with a status of 5/,
});

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

// The global setup did not start a cluster (no nginx, PostgreSQL or Redis here): it says why.
test.skip(!!process.env.E2E_CLUSTER_SKIP, process.env.E2E_CLUSTER_SKIP);

type OrderResponse = { order: Order };
type Side = { conversation: Locator; said: string[] };

test('a rolling restart and a killed node lose, duplicate and reorder no message; one invoice, one order, one payment', async ({
  seller,
  buyerAccount,
  page,
  browser,
  toleratedConsoleErrors,
}) => {
  // The second buyer, made and deleted here (the fixtures make one of each).
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const secondBuyer: TestAccount = await signUpThroughApi(api, 'buyer').finally(() => api.dispose());
  const contexts = [await browser.newContext(), await browser.newContext()];
  // Every 5xx any page received, with when: allowed only while a node is being killed.
  const serverErrors: { url: string; status: number; at: number }[] = [];
  const watch = (watched: Page) =>
    watched.on('response', (response) => {
      if (response.status() >= 500)
        serverErrors.push({ url: response.url(), status: response.status(), at: Date.now() });
    });
  try {
    const [firstContext, secondContext] = contexts as [(typeof contexts)[0], (typeof contexts)[0]];
    await logIn(firstContext, buyerAccount);
    await logIn(secondContext, secondBuyer);
    const chats = [
      await sendInquiryThroughApi(firstContext.request, seller.storefront.product.id),
      await sendInquiryThroughApi(secondContext.request, seller.storefront.product.id),
    ] as const;

    // Each buyer on a page of their own; the seller with both conversations open, one per tab.
    const buyerPages = [await firstContext.newPage(), await secondContext.newPage()];
    const sellerPages = [page, await page.context().newPage()];
    const errors = [...buyerPages, sellerPages[1]!].map((each) =>
      collectConsoleErrors(each, toleratedConsoleErrors),
    );
    for (const each of [...buyerPages, ...sellerPages]) watch(each);
    const conversations: [Side, Side][] = [];
    for (const [index, chatId] of chats.entries()) {
      const buyerSide = await openBuyerConversation(buyerPages[index]!, chatId);
      const sellerSide = await openSellerConversation(sellerPages[index]!, chatId);
      await expectConnected(buyerSide);
      await expectConnected(sellerSide);
      conversations.push([
        { conversation: buyerSide, said: [] },
        { conversation: sellerSide, said: [] },
      ]);
    }
    const everySide = conversations.flat();

    /** One message from each side of each conversation, each text unique. */
    const round = async (label: string) => {
      for (const [index, sides] of conversations.entries())
        for (const [who, side] of sides.entries()) {
          const text = `${label} — ${who === 0 ? 'buyer' : 'seller'} ${index + 1}`;
          side.said.push(text);
          await say(side.conversation, text);
        }
    };
    const reconnected = async () => {
      for (const side of everySide) await expectReconnected(side.conversation);
    };

    await round('before');
    // The seller sends an image in the first conversation (stored in the cluster's S3 bucket).
    await conversations[0]![1].conversation
      .getByLabel('Attach image')
      .setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: png });
    await expect(sellerPages[0]!.getByText('Image uploaded')).toBeVisible();
    await say(conversations[0]![1].conversation, 'the drawing');
    conversations[0]![1].said.push('the drawing');

    // The rolling restart: each node in turn drains (SIGTERM) and starts again, while everyone keeps talking.
    for (const node of ['app-1', 'app-2', 'pay-1']) {
      const restarting = cluster('restart', node);
      await round(`while ${node} restarts`);
      await restarting;
      await reconnected();
      await round(`after ${node} restarted`);
    }

    // A crash: one node killed with SIGKILL, then started again.
    const killedAt = Date.now();
    const killing = cluster('restart', 'app-1', '--kill');
    await round('while app-1 is killed');
    await killing;
    const backAt = Date.now();
    await reconnected();
    await round('after the kill');

    // Each conversation: every message exactly once, in the same order on both sides and on the server, each
    // side's own messages in the order typed, nothing left failed or sending.
    for (const [index, [buyerSide, sellerSide]] of conversations.entries()) {
      const everything = [...buyerSide.said, ...sellerSide.said];
      for (const side of [buyerSide, sellerSide]) {
        await expect
          .poll(async () => (await shownMessages(side.conversation, everything)).sort())
          .toEqual([...everything].sort());
        await expect(side.conversation.getByRole('log').getByText(/^(Failed to send|Sending)$/)).toHaveCount(
          0,
        );
      }
      const shown = await shownMessages(buyerSide.conversation, everything);
      expect(shown.filter((text) => buyerSide.said.includes(text))).toEqual(buyerSide.said);
      expect(shown.filter((text) => sellerSide.said.includes(text))).toEqual(sellerSide.said);
      expect(await shownMessages(sellerSide.conversation, everything)).toEqual(shown);
      const stored = (await storedMessages(contexts[index]!.request, chats[index]!))
        .map((message) => message.text)
        .filter((text) => everything.includes(text));
      expect(stored).toEqual(shown);
    }
    const image = conversations[0]![0].conversation.getByRole('log').locator('img').first();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The first buyer accepts an invoice and pays it: one order, paid once.
    const orderId = await acceptedInvoice(seller, sellerPages[0]!, buyerPages[0]!);
    await payWith(buyerPages[0]!, '4242 4242 4242 4242');
    await expect(buyerPages[0]!.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    const orders = await firstContext.request.get('/api/v1/orders', { headers: { role: 'buyer' } });
    const list = (await orders.json()) as { total: number; items: { id: string }[] };
    expect(list.total).toBe(1);
    expect(list.items[0]!.id).toBe(orderId);
    const order = (await (
      await firstContext.request.get(`/api/v1/orders/${orderId}`, { headers: { role: 'buyer' } })
    ).json()) as OrderResponse;
    expect(order.order.payment.intentId).not.toBeNull();
    await expect
      .poll(async () => {
        const again = await firstContext.request.get(`/api/v1/orders/${orderId}`, {
          headers: { role: 'buyer' },
        });
        return ((await again.json()) as OrderResponse).order.payment.status;
      })
      .toBe('paid');

    // No 5xx but while the node was being killed (nginx's answer before it marks the node down; the client
    // retried them). Printed, as the figure of the run.
    const outside = serverErrors.filter((error) => error.at < killedAt || error.at > backAt + 2_000);
    expect(outside, 'requests answered 5xx outside the kill').toEqual([]);
    console.info(`cluster rolling restart: ${serverErrors.length} request(s) answered 5xx during the kill`);
    for (const list of errors) expect(list, 'console errors on the other pages').toEqual([]);
  } finally {
    for (const context of contexts) await context.close();
    await deleteAccount(test.info().project.use.baseURL!, secondBuyer);
  }
});
