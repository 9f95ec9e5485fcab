import { dollarsToCents as parseDollars } from '@maplesource/contracts/money';

/**
 * A money field's value → integer cents for its schema: '' → undefined (the field is empty); anything contracts'
 * `dollarsToCents` cannot read (more than two decimals, letters…) → NaN, which the contracts schema refuses.
 */
export function dollarsToCents(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value);
  if (text.replace(/[\s\u00a0$]/g, '') === '') return undefined;
  return parseDollars(text) ?? Number.NaN;
}

/** Today's date where Canadian invoices are dated (Canada/Eastern), as YYYY-MM-DD: the date of the tax rate. */
export function invoiceDateToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
