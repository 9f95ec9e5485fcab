import { useTranslation } from 'react-i18next';
import type { Cents } from '@maplesource/contracts/common';
import { CURRENCY_CODE } from '@maplesource/contracts/limits';
import { canadianDollars, fixedDecimals, mediumDate, wholeNumber } from './canadian-formats';

/**
 * Values the public pages show (whole numbers, ratings, CAD money, medium dates) are written by
 * `canadian-formats.ts` without Intl, whose first formatter costs a page tens of milliseconds (decision 190);
 * anything else goes through Intl.
 */

/** Canadian locale for a UI language: fr → fr-CA, everything else → en-CA. */
export function intlLocale(language: string): 'fr-CA' | 'en-CA' {
  return language === 'fr' || language.startsWith('fr-') ? 'fr-CA' : 'en-CA';
}

// Building an Intl formatter costs far more than using one, and a listing formats hundreds of values: one
// formatter per locale and options, kept for the page's life (a handful of distinct option sets exist).
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = intlLocale(language);
  const key = `${locale}|${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

const moneyOptions: Intl.NumberFormatOptions = { style: 'currency', currency: CURRENCY_CODE };

/** Integer cents (CAD) → "$1,234.56" (en-CA) or "1 234,56 $" (fr-CA). */
export function formatMoney(cents: Cents, language: string): string {
  if (!Number.isInteger(cents)) throw new TypeError('Money must be integer cents');
  return (
    canadianDollars(cents, intlLocale(language)) ?? numberFormat(language, moneyOptions).format(cents / 100)
  );
}

/** The fraction digits of options that fix them (`{ minimumFractionDigits: n, maximumFractionDigits: n }`). */
function fixedFractionDigits(options: Intl.NumberFormatOptions): number | undefined {
  const { minimumFractionDigits, maximumFractionDigits, ...others } = options;
  return Object.keys(others).length === 0 && minimumFractionDigits === maximumFractionDigits
    ? minimumFractionDigits
    : undefined;
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  const locale = intlLocale(language);
  const digits = options ? fixedFractionDigits(options) : undefined;
  const direct =
    options === undefined
      ? wholeNumber(value, locale)
      : digits === undefined
        ? undefined
        : fixedDecimals(value, digits, locale);
  return direct ?? numberFormat(language, options).format(value);
}

const mediumDateOptions: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

export function formatDate(
  value: Date | string | number,
  language: string,
  options: Intl.DateTimeFormatOptions = mediumDateOptions,
): string {
  const date = new Date(value);
  const medium =
    options === mediumDateOptions || (Object.keys(options).length === 1 && options.dateStyle === 'medium');
  return (
    (medium ? mediumDate(date, intlLocale(language)) : undefined) ??
    dateFormat(language, options).format(date)
  );
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
