import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@maplesource/contracts';
import { createI18n, readStoredLanguage, setLanguage } from './i18n';

describe('i18n', () => {
  it('defaults to English when nothing is stored', () => {
    expect(readStoredLanguage()).toBe('en');
    const i18n = createI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('common:header.login')).toBe('Log in');
  });

  it('writes the choice to localStorage "lang" and updates <html lang>', async () => {
    const i18n = createI18n('en');
    await setLanguage('fr', i18n);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('common:header.login')).toBe('Se connecter');
  });

  it('restores the stored language on init', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    const i18n = createI18n();
    expect(i18n.language).toBe('fr');
    expect(i18n.t('common:header.login')).toBe('Se connecter');
  });

  it('ignores an unsupported stored value', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(createI18n().language).toBe('en');
  });

  it('falls back to English text for a language without translations', async () => {
    const i18n = createI18n('en');
    await setLanguage('de', i18n);
    expect(i18n.language).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('common:header.login')).toBe('Log in');
    expect(i18n.t('errors:NETWORK_ERROR')).toMatch(/couldn't reach/);
  });

  it('sets dir=rtl for Arabic', async () => {
    const i18n = createI18n('en');
    await setLanguage('ar', i18n);
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await setLanguage('zh-CN', i18n);
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('common:header.login')).toBe('Log in');
  });
});
