import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signUpThroughApi, test, expect, seriousAccessibilityViolations, waitForApp } from './fixtures';

/**
 * Issue 3 end to end: sign up with the code read from the sandbox outbox, log out, log in, edit the
 * profile, add two addresses and switch the default, then see the landing page on /profile when
 * logged out. Once in English and once in French.
 */
type Dict = Record<string, unknown>;
const locales = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const load = (lang: string, ns: string) =>
  JSON.parse(readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8')) as Dict;
const pick = (dict: Dict, key: string): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Dict)[part], dict);
  if (typeof value !== 'string') throw new Error(`missing text ${key}`);
  return value;
};

/** A field's label, with or without the required-field star. */
const L = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

for (const lang of ['en', 'fr'] as const) {
  const auth = load(lang, 'auth');
  const accounts = load(lang, 'accounts');
  const common = load(lang, 'common');
  const a = (key: string) => pick(auth, key);
  const acc = (key: string) => pick(accounts, key);
  const c = (key: string) => pick(common, key);

  test(`accounts journey (${lang})`, async ({ page, deleteAccountAfterTest }) => {
    await page.addInitScript((code) => window.localStorage.setItem('lang', code), lang);
    const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `e2e-${lang}-${suffix}@example.ca`;
    const phone = `+1${lang === 'en' ? '416' : '514'}555${suffix.slice(-4)}`;
    const password = 'E2e#Password1';

    // Sign up with the code from the sandbox outbox
    await page.goto('/');
    await waitForApp(page);
    const banner = page.getByRole('banner');
    await banner
      .getByRole('button', { name: c('header.login') })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(a('canadaOnly'));
    await dialog.getByRole('button', { name: a('login.toSignup') }).click();
    await dialog.getByLabel(L(a('fields.fullName'))).fill('Émilie Tremblay');
    await dialog.getByLabel(L(a('fields.email'))).fill(email);
    await dialog.getByLabel(L(a('fields.phone'))).fill(phone);
    await dialog.getByLabel(L(a('fields.province'))).selectOption('ON');
    await dialog.getByLabel(L(a('fields.password'))).fill(password);
    await expect(dialog.getByRole('link', { name: a('signup.terms') })).toHaveAttribute(
      'href',
      '/terms-and-condition',
    );
    await expect(dialog.getByRole('link', { name: a('signup.privacy') })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    if (lang === 'en') expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: a('signup.sendCode') }).click();
    await expect(dialog.getByLabel(L(a('fields.otp')))).toBeVisible();
    const outbox = await (
      await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(phone)}`)
    ).json();
    const code = outbox.messages[0].code as string;
    expect(code).toMatch(/^\d{6}$/);
    await dialog.getByLabel(L(a('fields.otp'))).fill(code);
    await dialog.getByRole('button', { name: a('signup.submit') }).click();
    await expect(dialog).toHaveCount(0);
    // The account this journey made is deleted after it (DELETE /api/v1/profile), whatever happens next.
    deleteAccountAfterTest({ email, password });
    await expect(banner.getByRole('link', { name: c('header.profile') }).first()).toBeVisible();

    // Log out
    await banner
      .getByRole('link', { name: c('header.profile') })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Émilie Tremblay' })).toBeVisible();
    await page.getByRole('button', { name: acc('logout') }).click();
    await expect(banner.getByRole('button', { name: c('header.login') }).first()).toBeVisible();

    // Log in
    await banner
      .getByRole('button', { name: c('header.login') })
      .first()
      .click();
    await dialog.getByLabel(L(a('login.identifier'))).fill(email);
    await dialog.getByLabel(L(a('fields.password'))).fill(password);
    await dialog.getByRole('button', { name: a('login.submit'), exact: true }).click();
    await expect(dialog).toHaveCount(0);

    // Edit the profile
    await expect(page.getByRole('heading', { level: 1, name: 'Émilie Tremblay' })).toBeVisible();
    await page.getByLabel(L(acc('profile.fullName'))).fill('Émilie T. Tremblay');
    await page.getByLabel(L(acc('profile.province'))).selectOption('ON');
    await page.getByLabel(L(acc('profile.city'))).selectOption('Ottawa');
    await page.getByRole('radio', { name: acc('avatars.moose') }).click();
    await page
      .getByRole('button', { name: acc('save'), exact: true })
      .first()
      .click();
    await expect(page.getByText(acc('profile.saved'))).toBeVisible();
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Émilie T. Tremblay' })).toBeVisible();

    // Two addresses, then switch the default
    const addAddress = async (street: string, city: string, postal: string) => {
      await page.getByRole('button', { name: acc('address.add') }).click();
      const modal = page.getByRole('dialog');
      await modal.getByLabel(L(acc('address.street'))).fill(street);
      await modal.getByLabel(L(acc('address.province'))).selectOption('ON');
      await modal.getByLabel(L(acc('address.city'))).selectOption(city);
      await modal.getByLabel(L(acc('address.postalCode'))).fill(postal);
      await modal.getByRole('button', { name: acc('save') }).click();
      await expect(modal).toHaveCount(0);
    };
    await addAddress('100 Queen St W', 'Toronto', 'M5H 2N2');
    await addAddress('110 Laurier Ave W', 'Ottawa', 'K1P 1J1');
    const cards = page.getByTestId('address-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: '100 Queen St W' })).toContainText(acc('address.isDefault'));
    await cards
      .filter({ hasText: '110 Laurier Ave W' })
      .getByRole('button', { name: acc('address.makeDefault') })
      .click();
    await expect(cards.filter({ hasText: '110 Laurier Ave W' })).toContainText(acc('address.isDefault'));
    await expect(cards.filter({ hasText: '100 Queen St W' })).not.toContainText(acc('address.isDefault'));

    if (lang === 'en') {
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // 320 px wide: nothing scrolls sideways
      await page.setViewportSize({ width: 320, height: 800 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // Logged out, /profile shows the landing page on the same URL
    await page.getByRole('button', { name: acc('logout') }).click();
    await expect(banner.getByRole('button', { name: c('header.login') }).first()).toBeVisible();
    await page.goto('/profile');
    await waitForApp(page);
    await expect(page.getByTestId('logged-out-landing')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  });
}

test('deleting the account from the profile screen logs out and the login no longer works', async ({
  page,
  deleteAccountAfterTest,
}) => {
  const acc = (key: string) => pick(load('en', 'accounts'), key);
  const a = (key: string) => pick(load('en', 'auth'), key);
  const account = await signUpThroughApi(page.request, 'delete');
  const accountDeleted = deleteAccountAfterTest(account); // in case the test fails before deleting it
  await page.goto('/profile');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: account.fullName })).toBeVisible();

  await page.getByRole('button', { name: acc('deleteAccount.open') }).click();
  const dialog = page.getByRole('dialog', { name: acc('deleteAccount.confirmTitle') });
  await dialog.getByLabel(L(acc('password.current'))).fill('Wrong#Password1');
  await dialog.getByRole('button', { name: acc('deleteAccount.confirm') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(pick(load('en', 'errors'), 'WRONG_PASSWORD'));
  await dialog.getByLabel(L(acc('password.current'))).fill(account.password);
  await dialog.getByRole('button', { name: acc('deleteAccount.confirm') }).click();
  await expect(page.getByText(acc('deleteAccount.done'))).toBeVisible();
  accountDeleted();
  await expect(page.getByTestId('logged-out-landing')).toBeVisible();

  // The login dialog refuses the deleted account.
  await page
    .getByRole('banner')
    .getByRole('button', { name: pick(load('en', 'common'), 'header.login') })
    .first()
    .click();
  const login = page.getByRole('dialog');
  await login.getByLabel(L(a('login.identifier'))).fill(account.email);
  await login.getByLabel(L(a('fields.password'))).fill(account.password);
  await login.getByRole('button', { name: a('login.submit'), exact: true }).click();
  await expect(login.getByText(pick(load('en', 'errors'), 'INVALID_CREDENTIALS'))).toBeVisible();
});
