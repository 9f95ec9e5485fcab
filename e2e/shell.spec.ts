import { test, expect, seriousAccessibilityViolations, waitForApp } from './fixtures';

test.describe('web shell', () => {
  test('opens the landing page and navigates through the header', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await waitForApp(page);
    await expect(page).toHaveTitle(/MapleSource/);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('scrolls to the top on each navigation', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/');
    await waitForApp(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
    await expect(page).toHaveURL(/\/terms-and-condition$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('answers an unknown path with HTTP 404 and the not-found page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('hides the footer on the CNC quotes base path only', async ({ page }) => {
    await page.goto('/cnc-fabrication-quotes');
    await waitForApp(page);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.goto('/cnc-fabrication-quotes/milling');
    await waitForApp(page);
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('keeps the language choice across a reload', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('button', { name: /choose a language/i }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await page.reload();
    await waitForApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('fr');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Se connecter' })).toBeVisible();
  });

  test('falls back to English text for a language without translations', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('button', { name: /choose a language/i }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('has no serious or critical accessibility violations on the shell', async ({ page }) => {
    for (const url of ['/', '/no-such-page', '/terms-and-condition']) {
      await page.goto(url);
      await waitForApp(page);
      expect(await seriousAccessibilityViolations(page), url).toEqual([]);
    }
  });

  test('works at 320 px wide with the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link', { name: 'Products' }),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
