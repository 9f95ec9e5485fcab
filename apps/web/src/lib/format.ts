import { useTranslation } from 'react-i18next';
import type { Cents } from '@maplesource/contracts/common';
import { CURRENCY_CODE } from '@maplesource/contracts/limits';

/** Canadian locale for a UI language: fr → fr-CA, everything else → en-CA. */
export function intlLocale(language: string): 'fr-CA' | 'en-CA' {
  return language === 'fr' || language.startsWith('fr-') ? 'fr-CA' : 'en-CA';
}

/** Integer cents (CAD) → "$1,234.56" (en-CA) or "1 234,56 $" (fr-CA). */
export function formatMoney(cents: Cents, language: string): string {
  if (!Number.isInteger(cents)) throw new TypeError('Money must be integer cents');
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: CURRENCY_CODE }).format(
    cents / 100,
  );
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

export function formatDate(
  value: Date | string | number,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(intlLocale(language), options).format(new Date(value));
}

export function formatDateTime(value: Date | string | number, language: string): string {
  return formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Formatters bound to the current UI language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return {
    money: (cents: Cents) => formatMoney(cents, lang),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, lang, options),
    date: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) =>
      formatDate(value, lang, options),
    dateTime: (value: Date | string | number) => formatDateTime(value, lang),
  };
}
