import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { test, expect, seriousAccessibilityViolations, waitForApp } from './fixtures';

/**
 * Issue 13 end to end: a buyer applies with a PDF (prefilled form, upload; a truncated PDF refused first),
 * verifies the application's e-mail from the sandbox outbox, a premium employer finds the application by a word of
 * the cover letter and downloads the résumé, rewritten without its open action (decision 240), and the applicant
 * sees that view and withdraws.
 */
type Dict = Record<string, unknown>;
const locales = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const careers = JSON.parse(readFileSync(path.join(locales, 'en', 'careers.json'), 'utf8')) as Dict;
const t = (key: string): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Dict)[part], careers);
  if (typeof value !== 'string') throw new Error(`missing text ${key}`);
  return value;
};
/** A field's label, with or without the required-field star. */
const L = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

const errors = JSON.parse(readFileSync(path.join(locales, 'en', 'errors.json'), 'utf8')) as Dict;

/** A one-page PDF that reports its opening to a tracker (decision 240: stored without it). */
async function trackingResume(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  page.drawText('Welding engineer', { x: 72, y: 720, size: 14 });
  document.catalog.set(
    PDFName.of('OpenAction'),
    document.context.obj({ S: 'URI', URI: PDFString.of('https://track.example/opened') }),
  );
  return Buffer.from(await document.save());
}

test('apply, verify the e-mail, be found and downloaded by a premium employer, see the view, withdraw', async ({
  page,
  buyer,
  premiumEmployer,
}) => {
  const keyword = `maplekeyword${Date.now().toString(36)}`;

  // Apply with a PDF: the form is prefilled from the profile.
  await page.goto('/career');
  await waitForApp(page);
  const form = page.getByRole('form', { name: t('form.label') });
  await expect(form.getByLabel(L(t('form.email')))).toHaveValue(buyer.email);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await expect(form.getByLabel(L(t('form.fullName')))).toHaveValue(buyer.fullName);
  await form.getByLabel(L(t('form.jobCategory'))).selectOption('engineering');
  await form.getByLabel(L(t('form.street'))).fill('200 Bay St');
  await form.getByLabel(L(t('form.province'))).selectOption('ON');
  await form.getByLabel(L(t('form.city'))).fill('Toronto');
  await form.getByLabel(L(t('form.postalCode'))).fill('M5J 2J2');
  await form.getByLabel(t('form.coverLetter')).fill(`Welding engineer, ${keyword}.`);
  const resumePdf = await trackingResume();
  // A truncated PDF is refused, and the form says why beside the file field.
  const resumeField = form.getByLabel(L(t('form.resume')));
  await resumeField.setInputFiles({
    name: 'cut.pdf',
    mimeType: 'application/pdf',
    buffer: resumePdf.subarray(0, resumePdf.length - 100),
  });
  await form.getByRole('button', { name: t('form.submit') }).click();
  await expect(form.getByText(errors.RESUME_PDF_UNREADABLE as string)).toBeVisible();
  await resumeField.setInputFiles({ name: 'my-resume.pdf', mimeType: 'application/pdf', buffer: resumePdf });
  await form.getByRole('button', { name: t('form.submit') }).click();
  await expect(page.getByText('We will contact you within 5–7 business days.')).toBeVisible();

  // Verify the application's e-mail with the link from the sandbox outbox.
  const outbox = await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(buyer.email)}`);
  const messages = ((await outbox.json()) as { messages: { link?: string }[] }).messages;
  const link = messages.map((m) => m.link).find((l) => l?.includes('/career/verify-email'));
  expect(link).toBeTruthy();
  const verifyUrl = new URL(link!);
  await page.goto(`${verifyUrl.pathname}${verifyUrl.search}`);
  await expect(page.getByText(t('verifyEmail.success'))).toBeVisible();

  // The premium employer finds the application by a word of its cover letter and downloads the résumé.
  const employer = premiumEmployer.page;
  await employer.goto('/career?tab=database');
  await waitForApp(employer);
  const search = employer.getByRole('search', { name: t('database.searchLabel') });
  await search.getByLabel(t('database.words')).fill(keyword);
  await search.getByRole('button', { name: t('database.search') }).click();
  const download = employer.getByRole('link', { name: `Download the résumé of ${buyer.fullName}` });
  await expect(download).toBeVisible();
  const [file] = await Promise.all([employer.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  // What the employer receives is the rewritten PDF: its page, without the open action.
  const received = await PDFDocument.load(readFileSync((await file.path())!));
  expect(received.getPageCount()).toBe(1);
  expect(received.catalog.has(PDFName.of('OpenAction'))).toBe(false);
  expect(await seriousAccessibilityViolations(employer)).toEqual([]);

  // The applicant sees who viewed the résumé, then withdraws.
  await page.goto('/career');
  await waitForApp(page);
  const views = page.getByRole('list', { name: t('mine.viewsTitle') });
  await expect(views.getByText(premiumEmployer.fullName)).toBeVisible();
  // 320 px wide: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByRole('button', { name: t('mine.withdraw') }).click();
  const dialog = page.getByRole('dialog', { name: t('mine.withdrawTitle') });
  await dialog.getByRole('button', { name: t('mine.withdrawConfirm') }).click();
  await expect(page.getByRole('form', { name: t('form.label') })).toBeVisible();

  // Withdrawn: the employer no longer finds it, and the résumé address is a 404.
  const href = await download.getAttribute('href');
  const gone = await premiumEmployer.page.request.get(href!);
  expect(gone.status()).toBe(404);
});
