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
import { formatNumber } from './format';

/**
 * Locale files: src/locales/<lang>/<namespace>.json (namespace = 'common', 'errors' or a domain name).
 * Only en and fr exist; every other supported code falls back to English. Each language's texts are two chunks
 * (decision 175): `locales/<lang>/first.ts`, the namespaces the public pages and the app shell use (loaded before
 * the first render; the server modulepreloads the page language's one with the entry), and `more.ts`, the others
 * (accounts, admin, orders, chat…), loaded before any screen or dialog that may use them renders (`loadAllTexts`). A page
 * loads only its own language: a French page does not download the English texts, nor an English page the
 * French ones (initial JavaScript budget).
 */
type TextPart = 'first' | 'more';

/** `locales/<lang>/first.ts` and `more.ts`: each one module (one chunk) of `{ './<namespace>.json': texts }`. */
const textModules = import.meta.glob<Record<string, Record<string, unknown>>>(
  ['../locales/*/first.ts', '../locales/*/more.ts'],
  { import: 'default' },
);
const textModule = (code: string, part: TextPart) => textModules[`../locales/${code}/${part}.ts`];
/** The language whose files a code uses: its own, or English when it has none. */
const textLanguage = (code: string): string => (textModule(code, 'first') ? code : DEFAULT_LANGUAGE);

/** Every bundle loaded so far; new i18n instances start with all of them. */
export const resources: Resource = {};
const loading = new Map<string, Promise<void>>();
/** The parts the app has needed so far: a language switch loads the same parts of the new language. */
const neededParts = new Set<TextPart>(['first']);

function loadTexts(code: string, part: TextPart): Promise<void> {
  const key = `${code}:${part}`;
  let pending = loading.get(key);
  if (!pending) {
    const load = textModule(code, part);
    pending = (load ? load() : Promise.resolve<Record<string, Record<string, unknown>>>({})).then((files) => {
      const bundles = Object.entries(files).map(
        ([file, texts]) => [file.replace(/^\.\/(.*)\.json$/, '$1'), texts] as const,
      );
      resources[code] = { ...resources[code], ...Object.fromEntries(bundles) };
    });
    loading.set(key, pending);
  }
  return pending;
}

/** Loads all of a language's bundles once (English for a language without files). */
export function loadLanguage(code: string): Promise<void> {
  const language = textLanguage(code);
  return Promise.all([loadTexts(language, 'first'), loadTexts(language, 'more')]).then(() => undefined);
}

/** Loads the needed parts of the language's bundles into this instance. */
async function ensureLanguage(instance: I18n, code: string) {
  const language = textLanguage(code);
  await Promise.all([...neededParts].map((part) => loadTexts(language, part)));
  for (const [ns, bundle] of Object.entries(resources[language] ?? {})) {
    if (!instance.hasResourceBundle(language, ns))
      instance.addResourceBundle(language, ns, bundle, true, true);
  }
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode)
  }
}

/** The page's language: its address's prefix (`/fr/…`), else the stored choice. */
export function initialLanguage(): LanguageCode {
  const segment = typeof window === 'undefined' ? undefined : window.location.pathname.split('/')[1];
  return isLanguageCode(segment) ? segment : readStoredLanguage();
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

/** Creates and initialises an i18next instance (synchronous, with the bundles loaded so far). */
export function createI18n(language: LanguageCode = initialLanguage()): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', onLanguageChanged);
  void instance.use(initReactI18next).init({
    resources: { ...resources },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...languageCodes],
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    // `errors:<CODE>` of the seller centre's and the admin's own codes live in `sellerErrors`, with the other texts
    // of those screens (decision 175's `more` part), so the public pages' first texts do not carry them.
    fallbackNS: ['common', 'sellerErrors'],
    interpolation: { escapeValue: false }, // React escapes
    returnEmptyString: false,
    initAsync: false,
    // A bundle added later (`loadAllTexts`) re-renders what reads it, rather than leaving a key on screen.
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  // `{{count, number}}` through the app's own formatter (Canadian locales, no Intl for whole numbers; decision
  // 190) rather than i18next's, which builds an Intl.NumberFormat in the first render of the seller pages.
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined, options: object) =>
    formatNumber(Number(value), lng ?? language, numberFormatOptions(options)),
  );
  return instance;
}

/** The Intl.NumberFormat options among what i18next passes a formatter (the `t` call's options come too). */
const numberOptionKeys = new Set([
  'compactDisplay',
  'currency',
  'currencyDisplay',
  'currencySign',
  'maximumFractionDigits',
  'maximumSignificantDigits',
  'minimumFractionDigits',
  'minimumIntegerDigits',
  'minimumSignificantDigits',
  'notation',
  'roundingIncrement',
  'roundingMode',
  'roundingPriority',
  'signDisplay',
  'style',
  'trailingZeroDisplay',
  'unit',
  'unitDisplay',
  'useGrouping',
]);

function numberFormatOptions(options: object): Intl.NumberFormatOptions | undefined {
  const picked = Object.entries(options).filter(([key]) => numberOptionKeys.has(key));
  return picked.length ? (Object.fromEntries(picked) as Intl.NumberFormatOptions) : undefined;
}

export const i18n = createI18n();

export async function setLanguage(code: LanguageCode, instance: I18n = i18n): Promise<unknown> {
  await ensureLanguage(instance, code);
  return instance.changeLanguage(code);
}

/** Before the first render: the page language's first texts (its chunk was preloaded with the entry). */
export async function prepareLanguage(instance: I18n = i18n): Promise<void> {
  await ensureLanguage(instance, instance.language);
  await instance.changeLanguage(instance.language);
}

/** Every namespace of the current language (and of any language switched to later), for the screens and
 * dialogs beyond the public pages; `lazyScreen` and the shell's lazy dialogs wait for it. */
export function loadAllTexts(instance: I18n = i18n): Promise<void> {
  neededParts.add('more');
  return ensureLanguage(instance, instance.language);
}

/** A lazy module that renders only once every namespace is there (a dialog or screen beyond the public pages). */
export function withAllTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllTexts()]).then(([loaded]) => loaded);
}
