import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  isLanguageCode,
  languageCodes,
  rtlLanguages,
  type LanguageCode,
} from '@maplesource/contracts/languages';

/**
 * Locale files: src/locales/<lang>/<namespace>.json (namespace = 'common', 'errors' or a domain name).
 * Only en and fr exist; every other supported code falls back to English.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const resources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) continue;
  const [, lang, ns] = match as unknown as [string, string, string];
  resources[lang] ??= {};
  resources[lang][ns] = content;
}
export const namespaces = Object.keys(resources.en ?? {});

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode)
  }
}

export function readStoredLanguage(): LanguageCode {
  const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

/** `<html lang dir>` follow the chosen language. */
export function applyDocumentLanguage(code: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = code;
  document.documentElement.dir = (rtlLanguages as readonly string[]).includes(code) ? 'rtl' : 'ltr';
}

function onLanguageChanged(code: string) {
  if (!isLanguageCode(code)) return;
  storage()?.setItem(LANGUAGE_STORAGE_KEY, code);
  applyDocumentLanguage(code);
}

/** Creates and initialises an i18next instance (synchronous: resources are bundled). */
export function createI18n(language: LanguageCode = readStoredLanguage()): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', onLanguageChanged);
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...languageCodes],
    load: 'currentOnly',
    ns: namespaces,
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    returnEmptyString: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

export const i18n = createI18n();

export function setLanguage(code: LanguageCode, instance: I18n = i18n): Promise<unknown> {
  return instance.changeLanguage(code);
}
