import { describe, expect, it } from 'vitest';
import { cvcLengthFor, formatCardNumber, formatExpiry, validateCard, type CardInput } from './card-form';

const now = new Date(2026, 10, 23); // 23 November 2026
const good: CardInput = { number: '4242 4242 4242 4242', expiry: '12/28', cvc: '123', postalCode: 'K1A 0B1' };

describe('card form validation', () => {
  it('accepts a valid Visa test card and names its brand', () => {
    const result = validateCard(good, now);
    expect(result.errors).toEqual({});
    expect(result.brand).toBe('visa');
    expect(result.brandLabel).toBe('Visa');
  });

  it('refuses a number that fails the Luhn check, and an empty one', () => {
    expect(validateCard({ ...good, number: '4242 4242 4242 4241' }, now).errors.number).toBe('numberInvalid');
    expect(validateCard({ ...good, number: '' }, now).errors.number).toBe('numberRequired');
  });

  it('accepts the sandbox test cards (declined, 3-D Secure) as well-formed numbers', () => {
    expect(validateCard({ ...good, number: '4000 0000 0000 0002' }, now).errors.number).toBeUndefined();
    expect(validateCard({ ...good, number: '4000 0025 0000 3155' }, now).errors.number).toBeUndefined();
  });

  it('asks 4 CVC digits for American Express and 3 for the others', () => {
    const amex = { ...good, number: '3782 822463 10005' };
    expect(cvcLengthFor(validateCard(amex, now).brand)).toBe(4);
    expect(validateCard({ ...amex, cvc: '123' }, now).errors.cvc).toBe('cvcLength4');
    expect(validateCard({ ...amex, cvc: '1234' }, now).errors.cvc).toBeUndefined();
    expect(validateCard({ ...good, cvc: '1234' }, now).errors.cvc).toBe('cvcLength3');
    expect(validateCard({ ...good, cvc: '12a' }, now).errors.cvc).toBe('cvcLength3');
    expect(validateCard({ ...good, cvc: '' }, now).errors.cvc).toBe('cvcRequired');
  });

  it('takes MM/YY, valid through the end of its month, and refuses a past one', () => {
    expect(validateCard({ ...good, expiry: '11/26' }, now).errors.expiry).toBeUndefined();
    expect(validateCard({ ...good, expiry: '10/26' }, now).errors.expiry).toBe('expiryPast');
    expect(validateCard({ ...good, expiry: '12/25' }, now).errors.expiry).toBe('expiryPast');
    expect(validateCard({ ...good, expiry: '13/27' }, now).errors.expiry).toBe('expiryFormat');
    expect(validateCard({ ...good, expiry: '1227' }, now).errors.expiry).toBe('expiryFormat');
    expect(validateCard({ ...good, expiry: '' }, now).errors.expiry).toBe('expiryRequired');
  });

  it('wants a Canadian postal code', () => {
    expect(validateCard({ ...good, postalCode: 'h2x1y4' }, now).errors.postalCode).toBeUndefined();
    expect(validateCard({ ...good, postalCode: '90210' }, now).errors.postalCode).toBe('postalInvalid');
    expect(validateCard({ ...good, postalCode: 'D1A 1A1' }, now).errors.postalCode).toBe('postalInvalid');
    expect(validateCard({ ...good, postalCode: ' ' }, now).errors.postalCode).toBe('postalRequired');
  });

  it('groups the number by the brand’s gaps and the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242-abc-4242')).toBe('4242 4242');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('1')).toBe('1');
  });
});
