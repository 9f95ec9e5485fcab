import { test, expect, waitForApp } from './fixtures';

/**
 * Issue 15: the price filter keeps what the buyer types. Keyboard only: min price, Tab, max price, Tab; focus
 * stays where the buyer put it while the list updates, and the URL and the results follow both boxes.
 */
test('min price, Tab, max price by keyboard: both kept, in the URL and in the results', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products');
  await waitForApp(page);
  const results = page.getByTestId('listing-results');
  await expect(results.getByRole('listitem').first()).toBeVisible();

  const min = page.getByRole('textbox', { name: 'Min price ($)' });
  const max = page.getByRole('textbox', { name: 'Max price ($)' });
  // Reach the min box from the filter before it with the keyboard only.
  await page.getByRole('checkbox', { name: /Verified suppliers only|Verified/ }).focus();
  await page.keyboard.press('Tab');
  await expect(min).toBeFocused();
  await page.keyboard.type('20');
  await page.keyboard.press('Tab');
  await expect(max).toBeFocused();
  // The list updates for the min price while the buyer is in the max box: focus and keystrokes stay there.
  await expect(page).toHaveURL(/minPrice=2000/);
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(max).toBeFocused();
  await page.keyboard.type('60', { delay: 30 });
  await expect(max).toHaveValue('60');
  await expect(max).toBeFocused();
  await page.keyboard.press('Tab');

  await expect(page).toHaveURL(/minPrice=2000/);
  await expect(page).toHaveURL(/maxPrice=6000/);
  await expect(min).toHaveValue('20');
  await expect(max).toHaveValue('60');
  await expect(results).toHaveAttribute('aria-busy', 'false');
  const expected = (await (
    await page.request.get('/api/v1/product?minPrice=2000&maxPrice=6000&pageSize=24&page=1')
  ).json()) as { items: { nameEn: string; minPriceCents: number }[] };
  expect(expected.items.length).toBeGreaterThan(0);
  for (const item of expected.items) {
    expect(item.minPriceCents).toBeGreaterThanOrEqual(2000);
    expect(item.minPriceCents).toBeLessThanOrEqual(6000);
  }
  await expect(results.getByRole('listitem').first()).toContainText(expected.items[0]!.nameEn);
  await expect(results.getByRole('listitem')).toHaveCount(expected.items.length);
});

test('max then min typed quickly by keyboard: neither is dropped', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products');
  await waitForApp(page);
  const min = page.getByRole('textbox', { name: 'Min price ($)' });
  const max = page.getByRole('textbox', { name: 'Max price ($)' });
  await max.focus();
  await page.keyboard.type('90');
  await page.keyboard.press('Shift+Tab');
  await expect(min).toBeFocused();
  await page.keyboard.type('15');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/maxPrice=9000/);
  await expect(page).toHaveURL(/minPrice=1500/);
  await expect(min).toHaveValue('15');
  await expect(max).toHaveValue('90');
  await expect(min).toBeFocused();
});
