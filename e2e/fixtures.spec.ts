import { test, expect, waitForApp } from './fixtures';

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
