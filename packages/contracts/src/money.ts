/**
 * Money in one place (docs/CONVENTIONS.md: integer cents, CAD). Exact: amounts are parsed and written as decimal
 * text, never through floating-point arithmetic, and written without Intl, whose first formatter costs a public page
 * tens of milliseconds (decision 190). The web, the invoice PDF, the server-rendered heads and the sandbox's pages
 * all write CAD with `formatCad`.
 */
export type MoneyLanguage = 'en' | 'fr';

const NBSP = '\u00a0';

/** "1234567" → "1,234,567" (en) or "1 234 567" with no-break spaces (fr). */
function groupThousands(digits: string, language: MoneyLanguage): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, language === 'fr' ? NBSP : ',');
}

/**
 * Integer cents as CAD, as Chromium's Intl writes en-CA and fr-CA currency: "$1,234.56" / "-$0.01" (en),
 * "1 234,56 $" / "-0,01 $" with no-break spaces (fr). Throws for anything but a safe integer.
 */
export function formatCad(cents: number, language: MoneyLanguage): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError('Money must be integer cents');
  const abs = Math.abs(cents);
  const whole = groupThousands(String(Math.floor(abs / 100)), language);
  const fraction = String(abs % 100).padStart(2, '0');
  const sign = cents < 0 ? '-' : '';
  return language === 'fr' ? `${sign}${whole},${fraction}${NBSP}$` : `${sign}$${whole}.${fraction}`;
}

/** Integer cents as a plain decimal amount in dollars, "1234.50" (machine-readable: JSON-LD, CSV). */
export function centsToDollarsText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError('Money must be integer cents');
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Dollars as a person types them → integer cents, exactly: "1234.5", "1 234,50", "$99", "12.", "-5" (negative, so a
 * schema can say "not negative"). Spaces, no-break spaces and "$" are ignored and one comma is a decimal separator.
 * `null` for empty text, more than two decimals, more than 12 whole digits or anything else.
 */
export function dollarsToCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f$]/g, '').replace(',', '.');
  const match = /^(-?)(\d{1,12})(?:\.(\d{0,2}))?$/.exec(compact);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] && cents !== 0 ? -cents : cents;
}
