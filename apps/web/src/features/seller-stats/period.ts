/** A period of calendar days in Toronto time, both ends included (the server's days, decision 273). */
export interface StatsPeriod {
  from: string;
  to: string;
}

export const presetDays = [7, 30, 90] as const;
export type PeriodChoice = (typeof presetDays)[number] | 'custom';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' });

/** Today in Toronto, `YYYY-MM-DD`. */
export const torontoToday = (now = new Date()) => dayFormat.format(now);

/** `days` calendar days back from `to`, `to` included: `YYYY-MM-DD`. */
export function daysBefore(to: string, days: number): string {
  const t = Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export const presetPeriod = (days: number, now = new Date()): StatsPeriod => {
  const to = torontoToday(now);
  return { from: daysBefore(to, days), to };
};

/** A custom period the server accepts (1 to 366 days), or null. */
export function customPeriod(from: string, to: string): StatsPeriod | null {
  const iso = /^\d{4}-\d{2}-\d{2}$/;
  if (!iso.test(from) || !iso.test(to)) return null;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return Number.isFinite(days) && days >= 1 && days <= 366 ? { from, to } : null;
}
