import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import type { DevStorefrontResponse } from '@maplesource/contracts';
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
