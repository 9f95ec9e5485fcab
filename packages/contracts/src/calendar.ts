import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays } from 'date-fns';
import { DEFAULT_DOCUMENT_TIME_ZONE, type DocumentTimeZone } from './document-time';

/**
 * Calendar arithmetic for deadlines (decision 265): "7 days after delivery", "30 days after the payment", "cancelled
 * 3 days after it was placed" count calendar days in the document's time zone (decision 248; America/Toronto when
 * none is known), so a deadline keeps its wall-clock time across a daylight-saving change instead of drifting by an
 * hour as `ms + n × 86,400,000` does. The one place the project does day arithmetic (date-fns with @date-fns/tz);
 * business days are in `./business-days` (a subpath, so pages that do not count them do not carry holiday data).
 */

/** The instant `days` calendar days after `instant`, at the same wall-clock time in `timeZone` (negative: before). */
export function addCalendarDays(
  instant: Date | string,
  days: number,
  timeZone: DocumentTimeZone = DEFAULT_DOCUMENT_TIME_ZONE,
): Date {
  const zoned = new TZDate(new Date(instant).getTime(), timeZone);
  return new Date(addDays(zoned, days).getTime());
}

/** The instant `days` calendar days before `instant` in `timeZone` (the inverse cut-off of `addCalendarDays`). */
export function subCalendarDays(
  instant: Date | string,
  days: number,
  timeZone: DocumentTimeZone = DEFAULT_DOCUMENT_TIME_ZONE,
): Date {
  return addCalendarDays(instant, -days, timeZone);
}

/** Whole calendar days from one date (YYYY-MM-DD) to another, both included: 2026-03-01..2026-03-31 is 31. */
export function calendarDaysInclusive(from: string, to: string): number {
  return (
    differenceInCalendarDays(new TZDate(`${to}T00:00:00`, 'UTC'), new TZDate(`${from}T00:00:00`, 'UTC')) + 1
  );
}
