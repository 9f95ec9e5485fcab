import { test, expect, waitForApp } from './fixtures';

/** docs/product.md §2 media modal: the main image opens a gallery; keyboard, Escape, focus back, swipe on a phone. */
test.use({ hasTouch: true });

test('the main product image opens the media modal: arrows, swipe, Escape and focus back', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/v1/product?pageSize=10')).json()) as {
    items: { slug: string; nameEn: string }[];
  };
  const product = list.items[0]!;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/productdetails/${product.slug}`);
  await waitForApp(page);
  const opener = page.getByRole('button', { name: `Open the image gallery of ${product.nameEn}` });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: product.nameEn });
  await expect(dialog).toBeVisible();
  const position = dialog.getByText(/^Image \d+ of \d+$/);
  await expect(position).toHaveText(/^Image 1 of [2-9]$/);
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText(/^Image 2 of/);

  const stage = dialog.getByTestId('gallery-stage');
  const touch = (x: number) => [{ identifier: 1, clientX: x, clientY: 200 }];
  await stage.dispatchEvent('touchstart', { touches: touch(300), changedTouches: touch(300) });
  await stage.dispatchEvent('touchend', { touches: [], changedTouches: touch(80) });
  await expect(position).toHaveText(/^Image 3 of|^Image 1 of 2$/);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
