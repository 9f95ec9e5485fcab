import { request } from '@playwright/test';
import { deleteAccount, signUpThroughApi, test, expect, waitForApp } from './fixtures';

/** The account fixtures themselves: each test gets its own logged-in user (and storefront), deleted after it. */
test('the buyer fixture is a fresh account the page is logged in as', async ({ page, buyer }) => {
  await page.goto('/profile');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: buyer.fullName })).toBeVisible();
});

test('the seller fixture owns a storefront with a product that the public pages show', async ({
  page,
  seller,
}) => {
  const { seller: storefront, product } = seller.storefront;
  await page.goto(`/seller/${storefront.slug}`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: storefront.name })).toBeVisible();
  await page.goto(`/productdetails/${product.slug}`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const session = await page.request.get('/api/v1/auth/verify-tokens');
  expect(session.ok()).toBe(true);
  expect((await session.json()).user).toMatchObject({ id: seller.id, roles: ['buyer', 'seller'] });
});

test('the clean-up the fixtures run deletes the account: it can no longer log in', async ({ baseURL }) => {
  const api = await request.newContext({ baseURL });
  try {
    const account = await signUpThroughApi(api, 'cleanup');
    await deleteAccount(baseURL!, account);
    const login = await api.post('/api/v1/auth/login', {
      headers: { role: 'buyer' },
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(401);
    expect((await api.get('/api/v1/profile')).status()).toBe(401);
  } finally {
    await api.dispose();
  }
});
