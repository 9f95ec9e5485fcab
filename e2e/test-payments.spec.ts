import { test, expect, seriousAccessibilityViolations, waitForApp } from './fixtures';

/**
 * Decision 238: the e2e server pays with the sandbox, so every page, as the server serves it, says "test payments"
 * in the page's language, above the header, without asking the payment backend.
 */
test.describe('the test payments banner', () => {
  test('is on every page in English and French, first after the skip link, and passes axe', async ({
    page,
  }) => {
    const providerRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/payment/provider')) providerRequests.push(request.url());
    });
    const provider = await page.request.get('/api/v1/payment/provider', { headers: { role: 'buyer' } });
    expect(await provider.json()).toEqual({ provider: 'sandbox', testPayments: true });

    for (const [url, name, text] of [
      ['/', 'Test payments', 'no card is charged on this site'],
      ['/products', 'Test payments', 'no card is charged on this site'],
      ['/fr/global-quote', 'Paiements de test', 'aucune carte n’est débitée sur ce site'],
    ] as const) {
      await page.goto(url);
      await waitForApp(page);
      const banner = page.getByRole('region', { name });
      await expect(banner, url).toBeVisible();
      await expect(banner, url).toContainText(text);
      // Above the header.
      const above = await banner.evaluate(
        (element) =>
          element.compareDocumentPosition(document.querySelector('header')!) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      );
      expect(above, url).toBeTruthy();
      expect(await seriousAccessibilityViolations(page), url).toEqual([]);
      if (url === '/products') {
        // Moving inside the app keeps it.
        await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
        await expect(page).toHaveURL(/\/privacy-policy$/);
        await expect(page.getByRole('region', { name })).toBeVisible();
      }
    }
    // The page's HTML said so: the app never asked the payment backend.
    expect(providerRequests).toEqual([]);
  });
});
