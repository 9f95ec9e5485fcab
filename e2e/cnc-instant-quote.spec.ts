import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { chromiumArgs } from './playwright.config';
import { expect, seriousAccessibilityViolations, test, waitForApp } from './fixtures';
import { L } from './rfq-helpers';

/**
 * The CNC instant quote (decision 324): parts measured in the browser's worker (binary and ASCII STL, STEP), shown
 * in 3D and priced at once with the formula in words; the price follows quantity and material; an inch drawing is
 * caught and switched in one click; a broken file is explained; a visitor is asked to sign in without losing the
 * options; a buyer saves and sees the server's figures, and re-opens the quote by its address. Axe at desktop and
 * 320 px widths.
 */

// WebGL through SwiftShader: the preview draws in headless Chromium (the page has a fallback without WebGL).
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [...chromiumArgs, '--enable-unsafe-swiftshader'],
  },
});

const cad = (name: string) => path.resolve(import.meta.dirname, 'fixtures/cad', name);
const TOTAL = /^\d[\d,]* parts: \$[\d,]+\.\d\d \(\$[\d,]+\.\d\d each\)$/;

async function upload(page: Page, file: string) {
  await page.getByLabel('CAD file (STL or STEP, up to 100 MB)').setInputFiles(file);
  const name = path.basename(file).replace('.', '\\.');
  await expect(page.getByText(new RegExp(`^${name} measured in \\d+ ms$`))).toBeVisible();
  const preview = page.getByRole('img', { name: new RegExp(`^3D preview of ${name}`) });
  await expect(preview).toBeVisible();
  // Drawn in its worker (decision 340): the canvas says so once the worker reports its first frame.
  await expect(preview).toHaveAttribute('data-renderer', 'worker');
  await expect(preview).toHaveAttribute('data-drawn', /^[1-9]\d*$/);
}

/** The preview as shown, once two screenshots in a row agree (a frame already asked for has been presented). */
async function settledPicture(preview: Locator): Promise<Buffer> {
  const shots: Buffer[] = [];
  await expect
    .poll(async () => {
      shots.push(await preview.screenshot());
      return shots.length > 1 && shots.at(-1)!.equals(shots.at(-2)!);
    })
    .toBe(true);
  return shots.at(-1)!;
}

/**
 * The drawing inside a screenshot of the preview, 10 px in from its edges (its border, rounded corners and focus
 * ring show the page, not the drawing): its distinct colours (1 for a canvas that shows only its background) and a
 * digest of its pixels. Decoded in the page.
 */
function drawingInside(page: Page, png: Buffer): Promise<{ colours: number; digest: number }> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(10, 10, image.width - 20, image.height - 20);
    const colours = new Set<number>();
    let digest = 2166136261;
    for (let i = 0; i < data.length; i += 4) {
      const colour = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      colours.add(colour);
      digest = Math.imul(digest ^ colour, 16777619) >>> 0;
    }
    return { colours: colours.size, digest };
  }, png.toString('base64'));
}

