/**
 * Dollars as typed ("1234.5", "1 234,50", "$99", "-5" so the schema can say "not negative") → integer cents; '' → undefined (the field is empty);
 * anything else, or more than two decimals → NaN, which the contracts schema refuses.
 */
export function dollarsToCents(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value)
    .replace(/[\s\u00a0$]/g, '')
    .replace(',', '.');
  if (text === '') return undefined;
  const match = /^(-?)(\d{1,12})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
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
