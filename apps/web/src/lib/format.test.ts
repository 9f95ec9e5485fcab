import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, intlLocale } from './format';

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
});
