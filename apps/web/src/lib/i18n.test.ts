import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@maplesource/contracts';
import englishFirst from '../locales/en/first';
import englishMore from '../locales/en/more';
import frenchFirst from '../locales/fr/first';
import frenchMore from '../locales/fr/more';
import { createI18n, initialLanguage, loadAllTexts, readStoredLanguage, setLanguage } from './i18n';

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

  it("reads the seller centre's error codes as errors once its texts are loaded, in English and French", async () => {
    const i18n = createI18n('en');
    await loadAllTexts(i18n);
    expect(i18n.t('errors:PAYOUT_ACCOUNT_NOT_FOUND')).toBe('Connect a payout account first.');
    await setLanguage('fr', i18n);
    await loadAllTexts(i18n);
    expect(i18n.t('errors:RFQ_NOT_OPEN')).toBe('Cette demande de prix n’est plus ouverte.');
    expect(i18n.t('errors:NETWORK_ERROR')).not.toBe('NETWORK_ERROR');
  });

  it('writes {{count, number}} with the Canadian formats, without building an Intl.NumberFormat', async () => {
    const i18n = createI18n('en');
    await setLanguage('fr', i18n);
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    expect(i18n.t('sellers:count', { count: 1234 })).toBe('1\u00a0234 vendeurs');
    await setLanguage('en', i18n);
    expect(i18n.t('sellers:count', { count: 1234 })).toBe('1,234 sellers');
    expect(numberFormat).not.toHaveBeenCalled();
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

  it("takes the address's language prefix before the stored choice (a French page renders French at once)", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    window.history.pushState(null, '', '/fr/products');
    try {
      expect(initialLanguage()).toBe('fr');
      expect(createI18n().t('common:header.login')).toBe('Se connecter');
      // That instance stored French as the visitor's choice; an address without prefix takes the stored choice.
      localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
      window.history.pushState(null, '', '/products');
      expect(initialLanguage()).toBe('en');
      window.history.pushState(null, '', '/frontier');
      expect(initialLanguage()).toBe('en');
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it("splits each language's namespaces between its first and its other chunk, none left out (decision 175)", () => {
    const names = (files: Record<string, unknown>) =>
      Object.keys(files)
        .map((file) => file.replace(/^\.\/(.*)\.json$/, '$1'))
        .sort();
    expect(names(englishFirst)).toEqual(expect.arrayContaining(['common', 'errors', 'catalog']));
    expect(names(englishMore)).toEqual(expect.arrayContaining(['admin', 'accounts', 'orders', 'chat']));
    expect(names(frenchFirst)).toEqual(names(englishFirst));
    expect(names(frenchMore)).toEqual(names(englishMore));
    const onDisk = Object.keys(import.meta.glob('../locales/en/*.json'))
      .map((file) => file.replace(/^.*\/(.*)\.json$/, '$1'))
      .sort();
    expect([...names(englishFirst), ...names(englishMore)].sort()).toEqual(onDisk);
  });
});
