import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, waitForApp } from './fixtures';

/**
 * Issue 15 end to end: the header search ("Search products, services, sellers…") answers every group as the
 * buyer types — a service by its name, a seller by its name — each group's "see all" opens its own listing with
 * the same text and the same items, Enter opens the first group with results, and text nothing matches says so
 * (about the search, not filters). In English and in French.
 */
type Dict = Record<string, unknown>;
const locales = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const load = (lang: string, ns: string) =>
  JSON.parse(readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8')) as Dict;
const pick = (dict: Dict, key: string, values: Record<string, string> = {}): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Dict)[part], dict);
  if (typeof value !== 'string') throw new Error(`missing text ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
};

for (const lang of ['en', 'fr'] as const) {
  const search = load(lang, 'search');
  const common = load(lang, 'common');
  const s = (key: string, values?: Record<string, string>) => pick(search, key, values);

  test(`header search finds services and sellers, with see-all listings (${lang})`, async ({ page }) => {
    await page.addInitScript((code) => window.localStorage.setItem('lang', code), lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    // A real storefront name from the seeded directory (the seller a buyer would type).
    const directory = await page.request.get('/api/v1/seller?q=steel&pageSize=1', {
      headers: { role: 'buyer' },
    });
    const sellerName = ((await directory.json()) as { items: { name: string }[] }).items[0]!.name;

    await page.goto('/');
    await waitForApp(page);
    const box = page
      .getByRole('search', { name: pick(common, 'header.searchLabel') })
      .first()
      .getByRole('searchbox');
    const results = page.getByRole('region', { name: s('resultsLabel') });

    // A service by its name: the services group, and its "see all" shows the same service first.
    await box.fill('Flatbed trucking');
    // Each group is a region named by its heading.
    const services = results.getByRole('region', { name: s('groups.services') });
    const firstService = services.getByRole('listitem').getByRole('link').first();
    await expect(firstService).toContainText(lang === 'fr' ? /plateau/i : /Flatbed Trucking/);
    const serviceName = (await firstService.textContent()) ?? '';
    await services.getByRole('link', { name: s('seeAll.services') }).click();
    await expect(page).toHaveURL(/\/services\?q=Flatbed\+trucking/);
    const listing = page.getByTestId('listing-results');
    await expect(listing.getByRole('listitem').first()).toContainText(
      serviceName.split(/\s{2,}/)[0]!.slice(0, 12),
    );

    // A seller by its name: the sellers group; Enter opens the first group with results.
    await box.fill(sellerName);
    const sellers = results.getByRole('region', { name: s('groups.sellers') });
    await expect(sellers.getByRole('link', { name: new RegExp(sellerName) }).first()).toBeVisible();
    await expect(sellers.getByRole('link', { name: s('seeAll.sellers') })).toHaveAttribute(
      'href',
      `/sellers?${new URLSearchParams({ q: sellerName }).toString()}`,
    );
    await sellers.getByRole('link', { name: s('seeAll.sellers') }).click();
    await expect(page).toHaveURL(/\/sellers\?q=/);
    await expect(page.getByText(sellerName).first()).toBeVisible();

    // Nothing matches: the answer speaks of the search.
    await box.fill('zzqxv');
    await expect(results.getByText(s('empty', { query: 'zzqxv' }))).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?q=zzqxv/);
    await expect(
      page.getByText(pick(load(lang, 'catalog'), 'results.emptySearch', { query: 'zzqxv' })),
    ).toBeVisible();
  });
}
