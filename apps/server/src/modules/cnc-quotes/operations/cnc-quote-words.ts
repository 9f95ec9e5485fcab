import type { CncQuote } from '@maplesource/contracts';
import type { CncDfmNote } from '@maplesource/contracts/cnc-pricing';

/** The CNC quote's option and note names in English and French, for its PDF and its request for firm quotes. */
export const materials: Record<CncQuote['options']['material'], [string, string]> = {
  'aluminium-6061': ['Aluminium 6061', 'Aluminium 6061'],
  'aluminium-7075': ['Aluminium 7075', 'Aluminium 7075'],
  'stainless-304': ['Stainless steel 304', 'Acier inoxydable 304'],
  'stainless-316': ['Stainless steel 316', 'Acier inoxydable 316'],
  'mild-steel-1018': ['Mild steel 1018', 'Acier doux 1018'],
  brass: ['Brass', 'Laiton'],
  pom: ['POM (acetal)', 'POM (acétal)'],
  abs: ['ABS', 'ABS'],
  nylon: ['Nylon', 'Nylon'],
};
export const finishes: Record<CncQuote['options']['finish'], [string, string]> = {
  'as-machined': ['As machined', 'Brut d’usinage'],
  'bead-blast': ['Bead blasted', 'Microbillé'],
  anodized: ['Anodized', 'Anodisé'],
  'powder-coat': ['Powder coated', 'Peinture en poudre'],
};
export const tolerances: Record<CncQuote['options']['tolerance'], [string, string]> = {
  standard: ['Standard (±0.13 mm)', 'Standard (±0,13 mm)'],
  tight: ['Tight (±0.05 mm)', 'Serrée (±0,05 mm)'],
};
export const leadTimes: Record<CncQuote['options']['leadTime'], [string, string]> = {
  standard: ['Standard', 'Standard'],
  expedited: ['Expedited', 'Accéléré'],
};
export const dfmNotes: Record<CncDfmNote, [string, string]> = {
  CNC_DFM_LARGER_THAN_ENVELOPE: [
    'The part is larger than the machines take: split it into pieces or ask a shop with larger machines.',
    'La pièce dépasse la capacité des machines : divisez-la ou demandez à un atelier mieux équipé.',
  ],
  CNC_DFM_OPEN_MESH: [
    'The mesh is open (not watertight): its volume cannot be measured, so the part has no instant price. Export it again as a closed solid, or request firm quotes.',
    'Le maillage est ouvert (non étanche) : son volume ne peut pas être mesuré, la pièce n’a donc pas de prix instantané. Exportez-la de nouveau en solide fermé, ou demandez des prix fermes.',
  ],
  CNC_DFM_TINY_PART: [
    'The part is under 2 mm: hard to hold and to inspect; check the units or enlarge it.',
    'La pièce fait moins de 2 mm : difficile à tenir et à contrôler; vérifiez les unités ou agrandissez-la.',
  ],
  CNC_DFM_THIN_PART: [
    'A wall under 1 mm thick against a long side flexes while it is cut: thicken it.',
    'Une paroi de moins de 1 mm face à un long côté fléchit à l’usinage : épaississez-la.',
  ],
  CNC_DFM_HIGH_WASTE: [
    'More than 80 % of the stock is cut away: a casting, a weldment or sheet metal may cost less.',
    'Plus de 80 % de la matière est enlevée : une pièce moulée, soudée ou en tôle pourrait coûter moins cher.',
  ],
  CNC_DFM_TIGHT_TOLERANCE_LARGE_PART: [
    'A tight tolerance over 150 mm needs temperature control: keep it to the features that need it.',
    'Une tolérance serrée sur plus de 150 mm demande un contrôle de température : limitez-la aux cotes qui l’exigent.',
  ],
  CNC_DFM_CHECK_UNITS: [
    'The part is over 1,000 mm long: it was probably drawn in inches; check the units.',
    'La pièce mesure plus de 1 000 mm : elle a sans doute été dessinée en pouces; vérifiez les unités.',
  ],
};

const pickIn = (language: 'en' | 'fr') => (pair: readonly [string, string]) =>
  pair[language === 'en' ? 0 : 1];

/**
 * The title and description of the request for firm quotes sent for a quote (decision 325), in the buyer's
 * language: the file and material in the title; the options, the measured geometry and the buyer's notes below. An
 * open mesh's volume is not given (decision 335): it is not a measurement.
 */
export function firmQuoteRequestText(
  quote: CncQuote,
  language: 'en' | 'fr',
  notes: string | undefined,
): { title: string; description: string } {
  const pick = pickIn(language);
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const number = (value: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value).replace(/[\u00a0\u202f]/g, ' ');
  const colon = language === 'fr' ? ' :' : ':';
  const base = quote.fileName.replace(/\.(stl|step|stp)$/i, '').trim() || quote.fileName;
  const material = pick(materials[quote.options.material]);
  const prefix = language === 'fr' ? 'Usinage CNC' : 'CNC machining';
  const tail = ` (${material})`;
  const title = `${prefix}${colon} ${base}`.slice(0, 120 - tail.length) + tail;
  const g = quote.geometry;
  const lines =
    language === 'fr'
      ? [
          `Pièce usinée CNC d’après le fichier joint ${quote.fileName} (devis instantané nº ${quote.id}).`,
          `Matériau${colon} ${material}`,
          `Finition${colon} ${pick(finishes[quote.options.finish])}`,
          `Tolérance${colon} ${pick(tolerances[quote.options.tolerance])}`,
          `Délai${colon} ${pick(leadTimes[quote.options.leadTime])}`,
          `Quantité${colon} ${quote.options.quantity}`,
          `Encombrement${colon} ${g.boundingBoxMm.map(number).join(' × ')} mm`,
          g.closed
            ? `Volume${colon} ${number(g.volumeMm3 / 1000)} cm³; surface${colon} ${number(g.surfaceAreaMm2 / 100)} cm²`
            : `Volume${colon} non mesurable (maillage ouvert, sans prix instantané); surface${colon} ${number(g.surfaceAreaMm2 / 100)} cm²`,
        ]
      : [
          `CNC machined part from the attached file ${quote.fileName} (instant quote #${quote.id}).`,
          `Material${colon} ${material}`,
          `Finish${colon} ${pick(finishes[quote.options.finish])}`,
          `Tolerance${colon} ${pick(tolerances[quote.options.tolerance])}`,
          `Lead time${colon} ${pick(leadTimes[quote.options.leadTime])}`,
          `Quantity${colon} ${quote.options.quantity}`,
          `Bounding box${colon} ${g.boundingBoxMm.map(number).join(' × ')} mm`,
          g.closed
            ? `Volume${colon} ${number(g.volumeMm3 / 1000)} cm³; surface area${colon} ${number(g.surfaceAreaMm2 / 100)} cm²`
            : `Volume${colon} not measurable (open mesh, no instant price); surface area${colon} ${number(g.surfaceAreaMm2 / 100)} cm²`,
        ];
  if (notes) lines.push('', notes);
  return { title, description: lines.join('\n').slice(0, 5000) };
}
