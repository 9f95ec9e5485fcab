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
 * Only en and fr exist; every other supported code falls back to English. English is bundled with the app;
 * French is its own chunk, loaded before the app renders in French or switches to it (`loadLanguage`), so
 * English visitors do not download it (initial JavaScript budget, decision 041).
 */
const englishFiles = import.meta.glob<Record<string, unknown>>('../locales/en/*.json', {
  eager: true,
  import: 'default',
});
const otherFiles = import.meta.glob<Record<string, unknown>>(
  ['../locales/*/*.json', '!../locales/en/*.json'],
  {
    import: 'default',
  },
);

const parseFile = (file: string) =>
  /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) as [string, string, string] | null;

/** Every bundle loaded so far; new i18n instances start with all of them. */
export const resources: Resource = {};
for (const [file, content] of Object.entries(englishFiles)) {
  const match = parseFile(file);
  if (!match) continue;
  resources[match[1]] ??= {};
  resources[match[1]][match[2]] = content;
}
const loading = new Map<string, Promise<void>>();

/** Loads a language's bundles once (no-op for English and languages without files). */
export function loadLanguage(code: string): Promise<void> {
  if (resources[code]) return Promise.resolve();
  const files = Object.entries(otherFiles).filter(([file]) => parseFile(file)?.[1] === code);
  if (files.length === 0) return Promise.resolve();
  let pending = loading.get(code);
  if (!pending) {
    pending = Promise.all(
      files.map(async ([file, load]) => [parseFile(file)![2], await load()] as const),
    ).then((bundles) => {
      resources[code] = Object.fromEntries(bundles);
    });
    loading.set(code, pending);
  }
  return pending;
}

/** Loads the language's bundles into this instance (when it was created before they arrived). */
async function ensureLanguage(instance: I18n, code: string) {
  await loadLanguage(code);
  for (const [ns, bundle] of Object.entries(resources[code] ?? {})) {
    if (!instance.hasResourceBundle(code, ns)) instance.addResourceBundle(code, ns, bundle, true, true);
  }
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

/** Creates and initialises an i18next instance (synchronous, with the bundles loaded so far). */
export function createI18n(language: LanguageCode = readStoredLanguage()): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', onLanguageChanged);
  void instance.use(initReactI18next).init({
    resources: { ...resources },
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

export async function setLanguage(code: LanguageCode, instance: I18n = i18n): Promise<unknown> {
  await ensureLanguage(instance, code);
  return instance.changeLanguage(code);
}

/** Before the first render: the stored language's texts are there, or are fetched (French). */
export async function prepareLanguage(instance: I18n = i18n): Promise<void> {
  if (resources[instance.language]) return;
  await ensureLanguage(instance, instance.language);
  await instance.changeLanguage(instance.language);
}
