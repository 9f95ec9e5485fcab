import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import type { InquiryResponse, MessagesResponse } from '@maplesource/contracts';
import { expect, ok, type TestAccount } from './fixtures';

/** Chat steps shared by the chat specs. The inquiry form itself is exercised by chat.spec.ts. */

const buyerHeaders = { role: 'buyer' };

/** Logs `account` in on `context` (its pages and its `request` then share the session cookie). */
export async function logIn(context: BrowserContext, account: Pick<TestAccount, 'email' | 'password'>) {
  await ok(
    await context.request.post('/api/v1/auth/login', {
      headers: buyerHeaders,
      data: { email: account.email, password: account.password },
    }),
    `log in as ${account.email}`,
  );
}

/** The buyer's inquiry about a product, through the API (`POST quotation`): the conversation it opens. */
export async function sendInquiryThroughApi(api: APIRequestContext, productId: string): Promise<string> {
  const { chatId } = await ok<InquiryResponse>(
    await api.post('/api/v1/quotation', {
      headers: { ...buyerHeaders, 'Idempotency-Key': randomUUID() },
      data: {
        productId: Number(productId),
        quantity: 200,
        minPrice: 4,
        maxPrice: 9,
        deadline: '2099-01-15',
        deliveryProvince: 'ON',
        deliveryPostalCode: 'K1A 0B1',
        message: 'Powder-coated, please.',
      },
    }),
    'send the inquiry',
  );
  return chatId;
}

/** Every stored message of a conversation, as the server holds them (ascending `seq`). */
export async function storedMessages(api: APIRequestContext, chatId: string) {
  const items: MessagesResponse['items'] = [];
  for (let afterSeq = 0; ;) {
    const page = await ok<MessagesResponse>(
      await api.get(`/api/v1/messages?chatId=${chatId}&afterSeq=${afterSeq}&limit=100`, {
        headers: buyerHeaders,
      }),
      'read the messages',
    );
    items.push(...page.items);
    const last = page.items.at(-1);
    if (!page.hasMore || !last) return items;
    afterSeq = last.seq;
  }
}

/** The buyer's conversation, opened in the inbox modal from a link (as the offline e-mail's link does). */
export async function openBuyerConversation(page: Page, chatId: string): Promise<Locator> {
  await page.goto(`/?inbox=chats&chatId=${chatId}`);
  const conversation = page
    .getByRole('dialog', { name: 'Inbox' })
    .getByRole('region', { name: /Conversation with/ });
  await expect(conversation).toBeVisible();
  return conversation;
}

/** The seller's conversation screen in the seller centre. */
export async function openSellerConversation(page: Page, chatId: string): Promise<Locator> {
  await page.goto(`/seller-centre/inbox/${chatId}`);
  const conversation = page.getByRole('region', { name: /Conversation with/ });
  await expect(conversation).toBeVisible();
  return conversation;
}

/** Types `text` in the conversation's message box and presses Enter (does not wait for the ack). */
export async function say(conversation: Locator, text: string) {
  const box = conversation.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** The texts of the conversation's message bubbles that are among `texts`, in the order shown. */
export async function shownMessages(conversation: Locator, texts: readonly string[]): Promise<string[]> {
  const shown = await conversation.getByRole('log').locator('p').allTextContents();
  return shown.filter((text) => texts.includes(text));
}

/** Waits until the conversation's connection is up (the status line says so to screen readers). */
export async function expectConnected(conversation: Locator) {
  await expect(conversation.getByText('Connected', { exact: true })).toBeAttached();
}

/** Waits until the conversation is connected again (after a server went away), pressing Reconnect if the client gave up. */
export async function expectReconnected(conversation: Locator) {
  const reconnect = conversation.getByRole('button', { name: 'Reconnect' });
  const connected = conversation.getByText('Connected', { exact: true });
  await expect
    .poll(async () => {
      if ((await connected.count()) > 0) return 'connected';
      if (await reconnect.isVisible()) await reconnect.click();
      return 'not yet';
    })
    .toBe('connected');
}
