import { TZDate } from '@date-fns/tz';
import { isWeekend } from 'date-fns';
import Holidays from 'date-holidays';
import { addCalendarDays } from './calendar';
import { DEFAULT_DOCUMENT_TIME_ZONE, dateInTimeZone, type DocumentTimeZone } from './document-time';
import type { ProvinceCode } from './province-names';

/**
 * Business days (decision 265) for deadlines that say so: Saturdays, Sundays and the province's statutory holidays
 * (the maintained `date-holidays` data, its `public` holidays; the federal ones when no province is known) are
 * skipped. Imported by its subpath (`@maplesource/contracts/business-days`), not by the index, so the web bundle
 * carries the holiday data only where a page counts business days.
 */

const holidayCache = new Map<string, ReadonlySet<string>>();

/** The province's statutory (public) holidays of a year, as YYYY-MM-DD (federal ones when no province is known). */
export function statutoryHolidays(
  year: number,
  province: ProvinceCode | null | undefined,
): ReadonlySet<string> {
  const key = `${province ?? 'CA'}:${year}`;
  let days = holidayCache.get(key);
  if (!days) {
    const calendar = province ? new Holidays('CA', province) : new Holidays('CA');
    days = new Set(
      calendar
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidayCache.set(key, days);
  }
  return days;
}

/** Whether a calendar date (YYYY-MM-DD) is a business day in the province: not a weekend, not a statutory holiday. */
export function isBusinessDay(isoDate: string, province: ProvinceCode | null | undefined): boolean {
  const day = new Date(`${isoDate}T12:00:00Z`);
  if (isWeekend(new TZDate(day.getTime(), 'UTC'))) return false;
  return !statutoryHolidays(Number(isoDate.slice(0, 4)), province).has(isoDate);
}

/**
 * The instant `days` business days after `instant` in `timeZone`, at the same wall-clock time: each step moves one
 * calendar day and counts it only when it is a business day of `province` (a deadline that says "business days").
 */
export function addBusinessDays(
  instant: Date | string,
  days: number,
  province: ProvinceCode | null | undefined,
  timeZone: DocumentTimeZone = DEFAULT_DOCUMENT_TIME_ZONE,
): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('business days must be a whole number ≥ 0');
  let current = new Date(instant);
  let counted = 0;
  while (counted < days) {
    current = addCalendarDays(current, 1, timeZone);
    if (isBusinessDay(dateInTimeZone(current, timeZone), province)) counted += 1;
  }
  return current;
}
