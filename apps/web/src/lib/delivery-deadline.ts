import {
  CANADIAN_POSTAL_CODE,
  normalizePostalCode,
  postalCodeFirstLetters,
  type ProvinceCode,
} from '@maplesource/contracts/provinces';

/** `YYYY-MM-DD` of a day in the browser's time zone (what a date input shows). */
export function localDate(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * A deadline the buyer picks is a day (decision 321): it runs until the end of that day in the buyer's own time
 * zone (the browser's), sent as an instant with its offset as the contracts ask.
 */
export function deadlineOf(day: string): string {
  return new Date(`${day}T23:59:59`).toISOString();
}

/**
 * Whether a well-formed postal code belongs to another province than the one chosen (decision 321: the first letters
 * Canada Post gives each province). False while either is missing or the code is not yet A1A 1A1.
 */
export function postalCodeOutsideProvince(province: ProvinceCode | '', postalCode: string): boolean {
  const postal = normalizePostalCode(postalCode);
  return (
    Boolean(province) &&
    CANADIAN_POSTAL_CODE.test(postal) &&
    !postalCodeFirstLetters[province as ProvinceCode].includes(postal[0]!)
  );
}
