import { describe, expect, it } from 'vitest';
import { centsToDollarsText, dollarsToCents, formatCad } from '@maplesource/contracts/money';

describe('money (contracts)', () => {
  it('writes CAD as en-CA and fr-CA currency, exactly as Intl does', () => {
    for (const cents of [0, 1, 99, 100, 123_456, 100_000_000, -1, -123_456, 999_999_999_999]) {
      for (const [language, locale] of [
        ['en', 'en-CA'],
        ['fr', 'fr-CA'],
      ] as const) {
        const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' })
          .format(cents / 100)
          .replace(/\u202f/g, '\u00a0');
        expect(formatCad(cents, language), `${cents} ${language}`).toBe(intl);
      }
    }
    expect(formatCad(123_456, 'en')).toBe('$1,234.56');
    expect(formatCad(123_456, 'fr')).toBe('1\u00a0234,56\u00a0$');
    expect(() => formatCad(1.5, 'en')).toThrow(TypeError);
  });

  it('parses typed dollars to cents without floating-point error', () => {
    expect(dollarsToCents('1.005')).toBeNull();
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('1 234,50')).toBe(123_450);
    expect(dollarsToCents('1\u00a0234,5')).toBe(123_450);
    expect(dollarsToCents('$99')).toBe(9_900);
    expect(dollarsToCents('12.')).toBe(1_200);
    expect(dollarsToCents('-5')).toBe(-500);
    expect(dollarsToCents('-0')).toBe(0);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('1,234.56')).toBeNull();
    expect(dollarsToCents('1e3')).toBeNull();
    expect(dollarsToCents('1234567890123')).toBeNull();
    // Every amount with two decimals round-trips, where Math.round(x * 100) is off for some (e.g. 1.005 → 100).
    for (let cents = 0; cents < 20_000; cents += 7)
      expect(dollarsToCents(centsToDollarsText(cents))).toBe(cents);
  });

  it('writes plain decimal dollars for machines', () => {
    expect(centsToDollarsText(123_450)).toBe('1234.50');
    expect(centsToDollarsText(-5)).toBe('-0.05');
    expect(centsToDollarsText(0)).toBe('0.00');
  });
});
