import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, waitForApp } from './fixtures';

/**
 * Issue 4 end to end: landing → search with a typo → filter by province and verified → product → like asks to
 * log in → log in (a buyer account made for this test, deleted after it) → like → the wishlist shows the product.
 */
type Dict = Record<string, unknown>;
const locales = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const load = (ns: string) => JSON.parse(readFileSync(path.join(locales, 'en', `${ns}.json`), 'utf8')) as Dict;
const pick = (dict: Dict, key: string): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Dict)[part], dict);
  if (typeof value !== 'string') throw new Error(`missing text ${key}`);
  return value;
};
const L = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

const auth = load('auth');
const catalog = load('catalog');
const errors = load('errors');
const common = load('common');

test('catalogue journey: typo search, filters, product, like after login, wishlist', async ({
  page,
  buyerAccount,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await waitForApp(page);

  const search = page.getByRole('main').getByRole('combobox');
  await search.fill('alumnum extrusion');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=alumnum/);
  await expect(page.getByText(/Showing results for “aluminum extrusion”/)).toBeVisible();

  const results = page.getByTestId('listing-results');
  await page.getByLabel(pick(catalog, 'filters.state')).selectOption('ON');
  await expect(page).toHaveURL(/state=ON/);
  // The checkbox follows the URL, so it turns checked once the navigation lands.
  const verifiedOnly = page.getByLabel(new RegExp(pick(catalog, 'filters.verifiedOnly')));
  await verifiedOnly.click();
  await expect(page).toHaveURL(/isVerified=true/);
  await expect(verifiedOnly).toBeChecked();
  await expect(results).toHaveAttribute('aria-busy', 'false');

  const firstProduct = results.getByRole('listitem').getByRole('link').first();
  const name = (await firstProduct.textContent())?.trim() ?? '';
  expect(name).toMatch(/Aluminum Extrusion/);
  await firstProduct.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const like = page.getByRole('button', { name: `Add ${name} to wishlist` });
  await like.click();
  await expect(page.getByText(pick(errors, 'UNAUTHENTICATED')).first()).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(L(pick(auth, 'login.identifier'))).fill(buyerAccount.email);
  await dialog.getByLabel(L(pick(auth, 'fields.password'))).fill(buyerAccount.password);
  await dialog.getByRole('button', { name: pick(auth, 'login.submit'), exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await like.click();
  await expect(page.getByText(pick(catalog, 'like.added')).first()).toBeVisible();

  await page.goto('/wishlist');
  await waitForApp(page);
  await expect(page.getByRole('link', { name })).toBeVisible();
});

test('listing pages: next and previous move by cursor, the URL keeps the place, facet counts fill in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products?sort=newest');
  await waitForApp(page);
  const results = page.getByTestId('listing-results');
  const firstName = async () =>
    ((await results.getByRole('listitem').getByRole('link').first().textContent()) ?? '').trim();
  await expect(results.getByRole('listitem').first()).toBeVisible();
  const pageOneFirst = await firstName();
  // The filter panel's counts arrive from their own request: Ontario gets a count in parentheses.
  await expect(page.getByLabel(pick(catalog, 'filters.state')).locator('option[value="ON"]')).toHaveText(
    /\(~?[\d,]+\)$/,
  );

  const pages = page.getByRole('navigation', { name: pick(common, 'pagination.label') });
  await pages.getByRole('button', { name: pick(common, 'pagination.next') }).click();
  await expect(page).toHaveURL(/[?&]page=2&cursor=[\w-]+/);
  await expect(pages).toContainText(/Page 2 of/);
  await expect(results).toHaveAttribute('aria-busy', 'false');
  expect(await firstName()).not.toBe(pageOneFirst);

  await pages.getByRole('button', { name: pick(common, 'pagination.previous') }).click();
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(pages).toContainText(/Page 1 of/);
  await expect(results).toHaveAttribute('aria-busy', 'false');
  expect(await firstName()).toBe(pageOneFirst);
});

test('a first screen comes with its data; moving on inside the app asks the server again', async ({
  page,
}) => {
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/') && !url.pathname.startsWith('/api/v1/media/'))
      apiRequests.push(`${url.pathname}${url.search}`);
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products');
  await waitForApp(page);
  const results = page.getByTestId('listing-results');
  await expect(results.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByLabel(pick(catalog, 'filters.state')).locator('option[value="ON"]')).toHaveText(
    /\(~?[\d,]+\)$/,
  );
  // Listing, facet counts and categories were in the page (decision 044): none of them was requested.
  expect(apiRequests.filter((url) => /^\/api\/v1\/(product\?|product\/facets|category\?)/.test(url))).toEqual(
    [],
  );

  const pages = page.getByRole('navigation', { name: pick(common, 'pagination.label') });
  await pages.getByRole('button', { name: pick(common, 'pagination.next') }).click();
  await expect(page).toHaveURL(/[?&]page=2&cursor=[\w-]+/);
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => apiRequests.some((url) => /^\/api\/v1\/product\?.*cursor=/.test(url))).toBe(true);
});

test('a seller page and a blog post come with their data, including what their first answer names', async ({
  page,
  request,
}) => {
  const apiRequests: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/v1/') && !url.pathname.startsWith('/api/v1/media/'))
      apiRequests.push(`${url.pathname}${url.search}`);
  });
  const firstSlug = async (list: string) =>
    ((await (await request.get(`/api/v1/${list}?pageSize=1`)).json()) as { items: { slug: string }[] })
      .items[0]!.slug;
  // Decision 205: the seller (by slug), then its products by the seller's id, their facets and the categories.
  await page.goto(`/seller/${await firstSlug('seller')}`);
  await waitForApp(page);
  await expect(page.getByTestId('listing-results').getByRole('listitem').first()).toBeVisible();
  expect(
    apiRequests
      .filter((url) => /^\/api\/v1\/(seller\/|product\?|product\/facets|category\?)/.test(url))
      // The storefront's reply time is asked after the page, beside its header (decision 268).
      .filter((url) => !/^\/api\/v1\/seller\/\d+\/response-time$/.test(url)),
  ).toEqual([]);
  // The post, then its related posts by the post's category.
  apiRequests.length = 0;
  await page.goto(`/blog/${await firstSlug('blogs')}`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#related-posts')).toBeVisible();
  expect(apiRequests.filter((url) => /^\/api\/v1\/blogs[/?]/.test(url))).toEqual([]);
});
