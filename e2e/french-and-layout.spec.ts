import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, waitForApp } from './fixtures';

/**
 * Issue 15: French pages show no English data and no raw codes, and nothing overflows a narrow phone.
 * The pages are the main public routes of docs/product.md §2, with real slugs taken from the seeded API.
 */
type Json = Record<string, unknown>;
const getJson = async (request: APIRequestContext, url: string) => {
  const response = await request.get(url);
  expect(response.ok(), url).toBe(true);
  return (await response.json()) as Json;
};

async function mainPages(request: APIRequestContext) {
  const items = (body: Json) => body.items as Json[];
  const product = items(await getJson(request, '/api/v1/product?pageSize=1'))[0]!;
  const service = items(await getJson(request, '/api/v1/service?pageSize=1'))[0]!;
  const seller = items(await getJson(request, '/api/v1/seller?pageSize=1'))[0]!;
  const blogs = items(await getJson(request, '/api/v1/blogs?page=1&pageSize=50'));
  const tree = items(await getJson(request, '/api/v1/category?kind=product'));
  const category = tree[0]!;
  const subcategory = (category.children as Json[])[0]!;
  const pages = [
    '/',
    '/products',
    `/products/${String(category.slug)}`,
    `/productdetails/${String(product.slug)}`,
    '/services',
    `/service/${String(service.slug)}`,
    '/sellers',
    `/seller/${String(seller.slug)}`,
    '/blogs',
    `/blog/${String(blogs[0]!.slug)}`,
    `/about-${String(subcategory.slug)}`,
  ];
  const slugs = new Set<string>([
    'made-in-canada',
    'product-of-canada',
    'service-provider',
    'contract-manufacturer',
    'new-arrivals',
    ...tree.flatMap((c) => [String(c.slug), ...(c.children as Json[]).map((s) => String(s.slug))]),
    ...blogs.map((b) => String(b.category)),
  ]);
  // English names of the catalogue (several words, not the same in French): a French page names them in French.
  const englishNames = tree
    .flatMap((c) => [c, ...(c.children as Json[])])
    .filter((c) => String(c.nameEn).includes(' ') && c.nameEn !== c.nameFr)
    .map((c) => String(c.nameEn));
  return { pages, slugs: [...slugs].filter((slug) => slug.includes('-')), englishNames };
}

/** Scrolls through the page so deferred sections load, then waits for the network to settle. */
async function showWholePage(page: Page) {
  await waitForApp(page);
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Words and phrases only English pages have (units, data values, interface words). */
const englishOnly = [
  /\bthe\b/i,
  /\band\b/,
  /\bwith\b/,
  /\bfrom\b/i,
  /\breviews?\b/i,
  /\bMinimum order\b/,
  /\b(metres?|pieces?|pairs?|litres? of|square metres?)\b/,
  /\bBulk\b/,
  /\bIndividually packed\b/,
  /\bPolyester mesh\b/,
  /\bMade in Canada\b/,
  /\bProduct of Canada\b/,
  /\bImported\b/,
  /\bSearch\b/,
  /\bVerified\b/,
  /\bSourcing\b/,
  /\bAbout\b/,
  /\bprojects\/month\b/,
  // The landing's frequently searched chips of English pages.
  /\b(maple syrup|corrugated boxes|powder coating|safety vest|hydraulic cylinder|LED lighting|stainless steel|aluminum extrusion)\b/i,
];

test('French pages show French words only and no raw slug', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { pages, slugs, englishNames } = await mainPages(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  const found: string[] = [];
  for (const path of pages) {
    await page.goto(`/fr${path === '/' ? '' : path}`);
    await showWholePage(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const text = await page.evaluate(() => document.body.innerText);
    // The page did render in French (the checks below would pass on an empty page).
    expect(text.length, path).toBeGreaterThan(300);
    expect(text, path).toMatch(/\b(Produits|Vendeurs|Rechercher)\b/);
    for (const name of englishNames) {
      if (text.toLowerCase().includes(name.toLowerCase())) found.push(`${path}: English name "${name}"`);
    }
    for (const word of englishOnly) {
      const match = word.exec(text);
      if (match)
        found.push(
          `${path}: English "${match[0]}" in "…${text.slice(Math.max(0, match.index - 40), match.index + 40)}…"`,
        );
    }
    for (const slug of slugs) {
      if (new RegExp(`(^|[^\\w/-])${slug}($|[^\\w/-])`).test(text)) found.push(`${path}: raw slug ${slug}`);
    }
  }
  expect(found).toEqual([]);
});

for (const language of ['en', 'fr'] as const) {
  test(`nothing overflows 320 px in ${language === 'en' ? 'English' : 'French'}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { pages } = await mainPages(request);
    await page.setViewportSize({ width: 320, height: 800 });
    const wide: string[] = [];
    for (const path of pages) {
      await page.goto(language === 'fr' ? `/fr${path === '/' ? '' : path}` : path);
      await showWholePage(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) wide.push(`${path}: ${width} px`);
    }
    expect(wide).toEqual([]);
  });
}

test('the rating choices of a product and a service fit 375 px in French', async ({ page, request }) => {
  const { pages } = await mainPages(request);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of pages.filter((p) => /^\/(productdetails|service)\//.test(p))) {
    await page.goto(`/fr${path}`);
    await showWholePage(page);
    await expect(page.getByRole('radio').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
});

test('the header search placeholder fits its box in French and English', async ({ page }) => {
  for (const width of [1280, 1024, 768, 375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/fr', '/']) {
      await page.goto(path);
      await waitForApp(page);
      const opener = page.getByRole('button', { name: /Menu|menu/ });
      const inputs = page.locator('header input[placeholder]');
      if ((await inputs.count()) === 0 || !(await inputs.first().isVisible())) {
        if (await opener.isVisible()) await opener.click();
      }
      const input = page.locator('input[placeholder]:visible').first();
      await expect(input).toBeVisible();
      const fits = await input.evaluate((element) => {
        const field = element as HTMLInputElement;
        const style = getComputedStyle(field);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: field.placeholder, needed: context.measureText(field.placeholder).width, room };
      });
      expect(fits.needed, `${path} at ${width}px: "${fits.text}"`).toBeLessThanOrEqual(fits.room);
    }
  }
});
