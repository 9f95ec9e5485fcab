import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp } from '../../../test/accounts-helpers';
import { languageFromAcceptLanguage } from './mail-language';

/**
 * The account's stored language (decision 210): set at sign-up from the page's language, else the browser's
 * Accept-Language, else English; kept by PUT profile/preferences; the e-mails the account gets are in it.
 */
describe('the language an Accept-Language header prefers', () => {
  it('is French only when French ranks above English', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('')).toBe('en');
    expect(languageFromAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageFromAcceptLanguage('en-CA,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('de-DE,fr;q=0.7,en;q=0.5')).toBe('fr');
    expect(languageFromAcceptLanguage('en;q=0.4, FR-ca;q=0.6')).toBe('fr');
    expect(languageFromAcceptLanguage('fr;q=0, en;q=0.1')).toBe('en');
    expect(languageFromAcceptLanguage('de, es')).toBe('en');
    expect(languageFromAcceptLanguage('fr;q=abc')).toBe('en');
    expect(languageFromAcceptLanguage('en, fr')).toBe('en'); // a tie: the first named
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const outbox = async (email: string) =>
  (await t.app.messaging.readOutbox(email, 10)).filter((m) => m.channel === 'email');
const preferences = async (cookie: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/profile/preferences',
    headers: { role: 'buyer', cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().preferences as { preferredLanguage: string };
};

describe('the stored language at sign-up and the verification e-mail', () => {
  it('takes the Accept-Language when the sign-up names no language', async () => {
    const french = await signUp(t.app, { acceptLanguage: 'fr-CA,fr;q=0.9,en;q=0.8' });
    expect((await preferences(french.cookie)).preferredLanguage).toBe('fr');
    const [mail] = await outbox(french.email);
    expect(mail!.body.split('\n')[0]).toBe('Vérifiez votre courriel — MapleSource');
    expect(mail!.body).toContain('Ouvrez ce lien pour vérifier votre adresse courriel');
    expect(mail!.body).not.toContain('Open this link');
    expect(new URL(mail!.link!).pathname).toBe('/fr/verify-email');
    // Its HTML part, in the same layout as the business e-mails (decision 260), says the same in French.
    const html = await t.app.messaging.readOutboxHtml(mail!.id!);
    expect(html).toContain('lang="fr-CA"');
    expect(html).toContain('Ouvrez ce lien pour vérifier votre adresse courriel');
    expect(html).toContain('Confirmer mon courriel');

    const english = await signUp(t.app, { acceptLanguage: 'en-CA,en;q=0.9' });
    expect((await preferences(english.cookie)).preferredLanguage).toBe('en');
    const [englishMail] = await outbox(english.email);
    expect(englishMail!.body.split('\n')[0]).toBe('Verify your e-mail — MapleSource');
    expect(englishMail!.body).not.toContain('Ouvrez');
    expect(new URL(englishMail!.link!).pathname).toBe('/verify-email');

    const noHeader = await signUp(t.app);
    expect((await preferences(noHeader.cookie)).preferredLanguage).toBe('en');
  });

  it("prefers the page's language to the browser's", async () => {
    const user = await signUp(t.app, { language: 'fr', acceptLanguage: 'en-CA,en;q=0.9' });
    expect((await preferences(user.cookie)).preferredLanguage).toBe('fr');
    expect((await outbox(user.email))[0]!.body).toContain('Vérifiez votre courriel');
    const other = await signUp(t.app, { language: 'en', acceptLanguage: 'fr-CA' });
    expect((await preferences(other.cookie)).preferredLanguage).toBe('en');
  });

  it('refuses a language that is not a supported code', async () => {
    await expect(signUp(t.app, { language: 'xx' })).rejects.toThrow();
  });

  it('a later verification e-mail follows the language the account switched to', async () => {
    const user = await signUp(t.app, { language: 'en' });
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/preferences',
      headers: { role: 'buyer', cookie: user.cookie },
      payload: { preferredLanguage: 'fr' },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email-verification-link',
      headers: { role: 'buyer', cookie: user.cookie },
      payload: { email: user.email },
    });
    expect(again.statusCode, again.body).toBe(200);
    const [latest] = await outbox(user.email);
    expect(latest!.body).toContain('Ouvrez ce lien pour vérifier votre adresse courriel');
  });
});