test('parts are measured in the browser, previewed and priced at once; the price follows the options; units and bad files are explained', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/cnc-fabrication-quotes');
  await waitForApp(page);
  await expect(page).toHaveTitle('Instant CNC quote | MapleSource');
  await expect(page.getByRole('link', { name: 'Instant quote' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  await upload(page, cad('block-binary.stl'));
  await expect(page.getByText('24 cm³', { exact: true })).toBeVisible();
  await expect(page.getByText('40 × 30 × 20 mm', { exact: true })).toBeVisible();
  await expect(page.getByText('Closed (watertight)', { exact: true })).toBeVisible();
  const total = page.getByTestId('cnc-price-total');
  await expect(total).toHaveText(TOTAL);
  await expect(page.getByTestId('cnc-price-formula')).toContainText(
    /Stock [\d.]+ cm³ .* × \$[\d.]+\/cm³ = \$/,
  );
  await expect(page.getByTestId('cnc-price-formula')).toContainText(/Setup \$[\d,.]+ ÷ 1 parts =/);
  await expect(page.getByRole('table', { name: 'Quantity breaks' }).getByRole('rowheader')).toHaveText([
    '1',
    '10',
    '50',
    '100',
  ]);

  const at1 = await total.textContent();
  await page.getByLabel(L('Quantity')).fill('25');
  await expect(total).toContainText('25 parts:');
  await expect(total).not.toHaveText(at1!.replace(/^1 /, '25 '));
  const at25 = await total.textContent();
  await page.getByLabel(L('Material')).selectOption('stainless-304');
  await expect(total).not.toHaveText(at25!);
  await expect(page.getByLabel(L('Finish')).locator('option[value="anodized"]')).toBeDisabled();

  await upload(page, cad('block-ascii.stl'));
  await expect(page.getByText('24 cm³', { exact: true })).toBeVisible();

  await upload(page, cad('bracket.step'));
  await expect(page.getByText('The STEP file states its unit; it is measured in millimetres.')).toBeVisible();
  await expect(page.getByText(/^60(\.0)? × 40(\.0)? × 10(\.0)? mm$/)).toBeVisible();
  await expect(total).toHaveText(TOTAL);

  await upload(page, cad('plate-inches.stl'));
  const check = page.getByRole('alert').filter({ hasText: 'The part is 1.5 mm long — did you mean inches?' });
  await expect(check).toBeVisible();
  const inMm = await total.textContent();
  await check.getByRole('button', { name: 'Use inches' }).click();
  await expect(check).toHaveCount(0);
  await expect(page.getByText('38.1 × 25.4 × 6.4 mm', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Inches' })).toBeChecked();
  await expect(total).not.toHaveText(inMm!);

  // The preview draws the part (not only its background) and turns with the keyboard (decisions 324, 340).
  const canvas = page.getByRole('img', { name: /^3D preview of plate-inches\.stl/ });
  await canvas.focus();
  await expect(canvas).toBeFocused();
  // Clear of the sticky header, which would otherwise cover the canvas's top in its screenshots.
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const before = await drawingInside(page, await settledPicture(canvas));
  expect(before.colours).toBeGreaterThan(1);
  const frames = Number(await canvas.getAttribute('data-drawn'));
  const drawingNow = async () => (await drawingInside(page, await canvas.screenshot())).digest;
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => Number(await canvas.getAttribute('data-drawn'))).toBeGreaterThan(frames);
  await expect.poll(drawingNow).not.toBe(before.digest);
  const turned = await drawingInside(page, await settledPicture(canvas));
  await page.keyboard.press('+');
  await expect.poll(drawingNow).not.toBe(turned.digest);

  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // An open mesh (decision 335): measured and shown, its volume not, and no price at all — firm quotes instead.
  await upload(page, cad('block-open.stl'));
  await expect(page.getByText('Open: some edges belong to one triangle only', { exact: true })).toBeVisible();
  await expect(page.getByText('Not measurable: the mesh is open', { exact: true })).toBeVisible();
  const noPrice = page.getByRole('region', { name: 'No instant price for this part' });
  await expect(noPrice).toContainText('request firm quotes');
  await expect(total).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save to request firm quotes' })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await page.getByLabel('CAD file (STL or STEP, up to 100 MB)').setInputFiles({
    name: 'broken.stl',
    mimeType: 'model/stl',
    buffer: Buffer.from('this is a shopping list, not a mesh'),
  });
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This file is not an STL mesh. Export the part as STL (binary or ASCII) or STEP.' }),
  ).toBeVisible();
  await page.getByLabel('CAD file (STL or STEP, up to 100 MB)').setInputFiles({
    name: 'drawing.dwg',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('AC1032'),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Upload an STL (.stl) or STEP (.step, .stp) file.' }),
  ).toBeVisible();

  // A visitor who saves is asked to sign in; the options stay.
  await upload(page, cad('block-binary.stl'));
  await page.getByRole('button', { name: 'Save quote' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel(L('Quantity'))).toHaveValue('25');
  await expect(page.getByLabel(L('Material'))).toHaveValue('stainless-304');

  // 320 px: no sideways scrolling, axe clean.
  await page.setViewportSize({ width: 320, height: 900 });
  await expect(total).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

/** Font family, size, weight and style of every text laid out on the page (hidden ones too: they are laid out). */
function textStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim() || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      seen.add(`${style.fontFamily} ${style.fontSize} ${style.fontWeight} ${style.fontStyle}`);
    }
    return [...seen];
  });
}

test('the page prepares OpenCascade before a file is chosen, and the results use only text styles it has laid out (decision 344)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/cnc-fabrication-quotes/instant-quote');
  await waitForApp(page);
  // Fetched, compiled and run once in a worker of its own while the page is idle; that worker is ended.
  await expect(page.locator('[data-opencascade]')).toHaveAttribute('data-opencascade', 'ready', {
    timeout: 60_000,
  });
  // A new font size or weight in the results would make Chromium resolve it while the part is analysed: a
  // synchronous request to the browser process that waited 12–45 ms per strike on a busy machine.
  const before = await textStyles(page);
  await upload(page, cad('bracket.step'));
  await expect(page.getByTestId('cnc-price-total')).toHaveText(TOTAL);
  await expect(page.getByRole('table', { name: 'Quantity breaks' })).toBeVisible();
  const after = await textStyles(page);
  expect(after.filter((style) => !before.includes(style))).toEqual([]);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test("a buyer saves a quote, sees the server's own figures and re-opens it by its address", async ({
  page,
  buyer,
}) => {
  test.setTimeout(180_000);
  void buyer;
  await page.goto('/cnc-fabrication-quotes/instant-quote');
  await waitForApp(page);
  await upload(page, cad('block-binary.stl'));
  await page.getByLabel(L('Quantity')).fill('10');
  const browserTotal = await page.getByTestId('cnc-price-total').textContent();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/cnc-quotes') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save quote' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  await expect(page.getByText('Quote saved.')).toBeVisible();
  const total = /^10 parts: (\$[\d,]+\.\d\d)/.exec(browserTotal!)![1]!;
  await expect(page.getByTestId('cnc-server-price')).toHaveText(
    `The server measured the file and priced it the same: ${total} for 10 parts.`,
  );

  await page.goto(`/cnc-fabrication-quotes/instant-quote?quote=${id}`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Saved quote block-binary.stl' })).toBeVisible();
  await expect(page.getByLabel(L('Quantity'))).toHaveValue('10');
  await expect(page.getByTestId('cnc-price-total')).toHaveText(browserTotal!);

  await page.getByRole('link', { name: 'Materials' }).click();
  await expect(page).toHaveURL(/\/cnc-fabrication-quotes\/materials$/);
  await expect(page).toHaveTitle('CNC materials | MapleSource');
  const materials = page.getByRole('region', { name: 'Materials' });
  await expect(materials.getByRole('heading', { level: 2 })).toHaveCount(9);
  await expect(
    materials.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Aluminium 6061' }) }),
  ).toContainText('Anodized');
  await expect(
    materials.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Brass' }) }),
  ).not.toContainText('Anodized');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
