/**
 * The few number and date shapes the public pages show — whole numbers, fixed decimals (ratings), CAD money
 * from cents, medium dates — written out directly for en-CA and fr-CA, exactly as Chromium's Intl writes them
 * (decision 190). The first `Intl.NumberFormat` or `Intl.DateTimeFormat` a page builds loads the locale's data:
 * 30–200 ms of main thread here, four times that on Lighthouse's throttled phone, inside the first render.
 * Every function answers `undefined` for a value outside its shape; the caller then asks Intl.
 */

import { formatCad } from '@maplesource/contracts/money';

export type CanadianLocale = 'en-CA' | 'fr-CA';

/** fr-CA groups thousands with a no-break space (U+00A0), as it separates the amount from "$". */
const NBSP = '\u00a0';
export const separators: Record<CanadianLocale, { group: string; decimal: string }> = {
  'en-CA': { group: ',', decimal: '.' },
  'fr-CA': { group: NBSP, decimal: ',' },
};

function groupDigits(digits: string, locale: CanadianLocale): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, separators[locale].group);
}

/** Adds one to a string of decimal digits ("099" → "100", "99" → "100"). */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * `value` with exactly `decimals` fraction digits (0–3), rounded half away from zero on its shortest decimal
 * form — Intl's rounding (4.35 → "4.4", where `toFixed` says "4.3"). Non-negative finite values below 2^53 only.
 */
export function fixedDecimals(value: number, decimals: number, locale: CanadianLocale): string | undefined {
  if (!Number.isFinite(value) || value < 0 || Object.is(value, -0) || value > Number.MAX_SAFE_INTEGER)
    return undefined;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 3) return undefined;
  const shortest = String(value);
  if (!/^\d+(\.\d+)?$/.test(shortest)) return undefined; // exponent form (1e-7)
  const [whole = '0', fraction = ''] = shortest.split('.');
  let kept = `${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`;
  if ((fraction[decimals] ?? '0') >= '5') kept = incrementDigits(kept);
  const wholeDigits = kept.slice(0, kept.length - decimals) || '0';
  const fractionDigits = kept.slice(kept.length - decimals);
  const grouped = groupDigits(wholeDigits, locale);
  return decimals === 0 ? grouped : `${grouped}${separators[locale].decimal}${fractionDigits}`;
}

/** A whole number ("1,234", "-1 234"), negative ones included; `undefined` beyond 2^53. */
export function wholeNumber(value: number, locale: CanadianLocale): string | undefined {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return undefined;
  const grouped = groupDigits(String(Math.abs(value)), locale);
  return value < 0 ? `-${grouped}` : grouped;
}

/** Integer cents as CAD (`formatCad` of contracts, the one money writer); `undefined` for -0 and unsafe integers. */
export function canadianDollars(cents: number, locale: CanadianLocale): string | undefined {
  if (!Number.isSafeInteger(cents) || Object.is(cents, -0)) return undefined;
  return formatCad(cents, locale === 'fr-CA' ? 'fr' : 'en');
}

const monthAbbreviations: Record<CanadianLocale, readonly string[]> = {
  'en-CA': ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  'fr-CA': [
    'janv.',
    'févr.',
    'mars',
    'avr.',
    'mai',
    'juin',
    'juill.',
    'août',
    'sept.',
    'oct.',
    'nov.',
    'déc.',
  ],
};

/** `dateStyle: 'medium'` in the browser's time zone: "Sep 5, 2026" (en-CA), "5 sept. 2026" (fr-CA). */
export function mediumDate(date: Date, locale: CanadianLocale): string | undefined {
  const year = date.getFullYear();
  if (!Number.isFinite(year) || year < 1) return undefined; // invalid dates, years before the common era
  const month = monthAbbreviations[locale][date.getMonth()];
  const day = date.getDate();
  return locale === 'fr-CA' ? `${day} ${month} ${year}` : `${month} ${day}, ${year}`;
}
