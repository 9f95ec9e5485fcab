import { csvHeader, csvRow, png, uniqueWord } from './catalogue-helpers';
import { test, expect, waitForApp, collectConsoleErrors } from './fixtures';

/**
 * The seller centre's catalogue (decisions 287, 288), end to end: a seller adds a product with two images and
 * quantity price tiers and publishes it; imports a CSV whose bad row is reported by line and column, fixes it and
 * imports it (a job with its progress); a buyer in another browser finds the new product with the header search.
 */

const redPng = png([200, 20, 20]);
const bluePng = png([20, 20, 200]);

test('a seller adds a product with images and tiers, imports a CSV, and a buyer finds the product', async ({
  page,
  seller,
  browser,
  baseURL,
}) => {
  const word = uniqueWord();
  const productName = `Gate valve ${word}`;
  // 320 px wide: the list, the CSV panel and the form fit without horizontal scrolling.
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/seller-centre/products');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import from a CSV file' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByRole('link', { name: 'Add a product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await expect(page.getByLabel('Tier 1: unit price (CAD)')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel('SKU').fill(`GV-${word}`);
  await page.getByLabel('Subcategory').selectOption({ index: 1 });
  await page.getByLabel('Name (English)').fill(productName);
  await page.getByLabel('Name (French)').fill(`Robinet-vanne ${word}`);
  await page.getByLabel('Description (English)').fill('A forged brass gate valve.');
  await page.getByLabel(/^Unit\b/).fill('piece');
  await page.getByLabel('Minimum order quantity').fill('10');
  await page.getByLabel('Lead time (days)').fill('7');
  await page.getByLabel('Delivery (days)').fill('3');
  await page.getByLabel('Tier 1: from quantity').fill('10');
  await page.getByLabel('Tier 1: to quantity').fill('99');
  await page.getByLabel('Tier 1: unit price (CAD)').fill('25.00');
  await page.getByRole('button', { name: 'Add a price tier' }).click();
  await expect(page.getByLabel('Tier 2: from quantity')).toHaveValue('100');
  await page.getByLabel('Tier 2: unit price (CAD)').fill('19.90');

  // A gap between the tiers is refused by the form (the schema the server also uses).
  await page.getByLabel('Tier 2: from quantity').fill('120');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Each price tier starts right after the one before')).toBeVisible();
  await page.getByLabel('Tier 2: from quantity').fill('100');

  const imageInput = page.getByLabel('Add an image (JPEG, PNG or WebP, up to 5 MB)');
  await imageInput.setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: redPng });
  await expect(page.getByLabel('Image 1: description (English)')).toBeVisible();
  await imageInput.setInputFiles({ name: 'side.png', mimeType: 'image/png', buffer: bluePng });
  await expect(page.getByLabel('Image 2: description (English)')).toBeVisible();
  await page.getByLabel('Image 1: description (English)').fill('Front view');
  await page.getByLabel('Image 2: description (English)').fill('Side view');
  await page.getByRole('button', { name: 'Make main image' }).click();
  await expect(page.getByLabel('Image 1: description (English)')).toHaveValue('Side view');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/seller-centre\/products\/\d+$/);
  const productId = /\/(\d+)$/.exec(page.url())![1]!;
  await expect(page.getByText('Status: Draft')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Seller centre' })
    .getByRole('link', { name: 'Products' })
    .click();
  await page.getByRole('button', { name: `Publish ${productName}` }).click();
  await expect(page.getByText(`“${productName}” is published.`)).toBeVisible();

  // The product's page shows the uploaded images, the chosen main one first, with their descriptions.
  const detail = await page.request.get(`/api/v1/product/${productId}`, { headers: { role: 'buyer' } });
  const product = (await detail.json()) as {
    images: string[];
    imageAlts: { en: string }[];
    priceTiers: unknown[];
  };
  expect(product.imageAlts.map((a) => a.en)).toEqual(['Side view', 'Front view']);
  expect(product.priceTiers).toEqual([
    { minQuantity: 10, maxQuantity: 99, unitPriceCents: 2500 },
    { minQuantity: 100, maxQuantity: null, unitPriceCents: 1990 },
  ]);

  // CSV: the dry run reports the bad row by line and column; nothing is imported until it is fixed.
  const csvName = `Flange ${word}`;
  const bad = [
    csvHeader,
    csvRow(`FL-${word}-1`, `${csvName} one`, '5-49: 10.00; 50+: 8.50'),
    csvRow(`FL-${word}-2`, `${csvName} two`, '5-49: 10.00; 60+: 8.50'),
  ].join('\n');
  const fileInput = page.getByLabel('CSV file', { exact: true });
  await fileInput.setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  const problems = page.getByRole('table', { name: 'Problems by line and column' });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('row')).toHaveCount(2);
  await expect(problems.getByRole('row').nth(1)).toContainText('3');
  await expect(problems.getByRole('row').nth(1)).toContainText('Price tiers');
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);

  const fixed = bad.replace('5-49: 10.00; 60+: 8.50', '5-49: 10.00; 50+: 8.50');
  await fileInput.setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await expect(page.getByText('2 rows checked: no problem found.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('Import finished: 2 created, 0 updated, 0 unchanged.')).toBeVisible();
  await expect(page.getByRole('link', { name: `${csvName} two` })).toBeVisible();

  // A buyer, in a browser of their own, finds the new product with the header search.
  const context = await browser.newContext({ baseURL: baseURL! });
  try {
    const buyerPage = await context.newPage();
    const errors = collectConsoleErrors(buyerPage);
    await buyerPage.setViewportSize({ width: 1280, height: 900 });
    await buyerPage.goto('/');
    await waitForApp(buyerPage);
    const box = buyerPage
      .getByRole('search', { name: 'Search products, services and sellers' })
      .first()
      .getByRole('searchbox');
    await box.fill(`gate valve ${word}`);
    const products = buyerPage
      .getByRole('region', { name: 'Search results' })
      .getByRole('region', { name: 'Products' });
    await expect(products.getByRole('link', { name: new RegExp(productName) }).first()).toBeVisible();
    await box.fill(`flange ${word} two`);
    await expect(products.getByRole('link', { name: new RegExp(`${csvName} two`) }).first()).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
  void seller;
});
