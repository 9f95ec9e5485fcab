import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDaysInclusive,
  exportPeriodDays,
  subCalendarDays,
} from '@maplesource/contracts';
import { addBusinessDays, isBusinessDay, statutoryHolidays } from '@maplesource/contracts/business-days';

/**
 * Calendar days and business days (decision 265): deadlines keep their wall-clock time in the document's zone across
 * the daylight-saving changes, and business days skip weekends and the province's statutory holidays.
 */
describe('calendar days in a zone', () => {
  it('keep the wall-clock time across the March change (a 23-hour day)', () => {
    // Saturday 2026-03-07 10:00 EST; clocks go forward Sunday 03-08 at 02:00 in Toronto.
    const placed = new Date('2026-03-07T15:00:00Z');
    expect(addCalendarDays(placed, 1, 'America/Toronto').toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(addCalendarDays(placed, 7, 'America/Toronto').toISOString()).toBe('2026-03-14T14:00:00.000Z');
    // The same instant in Regina (no daylight saving): exactly 7 × 24 hours.
    expect(addCalendarDays(placed, 7, 'America/Regina').getTime() - placed.getTime()).toBe(7 * 86_400_000);
  });

  it('keep the wall-clock time across the November change (a 25-hour day)', () => {
    // Friday 2026-10-30 17:00 EDT; clocks go back Sunday 11-01 at 02:00.
    const delivered = new Date('2026-10-30T21:00:00Z');
    expect(addCalendarDays(delivered, 7, 'America/Toronto').toISOString()).toBe('2026-11-06T22:00:00.000Z');
    // Winnipeg changes at its own 02:00: the same rule, its own wall clock (10:00 CDT → 10:00 CST).
    expect(addCalendarDays('2026-10-31T15:00:00Z', 3, 'America/Winnipeg').toISOString()).toBe(
      '2026-11-03T16:00:00.000Z',
    );
  });

  it('go back as they go forward, and default to Toronto', () => {
    const now = new Date('2026-11-05T17:00:00Z');
    expect(subCalendarDays(now, 7, 'America/Toronto').toISOString()).toBe('2026-10-29T16:00:00.000Z');
    expect(addCalendarDays(subCalendarDays(now, 7), 7).toISOString()).toBe(now.toISOString());
    // The 30-day refund window from a payment on the night before the change lands at the same local time.
    expect(addCalendarDays('2026-10-31T03:30:00Z', 30).toISOString()).toBe('2026-11-30T04:30:00.000Z');
  });

  it('count an export period with both ends, across a leap day and the changes', () => {
    expect(calendarDaysInclusive('2026-03-01', '2026-03-31')).toBe(31);
    expect(calendarDaysInclusive('2026-11-01', '2026-11-01')).toBe(1);
    expect(exportPeriodDays('2028-02-01', '2028-03-01')).toBe(30);
    expect(exportPeriodDays('2026-01-02', '2026-01-01')).toBe(0);
  });
});

describe('business days of a province', () => {
  it('skip the weekend', () => {
    // Friday 2026-11-27 16:00 ET + 1 business day = Monday 11-30 16:00.
    expect(addBusinessDays('2026-11-27T21:00:00Z', 1, 'ON', 'America/Toronto').toISOString()).toBe(
      '2026-11-30T21:00:00.000Z',
    );
    expect(isBusinessDay('2026-11-28', 'ON')).toBe(false);
    expect(isBusinessDay('2026-11-30', 'ON')).toBe(true);
  });

  it("skip the province's statutory holidays, and only that province's", () => {
    // Quebec's Fête nationale (Wednesday 2026-06-24) is a holiday in Quebec, a business day in Ontario.
    expect(statutoryHolidays(2026, 'QC').has('2026-06-24')).toBe(true);
    expect(isBusinessDay('2026-06-24', 'QC')).toBe(false);
    expect(isBusinessDay('2026-06-24', 'ON')).toBe(true);
    expect(addBusinessDays('2026-06-23T14:00:00Z', 1, 'QC', 'America/Toronto').toISOString()).toBe(
      '2026-06-25T14:00:00.000Z',
    );
    expect(addBusinessDays('2026-06-23T14:00:00Z', 1, 'ON', 'America/Toronto').toISOString()).toBe(
      '2026-06-24T14:00:00.000Z',
    );
    // Canada Day everywhere; Good Friday (2026-04-03) and Christmas too.
    for (const day of ['2026-07-01', '2026-04-03', '2026-12-25'])
      expect(isBusinessDay(day, 'BC')).toBe(false);
  });

  it('cross a weekend, a holiday and the November change together', () => {
    // Thursday 2026-10-29 10:00 EDT + 5 business days in Ontario: Fri 30, Mon 2, Tue 3, Wed 4, Thu 5 → Thursday
    // 11-05 10:00 EST = 15:00 UTC.
    expect(addBusinessDays('2026-10-29T14:00:00Z', 5, 'ON', 'America/Toronto').toISOString()).toBe(
      '2026-11-05T15:00:00.000Z',
    );
    // From Tuesday 2026-11-10 in BC, Remembrance Day (Wednesday 11-11, a BC statutory holiday) is skipped: 2 business
    // days → Friday 11-13; in Ontario, where it is not one, Thursday 11-12.
    expect(isBusinessDay('2026-11-11', 'BC')).toBe(false);
    expect(addBusinessDays('2026-11-10T17:00:00Z', 2, 'BC').toISOString()).toBe('2026-11-13T17:00:00.000Z');
    expect(addBusinessDays('2026-11-10T17:00:00Z', 2, 'ON').toISOString()).toBe('2026-11-12T17:00:00.000Z');
    expect(() => addBusinessDays(new Date(), -1, 'ON')).toThrow(RangeError);
  });
});
