import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatMoney, formatNumber, intlLocale } from './format';
import { formatUpToDecimals } from './up-to-decimals';

const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('format', () => {
  it('formats integer cents as CAD per locale', () => {
    expect(formatMoney(123456, 'en')).toBe('$1,234.56');
    expect(spaces(formatMoney(123456, 'fr'))).toBe('1 234,56 $');
    expect(formatMoney(0, 'de')).toBe('$0.00');
  });
  it('refuses non-integer cents', () => {
    expect(() => formatMoney(1.5, 'en')).toThrow(TypeError);
  });
  it('maps languages to Canadian locales', () => {
    expect(intlLocale('fr')).toBe('fr-CA');
    expect(intlLocale('hi')).toBe('en-CA');
    expect(spaces(formatNumber(1234.5, 'fr'))).toBe('1 234,5');
  });
  it('writes what the public pages show without Intl, and the rest with it (decision 190)', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    expect(formatMoney(-5, 'en')).toBe('-$0.05');
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(4.35, 'en', { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('4.4');
    // The CNC quote's figures (decision 337).
    expect(formatUpToDecimals(2.5, 2, 'en')).toBe('2.5');
    expect(spaces(formatUpToDecimals(1234.56, 1, 'fr'))).toBe('1 234,6');
    expect(formatDate(new Date(2026, 10, 25), 'fr')).toBe('25 nov. 2026');
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateFormat).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(formatNumber(0.5, 'en', { style: 'percent' })).toBe('50%');
    expect(formatUpToDecimals(-2.25, 1, 'en')).toBe('-2.3');
    expect(formatNumber(2.5, 'en', { minimumFractionDigits: 2, maximumFractionDigits: 3 })).toBe('2.50');
    expect(formatDate(new Date(2026, 10, 25), 'en', { dateStyle: 'long' })).toBe('November 25, 2026');
  });
});
