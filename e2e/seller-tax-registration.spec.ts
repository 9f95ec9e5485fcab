import { test, expect, waitForApp } from './fixtures';

/**
 * Issue 12 gap: a seller registers their storefront for GST/HST in the seller centre (reached from the inbox's
 * seller centre nav), and the invoice workflow's profile is what the page saved.
 */
test('a seller saves their tax registration from the seller centre', async ({ page, seller }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/seller-centre/inbox');
  await waitForApp(page);
  await page
    .getByRole('navigation', { name: 'Seller centre' })
    .getByRole('link', { name: 'Tax registration' })
    .click();
  const form = page.getByRole('form', { name: seller.storefront.seller.name });
  await expect(form).toBeVisible();

  await form.getByLabel('GST/HST number').fill('12345');
  await form.getByRole('button', { name: 'Save tax registration' }).click();
  await expect(form.getByText('A GST/HST number looks like 123456789RT0001.')).toBeVisible();

  await form.getByLabel(/Legal business name/).fill('E2E Fabrication Inc.');
  await form.getByLabel('GST/HST number').fill('123 456 789 rt 0001');
  await form.getByLabel('QST number (Quebec)').fill('1234567890TQ0001');
  await form.getByLabel('QST number (Quebec)').press('Enter');
  await expect(page.getByText(`Tax registration saved for ${seller.storefront.seller.name}.`)).toBeVisible();
  // The form shows the number as the server stored it.
  await expect(form.getByLabel('GST/HST number')).toHaveValue('123456789RT0001');
  // No horizontal scrolling at 320 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const me = await page.request.get('/api/v1/seller/me', { headers: { role: 'seller' } });
  expect(me.ok()).toBe(true);
  expect((await me.json()).storefronts).toEqual([
    expect.objectContaining({
      sellerId: Number(seller.storefront.seller.id),
      legalName: 'E2E Fabrication Inc.',
      gstHstNumber: '123456789RT0001',
      qstNumber: '1234567890TQ0001',
      smallSupplier: false,
    }),
  ]);
});
