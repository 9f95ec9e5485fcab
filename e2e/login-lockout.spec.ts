import { readFileSync } from 'node:fs';
import path from 'node:path';
import { request } from '@playwright/test';
import { expect, ok, seriousAccessibilityViolations, signUpThroughApi, test, waitForApp } from './fixtures';

/**
 * Decision 245 end to end: wrong passwords in the login dialog make the next try wait; the dialog says why and
 * how long (from the server's Retry-After, counting down) and offers the reset by phone code, which ends the wait:
 * the new password signs in at once. In English and in French.
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
  const a = (key: string) => pick(load(lang, 'auth'), key);
  const e = (key: string) => pick(load(lang, 'errors'), key);
  const c = (key: string) => pick(load(lang, 'common'), key);

  test(`a delayed login says how long to wait and the phone-code reset ends the wait (${lang})`, async ({
    page,
    baseURL,
    deleteAccountAfterTest,
  }) => {
    const api = await request.newContext({ baseURL });
    const account = await signUpThroughApi(api, `lockout-${lang}`).finally(() => api.dispose());
    // Read at teardown: the test changes the password.
    const owner = { email: account.email, password: account.password };
    deleteAccountAfterTest(owner);

    await page.addInitScript((code) => window.localStorage.setItem('lang', code), lang);
    await page.goto('/');
    await waitForApp(page);
    await page
      .getByRole('banner')
      .getByRole('button', { name: c('header.login') })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(L(a('login.identifier'))).fill(account.email);
    const submit = async (password: string) => {
      await dialog.getByLabel(L(a('fields.password'))).fill(password);
      const answered = page.waitForResponse((res) => res.url().endsWith('/api/v1/auth/login'));
      await dialog.getByRole('button', { name: a('login.submit'), exact: true }).click();
      return answered;
    };

    for (let i = 0; i < 5; i += 1) expect((await submit('Wrong#Password9')).status()).toBe(401);
    await expect(dialog.getByRole('alert')).toHaveText(e('INVALID_CREDENTIALS'));
    // Then each try waits 1 s, 2 s, 4 s …: a browser on a busy machine may take longer than the first waits
    // between two submits, but not than the doubling ones.
    let refused = await submit('Wrong#Password9');
    for (let i = 0; i < 8 && refused.status() === 401; i += 1) refused = await submit('Wrong#Password9');
    expect(refused.status()).toBe(429);
    const wait = Number(refused.headers()['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    await expect(dialog.getByRole('alert')).toHaveText(e('LOGIN_DELAYED'));
    // How long, from the server's Retry-After, in the page's language ("… in 4 seconds."), counting down.
    const [before, after] = a('login.retryIn').split('{{time}}') as [string, string];
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(dialog.getByRole('timer')).toHaveText(
      new RegExp(`^(${escape(before)}\\d+ \\S+${escape(after)}|${escape(a('login.retryNow'))})$`),
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The way out that never waits: a new password with a code sent to the phone.
    await dialog.getByRole('button', { name: a('login.resetByPhone') }).click();
    await dialog.getByLabel(L(a('fields.phone'))).fill(account.phoneNumber);
    await dialog.getByRole('button', { name: a('forgot.sendCode') }).click();
    await expect(dialog.getByLabel(L(a('fields.otp')))).toBeVisible();
    const outbox = await ok<{ messages: Array<{ code?: string }> }>(
      await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(account.phoneNumber)}`),
      'outbox',
    );
    const code = outbox.messages.find((m) => m.code)?.code;
    if (!code) throw new Error('no reset code in the outbox');
    await dialog.getByLabel(L(a('fields.otp'))).fill(code);
    const newPassword = 'Res3t#Password';
    await dialog.getByLabel(L(a('fields.newPassword'))).fill(newPassword);
    await dialog.getByRole('button', { name: a('forgot.submit') }).click();
    await expect(page.getByText(a('forgot.done'))).toBeVisible();
    owner.password = newPassword;

    // Back on the login form: the new password signs in at once, from this same (delayed) place.
    await dialog.getByLabel(L(a('login.identifier'))).fill(account.email);
    expect((await submit(newPassword)).status()).toBe(200);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
}
