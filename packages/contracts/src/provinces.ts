import { z } from 'zod';

/** Canada's 13 provinces and territories (ISO 3166-2:CA codes). */
export const provinceCodes = [
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NS',
  'NT',
  'NU',
  'ON',
  'PE',
  'QC',
  'SK',
  'YT',
] as const;
export const provinceCodeSchema = z.enum(provinceCodes);
export type ProvinceCode = z.infer<typeof provinceCodeSchema>;

export const provinceNames: Record<ProvinceCode, { en: string; fr: string }> = {
  AB: { en: 'Alberta', fr: 'Alberta' },
  BC: { en: 'British Columbia', fr: 'Colombie-Britannique' },
  MB: { en: 'Manitoba', fr: 'Manitoba' },
  NB: { en: 'New Brunswick', fr: 'Nouveau-Brunswick' },
  NL: { en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador' },
  NS: { en: 'Nova Scotia', fr: 'Nouvelle-Écosse' },
  NT: { en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest' },
  NU: { en: 'Nunavut', fr: 'Nunavut' },
  ON: { en: 'Ontario', fr: 'Ontario' },
  PE: { en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard' },
  QC: { en: 'Quebec', fr: 'Québec' },
  SK: { en: 'Saskatchewan', fr: 'Saskatchewan' },
  YT: { en: 'Yukon', fr: 'Yukon' },
};

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
