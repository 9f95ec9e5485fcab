import { describe, expect, it } from 'vitest';
import { priceCncPart, type CncRates } from '@maplesource/contracts/cnc-pricing';
import { seededCncRates } from '@maplesource/contracts/testing/cnc-rates';
import enTexts from '../../../locales/en/cncQuotes.json';
import frTexts from '../../../locales/fr/cncQuotes.json';
import { formatRateCents, priceInWords, type FormulaLine } from './price-in-words';

/** The seeded rates (decision 330) with the figures the sentences below are written for. */
const rates: CncRates = {
  ...seededCncRates,
  materials: { ...seededCncRates.materials, 'aluminium-6061': { centsPerCm3: 9, machinability: 1 } },
  stockAllowanceMm: 2,
  removalCm3PerHour: 60,
  expeditedLeadDays: 5,
  expeditedFactor: 1.4,
};
const cube = {
  volumeMm3: 1000,
  surfaceAreaMm2: 600,
  boundingBoxMm: [10, 10, 10] as [number, number, number],
  closed: true,
};

/** The sentence the screen shows: the key's text with its values put in, as i18next does. */
function say(texts: typeof enTexts, line: FormulaLine): string {
  const template = line.key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => line.values[name] ?? `?${name}`);
}

describe('the price in plain words (decision 324)', () => {
  it('writes each term of one part with its numbers, in CAD', () => {
    const terms = priceCncPart(
      cube,
      {
        material: 'aluminium-6061',
        finish: 'anodized',
        tolerance: 'standard',
        leadTime: 'standard',
        quantity: 10,
      },
      rates,
    );
    const lines = priceInWords(terms, rates.stockAllowanceMm, 'en').map((line) => say(enTexts, line));
    // Stock 14 × 14 × 14 mm = 2.744 cm³ × 9 ¢ = 25 ¢; removed 1.744 cm³ ÷ 60 cm³/h = 0.03 h × $90 = $2.62.
    expect(lines).toEqual([
      "Stock 2.7 cm³ (the part's box grown by 2 mm on every side) × $0.09/cm³ = $0.25",
      'Machine time 0.03 h (stock − part = 1.7 cm³ removed) × $90.00/h = $2.62',
      'Setup $50.00 ÷ 10 parts = $5.00 per part',
      'Finish: $5.00 per part',
      `Per part: $${(terms.unitCents / 100).toFixed(2)}`,
    ]);
    expect(lines.join(' ')).not.toMatch(/\?\w+|\{\{/);
  });

  it('names the tight tolerance factor and the expedited factor when they apply, in French too', () => {
    const terms = priceCncPart(
      cube,
      {
        material: 'aluminium-6061',
        finish: 'as-machined',
        tolerance: 'tight',
        leadTime: 'expedited',
        quantity: 1,
      },
      rates,
    );
    const lines = priceInWords(terms, rates.stockAllowanceMm, 'fr');
    expect(lines.map((line) => line.key)).toEqual([
      'price.stock',
      'price.machiningTight',
      'price.setup',
      'price.finish',
      'price.expedited',
      'price.unit',
    ]);
    const french = lines.map((line) => say(frTexts, line));
    expect(french[1]).toContain('×1,5 pour la tolérance serrée');
    expect(french[2]).toBe('Mise en course 50,00\u00a0$ ÷ 1 pièces = 50,00\u00a0$ par pièce');
    expect(french[4]).toBe('Accéléré : la somme × 1,4');
  });

  it('writes a fractional rate in cents with its decimals', () => {
    expect(formatRateCents(0.4, 'en')).toBe('$0.004');
    expect(formatRateCents(9, 'en')).toBe('$0.09');
  });
});
