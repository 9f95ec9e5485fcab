import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canadianDollars,
  fixedDecimals,
  mediumDate,
  wholeNumber,
  type CanadianLocale,
} from './canadian-formats';
import { upToDecimals } from './up-to-decimals';

const locales: CanadianLocale[] = ['en-CA', 'fr-CA'];
const NBSP = '\u00a0';

describe('canadian formats (what Chromium 156 Intl writes; decision 190)', () => {
  it('writes CAD money from cents', () => {
    expect([0, 500, -123456750, 123405, 99999999999, -1].map((c) => canadianDollars(c, 'en-CA'))).toEqual([
      '$0.00',
      '$5.00',
      '-$1,234,567.50',
      '$1,234.05',
      '$999,999,999.99',
      '-$0.01',
    ]);
    expect([0, -123456750, 123405, -1].map((c) => canadianDollars(c, 'fr-CA'))).toEqual([
      `0,00${NBSP}$`,
      `-1${NBSP}234${NBSP}567,50${NBSP}$`,
      `1${NBSP}234,05${NBSP}$`,
      `-0,01${NBSP}$`,
    ]);
  });

  it('writes whole numbers and fixed decimals rounded half away from zero on the shortest decimal form', () => {
    expect([0, -5, 999, 1000, -1234567, 12345678901].map((n) => wholeNumber(n, 'en-CA'))).toEqual([
      '0',
      '-5',
      '999',
      '1,000',
      '-1,234,567',
      '12,345,678,901',
    ]);
    expect(wholeNumber(1234567, 'fr-CA')).toBe(`1${NBSP}234${NBSP}567`);
    expect([0, 4.25, 4.35, 3.05, 1234.55, 9.96].map((n) => fixedDecimals(n, 1, 'en-CA'))).toEqual([
      '0.0',
      '4.3',
      '4.4',
      '3.1',
      '1,234.6',
      '10.0',
    ]);
    expect(fixedDecimals(1234.55, 1, 'fr-CA')).toBe(`1${NBSP}234,6`);
    expect(fixedDecimals(999.5, 0, 'en-CA')).toBe('1,000');
  });

  it('writes up to n decimals with the trailing zeros dropped (the CNC figures; decision 337)', () => {
    expect([0, 4.35, 2.5, 3.001, 9.96, 1234.5, 0.004].map((n) => upToDecimals(n, 1, 'en-CA'))).toEqual([
      '0',
      '4.4',
      '2.5',
      '3',
      '10',
      '1,234.5',
      '0',
    ]);
    expect(upToDecimals(1234.505, 2, 'fr-CA')).toBe(`1${NBSP}234,51`);
    expect(upToDecimals(1234.5, 2, 'fr-CA')).toBe(`1${NBSP}234,5`);
    expect(upToDecimals(7.25, 0, 'fr-CA')).toBe('7');
    expect(upToDecimals(-2.25, 1, 'en-CA')).toBeUndefined();
    expect(upToDecimals(1, 4, 'en-CA')).toBeUndefined();
  });

  it('writes medium dates in the browser time zone', () => {
    const dates = Array.from({ length: 12 }, (_, i) => new Date(2026, i, 1 + i));
    expect(dates.map((d) => mediumDate(d, 'en-CA'))).toEqual([
      'Jan 1, 2026',
      'Feb 2, 2026',
      'Mar 3, 2026',
      'Apr 4, 2026',
      'May 5, 2026',
      'Jun 6, 2026',
      'Jul 7, 2026',
      'Aug 8, 2026',
      'Sep 9, 2026',
      'Oct 10, 2026',
      'Nov 11, 2026',
      'Dec 12, 2026',
    ]);
    expect(dates.map((d) => mediumDate(d, 'fr-CA'))).toEqual([
      '1 janv. 2026',
      '2 févr. 2026',
      '3 mars 2026',
      '4 avr. 2026',
      '5 mai 2026',
      '6 juin 2026',
      '7 juill. 2026',
      '8 août 2026',
      '9 sept. 2026',
      '10 oct. 2026',
      '11 nov. 2026',
      '12 déc. 2026',
    ]);
    expect(mediumDate(new Date(999, 0, 1), 'en-CA')).toBe('Jan 1, 999');
  });

  it('leaves what it does not write to Intl', () => {
    expect(wholeNumber(1.5, 'en-CA')).toBeUndefined();
    expect(wholeNumber(2 ** 60, 'en-CA')).toBeUndefined();
    expect(wholeNumber(-0, 'en-CA')).toBeUndefined();
    expect(fixedDecimals(-2.25, 1, 'en-CA')).toBeUndefined();
    expect(fixedDecimals(1e-7, 1, 'en-CA')).toBeUndefined();
    expect(fixedDecimals(Number.NaN, 1, 'en-CA')).toBeUndefined();
    expect(fixedDecimals(1, 4, 'en-CA')).toBeUndefined();
    expect(canadianDollars(-0, 'en-CA')).toBeUndefined();
    expect(canadianDollars(2 ** 60, 'en-CA')).toBeUndefined();
    expect(mediumDate(new Date('not a date'), 'en-CA')).toBeUndefined();
  });

  // Node's ICU writes these shapes as Chromium's does (the cases above): any value agrees with it.
  it.each(locales)('agrees with Intl for any value (%s)', (locale) => {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' });
    const whole = new Intl.NumberFormat(locale);
    const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const twoDecimals = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const upTo = [0, 1, 2, 3].map(
      (digits) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }),
    );
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        if (Object.is(n, -0)) return;
        expect(canadianDollars(n, locale)).toBe(money.format(n / 100));
        expect(wholeNumber(n, locale)).toBe(whole.format(n));
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (x) => {
        const one = fixedDecimals(x, 1, locale);
        if (one !== undefined) expect(one).toBe(oneDecimal.format(x));
        const two = fixedDecimals(x, 2, locale);
        if (two !== undefined) expect(two).toBe(twoDecimals.format(x));
        for (const [digits, format] of upTo.entries()) {
          const written = upToDecimals(x, digits, locale);
          if (written !== undefined) expect(written).toBe(format.format(x));
        }
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 365 * 3 }), (y, days) => {
        const d = new Date(2000 + (y % 40), 0, 1 + days);
        expect(mediumDate(d, locale)).toBe(date.format(d));
      }),
    );
  });
});
