import { fixedDecimals, separators, type CanadianLocale } from './canadian-formats';
import { formatNumber, intlLocale } from './format';

/**
 * Numbers with at most n fraction digits (the CNC quote's figures) written without Intl, like canadian-formats.ts
 * (decision 190): the quote's first figures were the page's first Intl formatter, 90–103 ms of locale data in one task
 * (decision 337). Kept out of the shell's modules: only the CNC screens load it.
 */

/**
 * `value` with at most `decimals` fraction digits (0–3), trailing zeros dropped — Intl's `{ maximumFractionDigits:
 * decimals }` (4.35 → "4.4", 2.5 → "2.5", 3.001 → "3"). Non-negative finite values below 2^53 only.
 */
export function upToDecimals(value: number, decimals: number, locale: CanadianLocale): string | undefined {
  const fixed = fixedDecimals(value, decimals, locale);
  if (fixed === undefined || decimals === 0) return fixed;
  const decimal = separators[locale].decimal;
  const trimmed = fixed.replace(/0+$/, '');
  return trimmed.endsWith(decimal) ? trimmed.slice(0, -decimal.length) : trimmed;
}

/** `formatNumber(value, language, { maximumFractionDigits: decimals })`, through Intl only outside upToDecimals' shape. */
export function formatUpToDecimals(value: number, decimals: number, language: string): string {
  return (
    upToDecimals(value, decimals, intlLocale(language)) ??
    formatNumber(value, language, { maximumFractionDigits: decimals })
  );
}
