import cardValidator from 'card-validator';
import { CANADIAN_POSTAL_CODE } from '@maplesource/contracts/provinces';

/** What the buyer types into the card form. Lives only in the form until the submit (never logged, never sent to /api). */
export type CardInput = {
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
};

export type CardField = keyof CardInput;

/** Translation keys (`payments:card.errors.*`) of the problems a field can have. */
export type CardFieldError =
  | 'numberRequired'
  | 'numberInvalid'
  | 'expiryRequired'
  | 'expiryFormat'
  | 'expiryPast'
  | 'cvcRequired'
  | 'cvcLength3'
  | 'cvcLength4'
  | 'postalRequired'
  | 'postalInvalid';

export type CardValidation = {
  errors: Partial<Record<CardField, CardFieldError>>;
  /** card-validator's brand type (`visa`, `mastercard`, `american-express`…) once the number says it. */
  brand: string | null;
  brandLabel: string | null;
};

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The brand's CVC length: 4 for American Express, 3 otherwise. */
export function cvcLengthFor(brand: string | null): 3 | 4 {
  return brand === 'american-express' ? 4 : 3;
}

/** `4242424242424242` → `4242 4242 4242 4242`, following the brand's gaps (Amex 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, 19);
  const card = cardValidator.number(digits).card;
  const gaps = card?.gaps ?? [4, 8, 12, 16];
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && gaps.includes(i)) out += ' ';
    out += digits[i];
  }
  return out;
}

/** `1228` / `12/28` / `12 / 28` → `12/28` while typing. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** MM/YY → month and 4-digit year, or null when the text is not that shape. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function isExpiryPast(expiry: { month: number; year: number }, now: Date): boolean {
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return expiry.year < currentYear || (expiry.year === currentYear && expiry.month < currentMonth);
}

/** Every field's first problem (Luhn and brand by card-validator), and the brand the number shows. */
export function validateCard(input: CardInput, now: Date = new Date()): CardValidation {
  const errors: CardValidation['errors'] = {};
  const number = digitsOnly(input.number);
  const verification = cardValidator.number(number);
  const brand = verification.card?.type ?? null;
  const brandLabel = verification.card?.niceType ?? null;

  if (!number) errors.number = 'numberRequired';
  else if (!verification.isValid) errors.number = 'numberInvalid';

  const expiryText = input.expiry.trim();
  const expiry = parseExpiry(expiryText);
  if (!expiryText) errors.expiry = 'expiryRequired';
  else if (!expiry) errors.expiry = 'expiryFormat';
  else if (isExpiryPast(expiry, now)) errors.expiry = 'expiryPast';

  const cvc = input.cvc.trim();
  const cvcLength = cvcLengthFor(brand);
  if (!cvc) errors.cvc = 'cvcRequired';
  else if (!/^\d+$/.test(cvc) || cvc.length !== cvcLength || !cardValidator.cvv(cvc, cvcLength).isValid)
    errors.cvc = cvcLength === 4 ? 'cvcLength4' : 'cvcLength3';

  const postal = input.postalCode.trim();
  if (!postal) errors.postalCode = 'postalRequired';
  else if (!CANADIAN_POSTAL_CODE.test(postal)) errors.postalCode = 'postalInvalid';

  return { errors, brand, brandLabel };
}

export const hasCardErrors = (validation: CardValidation) => Object.keys(validation.errors).length > 0;
