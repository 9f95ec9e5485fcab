import { z } from 'zod';
import { provinceCodes } from './province-names';

export { provinceCodes, provinceNames } from './province-names';
export const provinceCodeSchema = z.enum(provinceCodes);
export type ProvinceCode = z.infer<typeof provinceCodeSchema>;

/** First letter of the postal codes of each province/territory (Canada Post). */
export const postalCodeFirstLetters: Record<ProvinceCode, string> = {
  AB: 'T',
  BC: 'V',
  MB: 'R',
  NB: 'E',
  NL: 'A',
  NS: 'B',
  NT: 'X',
  NU: 'X',
  ON: 'KLMNP',
  PE: 'C',
  QC: 'GHJ',
  SK: 'S',
  YT: 'Y',
};

/** A1A 1A1; D F I O Q U never appear; W and Z never first. Space optional on input. */
export const CANADIAN_POSTAL_CODE =
  /^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] ?[0-9][ABCEGHJ-NPRSTV-Z][0-9]$/i;

export function normalizePostalCode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
}
