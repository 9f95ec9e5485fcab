import { unitWords } from '@maplesource/contracts';

/**
 * French texts of the demo catalogue's English words (specification values, units, origins, packaging), so
 * a French page shows no English data. Values without an entry are the same in both languages.
 */
export const specValueFr: Readonly<Record<string, string>> = {
  '±0.1 mm': '±0,1 mm',
  '±0.25 mm': '±0,25 mm',
  '±0.5 mm': '±0,5 mm',
  'Powder coated': 'Revêtement en poudre',
  Galvanized: 'Galvanisé',
  'Mill finish': 'Fini brut',
  Anodized: 'Anodisé',
  '10 gauge': 'Calibre 10',
  '14 gauge': 'Calibre 14',
  '±0.005 mm': '±0,005 mm',
  '±0.01 mm': '±0,01 mm',
  '±0.025 mm': '±0,025 mm',
  'Ra 0.8 µm': 'Ra 0,8 µm',
  'Ra 1.6 µm': 'Ra 1,6 µm',
  'Ra 3.2 µm': 'Ra 3,2 µm',
  '5-axis mill': 'Fraiseuse 5 axes',
  '3-axis mill': 'Fraiseuse 3 axes',
  'CNC lathe': 'Tour CNC',
  'Swiss-type lathe': 'Tour de type suisse',
  HDPE: 'PEHD',
  Polypropylene: 'Polypropylène',
  PVC: 'PVC',
  Natural: 'Naturel',
  Black: 'Noir',
  'Custom match': 'Sur mesure',
  'Injection moulded': 'Moulé par injection',
  Extruded: 'Extrudé',
  Rotomoulded: 'Rotomoulé',
  Thermoformed: 'Thermoformé',
  'Yes (CFIA)': 'Oui (ACIA)',
  No: 'Non',
  Unprinted: 'Sans impression',
  '1 colour': '1 couleur',
  'Full colour': 'Couleur complète',
  'CSA and UL': 'CSA et UL',
  '1 t': '1 t',
  'CE and CSA': 'CE et CSA',
  'Technical grade': 'Qualité technique',
  'Food grade': 'Qualité alimentaire',
  '20 L pail': 'Seau de 20 L',
  '205 L drum': 'Fût de 205 L',
  '1,000 L tote': 'Conteneur de 1 000 L',
  'SDS included': 'FDS incluse',
  'CFIA compliant': 'Conforme ACIA',
  'USDA accepted': 'Accepté USDA',
  '316 stainless steel': 'Acier inoxydable 316',
  '304 stainless steel': 'Acier inoxydable 304',
  'Class 8 trucks': 'Camions de classe 8',
  'Light duty': 'Service léger',
  Universal: 'Universel',
  '1 year': '1 an',
  '2 years': '2 ans',
  Yellow: 'Jaune',
  Orange: 'Orange',
  'RSI 2.1': 'RSI 2,1',
  'RSI 3.5': 'RSI 3,5',
  'RSI 5.3': 'RSI 5,3',
  '1 h': '1 h',
  '2 h': '2 h',
};

/** The unit in a sentence: "10 metres", "1 pièce" (the catalogue's one table, contracts `unitWords`). */
export function unitWord(unit: string, language: 'en' | 'fr', plural: boolean): string {
  const words = unitWords[unit]?.[language];
  return words ? words[plural ? 1 : 0] : unit;
}

export const originWords: Readonly<Record<string, { en: string; fr: string }>> = {
  'made-in-canada': { en: 'Made in Canada', fr: 'Fabriqué au Canada' },
  'product-of-canada': { en: 'Product of Canada', fr: 'Produit du Canada' },
  imported: { en: 'Imported', fr: 'Importé' },
};
