/** docs/product.md §1: supported language codes; only en and fr have full text. */
export const languageCodes = ['en', 'hi', 'fr', 'zh-CN', 'pa', 'es', 'ar', 'tl', 'it', 'de', 'yue'] as const;
export type LanguageCode = (typeof languageCodes)[number];
export const fullyTranslatedLanguages = ['en', 'fr'] as const satisfies readonly LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_STORAGE_KEY = 'lang';
/** Endonyms shown in the language menu (the same in every UI language). */
export const languageNames: Record<LanguageCode, string> = {
  en: 'English',
  hi: 'हिन्दी',
  fr: 'Français',
  'zh-CN': '简体中文',
  pa: 'ਪੰਜਾਬੀ',
  es: 'Español',
  ar: 'العربية',
  tl: 'Tagalog',
  it: 'Italiano',
  de: 'Deutsch',
  yue: '粵語',
};
export const rtlLanguages: readonly LanguageCode[] = ['ar'];
export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (languageCodes as readonly string[]).includes(value);
}

/** A language the texts exist in (en, fr): what the e-mails and the web's texts are written in. */
export type TextLanguage = (typeof fullyTranslatedLanguages)[number];
/** The text language of a chosen language: French for `fr`, English for every other (decision 210). */
export function textLanguageOf(code: string | null | undefined): TextLanguage {
  return code === 'fr' ? 'fr' : 'en';
}

/**
 * A name an invoice or an order (decision 232), a conversation or a quotation (decision 233) copied in English and
 * French (its product or service): the French one when the language is French and the copy has it, else the English
 * one it was made with.
 */
export function subjectNameIn(subject: { name: string; nameFr: string | null }, language: string): string {
  return textLanguageOf(language) === 'fr' && subject.nameFr ? subject.nameFr : subject.name;
}
