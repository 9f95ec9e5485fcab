import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import type { DevStorefrontResponse, Rfq, RfqCreateRequest, RfqQuoteRequest } from '@maplesource/contracts';
import { deleteAccount, ok, signUpThroughApi, type TestSeller } from './fixtures';

/** Request-for-quotes steps shared by the rfq specs. */

/** A field's label, with or without the required-field star. */
export const L = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

/** A day two weeks ahead in the browser's zone (YYYY-MM-DD), as the date fields take it. */
export const inTwoWeeks = () => {
  const day = new Date(Date.now() + 14 * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

/** Verifies the account's e-mail with the link the sandbox outbox holds (what the user would click). */
export async function verifyEmail(api: APIRequestContext, email: string) {
  await ok(
    await api.post('/api/v1/auth/email-verification-link', { headers: { role: 'buyer' }, data: { email } }),
    'ask for the verification link',
  );
  const outbox = await ok<{ messages: { link?: string }[] }>(
    await api.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`),
    'outbox',
  );
  const link = outbox.messages.map((m) => m.link).find((l) => l?.includes('/verify-email'));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no verification link in the outbox for ${email}`);
  await ok(
    await api.post('/api/v1/auth/verify-email', { headers: { role: 'buyer' }, data: { token } }),
    'verify the e-mail',
  );
}

/**
 * Another seller than the `seller` fixture's, in a browser context of its own: a fresh account with a dev storefront
 * (decision 077) and its product, in the top product category `category` (a slug) when given, which the storefront
 * then serves Ontario in (decision 326). `close()` closes the context and deletes the storefront and the account.
 */
export async function sellerInContext(
  browser: Browser,
  baseURL: string,
  label: string,
  category?: string,
): Promise<{ seller: TestSeller; context: BrowserContext; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const account = await signUpThroughApi(context.request, label);
  let storefront: DevStorefrontResponse;
  try {
    storefront = await ok<DevStorefrontResponse>(
      await context.request.post('/api/v1/dev/storefront', {
        headers: { role: 'buyer' },
        ...(category ? { params: { category } } : {}),
      }),
      `create ${label}'s storefront`,
    );
  } catch (error) {
    await context.close();
    await deleteAccount(baseURL, account);
    throw error;
  }
  return {
    seller: { ...account, storefront },
    context,
    close: async () => {
      await context.close();
      await deleteAccount(baseURL, account, storefront.seller.slug);
    },
  };
}

/**
 * Set-up through the API the request screens call, for tests whose subject is a later step (decision 331); the
 * screens themselves are walked in rfq.spec.ts and rfq-journeys.spec.ts.
 */

/** The id of the top category a storefront product is in (what the request form's Category offers). */
export async function categoryIdOf(api: APIRequestContext, productSlug: string): Promise<number> {
  const product = await ok<{ category: { id: string } }>(
    await api.get(`/api/v1/product/${productSlug}`, { headers: { role: 'buyer' } }),
    'a storefront product',
  );
  return Number(product.category.id);
}

/** The buyer's request naming `storefrontIds` (`POST rfqs`, answers in two weeks, delivered in Ontario). */
export async function sendRfqThroughApi(
  buyerApi: APIRequestContext,
  request: Pick<RfqCreateRequest, 'title' | 'categoryId' | 'description' | 'quantity' | 'storefrontIds'> &
    Partial<RfqCreateRequest>,
): Promise<string> {
  const { rfq } = await ok<{ rfq: Rfq }>(
    await buyerApi.post('/api/v1/rfqs', {
      headers: { role: 'buyer', 'Idempotency-Key': randomUUID() },
      data: {
        deadline: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        deliveryProvince: 'ON',
        deliveryPostalCode: 'M5V 2T6',
        ...request,
      },
    }),
    'send the request',
  );
  return rfq.id;
}

/** A supplier's quote on a request (`POST seller/:sellerId/rfqs/:id/quotes`), valid for two weeks. */
export async function quoteThroughApi(
  sellerApi: APIRequestContext,
  sellerId: string,
  rfqId: string,
  quote: Pick<RfqQuoteRequest, 'unitPriceCents' | 'leadDays' | 'shippingCents'>,
) {
  await ok(
    await sellerApi.post(`/api/v1/seller/${sellerId}/rfqs/${rfqId}/quotes`, {
      headers: { role: 'seller' },
      data: { validUntil: inTwoWeeks(), ...quote },
    }),
    'send the quote',
  );
}

/** A supplier declines a request with a reason (`POST seller/:sellerId/rfqs/:id/decline`). */
export async function declineThroughApi(
  sellerApi: APIRequestContext,
  sellerId: string,
  rfqId: string,
  reason: string,
) {
  await ok(
    await sellerApi.post(`/api/v1/seller/${sellerId}/rfqs/${rfqId}/decline`, {
      headers: { role: 'seller' },
      data: { reason },
    }),
    'decline the request',
  );
}
