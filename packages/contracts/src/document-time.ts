import type { ProvinceCode } from './province-names';

/**
 * One date rule for business documents (decision 248): an invoice is dated and timed in ITS time zone — the
 * seller's province's, America/Toronto when none says otherwise — and every date and time on it names that zone
 * ("ET", "HE"), whoever reads it and wherever. The zone names are this table's, not the browser's (Intl's
 * generic names differ between engines and are missing for some zones).
 */
export const documentTimeZones = [
  'America/St_Johns',
  'America/Halifax',
  'America/Moncton',
  'America/Toronto',
  'America/Iqaluit',
  'America/Winnipeg',
  'America/Regina',
  'America/Edmonton',
  'America/Whitehorse',
  'America/Vancouver',
] as const;
export type DocumentTimeZone = (typeof documentTimeZones)[number];
export const DEFAULT_DOCUMENT_TIME_ZONE: DocumentTimeZone = 'America/Toronto';

/** The zone of most of a province's people (Ontario's northwest and Quebec's east are exceptions of no weight). */
export const provinceTimeZones: Readonly<Record<ProvinceCode, DocumentTimeZone>> = {
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  PE: 'America/Halifax',
  NB: 'America/Moncton',
  QC: 'America/Toronto',
  ON: 'America/Toronto',
  NU: 'America/Iqaluit',
  MB: 'America/Winnipeg',
  SK: 'America/Regina',
  AB: 'America/Edmonton',
  NT: 'America/Edmonton',
  YT: 'America/Whitehorse',
  BC: 'America/Vancouver',
};

/** Generic names (no standard/daylight distinction); Saskatchewan keeps standard time, Yukon mountain time. */
const zoneNames: Readonly<Record<DocumentTimeZone, { en: string; fr: string }>> = {
  'America/St_Johns': { en: 'NT', fr: 'HT' },
  'America/Halifax': { en: 'AT', fr: 'HA' },
  'America/Moncton': { en: 'AT', fr: 'HA' },
  'America/Toronto': { en: 'ET', fr: 'HE' },
  'America/Iqaluit': { en: 'ET', fr: 'HE' },
  'America/Winnipeg': { en: 'CT', fr: 'HC' },
  'America/Regina': { en: 'CST', fr: 'HNC' },
  'America/Edmonton': { en: 'MT', fr: 'HR' },
  'America/Whitehorse': { en: 'MT', fr: 'HR' },
  'America/Vancouver': { en: 'PT', fr: 'HP' },
};

export const isDocumentTimeZone = (value: string): value is DocumentTimeZone =>
  (documentTimeZones as readonly string[]).includes(value);

/** A seller's document time zone: its province's, else America/Toronto. */
export function documentTimeZoneOf(province: ProvinceCode | null | undefined): DocumentTimeZone {
  return province ? provinceTimeZones[province] : DEFAULT_DOCUMENT_TIME_ZONE;
}

export function timeZoneName(timeZone: DocumentTimeZone, language: 'en' | 'fr'): string {
  return zoneNames[timeZone][language];
}

const locale = (language: 'en' | 'fr') => (language === 'fr' ? 'fr-CA' : 'en-CA');

/** The calendar date (YYYY-MM-DD) of an instant in a zone: the invoice date, the date of the tax rate. */
export function dateInTimeZone(instant: Date, timeZone: DocumentTimeZone): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** A document's date (YYYY-MM-DD, already in its zone) with the zone named: "Nov 27, 2026 (ET)". */
export function formatDocumentDate(
  isoDate: string,
  language: 'en' | 'fr',
  timeZone: DocumentTimeZone,
  dateStyle: 'medium' | 'long' = 'medium',
): string {
  const day = new Intl.DateTimeFormat(locale(language), { dateStyle, timeZone: 'UTC' }).format(
    new Date(`${isoDate.slice(0, 10)}T12:00:00Z`),
  );
  return `${day} (${timeZoneName(timeZone, language)})`;
}

/** An instant on a document, in the document's zone, named: "Nov 27, 2026, 8:02 p.m. ET", "27 nov. 2026, 20 h 02 HE". */
export function formatDocumentDateTime(
  instant: string | Date,
  language: 'en' | 'fr',
  timeZone: DocumentTimeZone,
  dateStyle: 'medium' | 'long' = 'medium',
): string {
  const text = new Intl.DateTimeFormat(locale(language), { dateStyle, timeStyle: 'short', timeZone }).format(
    new Date(instant),
  );
  return `${text} ${timeZoneName(timeZone, language)}`;
}
