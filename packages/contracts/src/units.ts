/**
 * The catalogue's units in both languages, singular and plural. The web app shows them through its i18next plurals
 * (`catalog:units.*`, checked against this table by a test); the server (invoice PDF, seed) through `unitText`.
 * A unit the catalogue does not know (typed by a seller) is shown as written.
 */
export const unitWords: Readonly<Record<string, { en: [string, string]; fr: [string, string] }>> = {
  unit: { en: ['unit', 'units'], fr: ['unité', 'unités'] },
  piece: { en: ['piece', 'pieces'], fr: ['pièce', 'pièces'] },
  project: { en: ['project', 'projects'], fr: ['projet', 'projets'] },
  hour: { en: ['hour', 'hours'], fr: ['heure', 'heures'] },
  metre: { en: ['metre', 'metres'], fr: ['mètre', 'mètres'] },
  litre: { en: ['litre', 'litres'], fr: ['litre', 'litres'] },
  sheet: { en: ['sheet', 'sheets'], fr: ['feuille', 'feuilles'] },
  'square metre': { en: ['square metre', 'square metres'], fr: ['mètre carré', 'mètres carrés'] },
  kilogram: { en: ['kilogram', 'kilograms'], fr: ['kilogramme', 'kilogrammes'] },
  pair: { en: ['pair', 'pairs'], fr: ['paire', 'paires'] },
  shipment: { en: ['shipment', 'shipments'], fr: ['envoi', 'envois'] },
  set: { en: ['set', 'sets'], fr: ['ensemble', 'ensembles'] },
  kit: { en: ['kit', 'kits'], fr: ['trousse', 'trousses'] },
  month: { en: ['month', 'months'], fr: ['mois', 'mois'] },
  roll: { en: ['roll', 'rolls'], fr: ['rouleau', 'rouleaux'] },
  bundle: { en: ['bundle', 'bundles'], fr: ['lot', 'lots'] },
};

/** The unit word in the number a count asks for, by the language's plural rule (French: 0 and 1 are singular). */
export function unitText(unit: string, language: 'en' | 'fr', count: number): string {
  const words = unitWords[unit]?.[language];
  if (!words) return unit;
  const one = new Intl.PluralRules(language === 'fr' ? 'fr-CA' : 'en-CA').select(count) === 'one';
  return words[one ? 0 : 1];
}
