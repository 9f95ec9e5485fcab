import {
  priceCncQuantityBreaks,
  type CncGeometry,
  type CncOptions,
  type CncRates,
} from '@maplesource/contracts/cnc-pricing';
import type { CncQuote } from '@maplesource/contracts/cnc-quotes';
import { seededCncRates } from '@maplesource/contracts/testing/cnc-rates';

/** The rates every new database starts with (decision 330), for priced test quotes. */
export const testRates: CncRates = seededCncRates;

export const testGeometry: CncGeometry = {
  volumeMm3: 48_000,
  surfaceAreaMm2: 10_400,
  boundingBoxMm: [60, 40, 20],
  closed: true,
};

/** A saved quote as `GET cnc-quotes` lists it, priced by the shared arithmetic. */
export function testQuote(overrides: Partial<CncOptions> = {}, fields: Partial<CncQuote> = {}): CncQuote {
  const options: CncOptions = {
    material: 'aluminium-6061',
    finish: 'anodized',
    tolerance: 'standard',
    leadTime: 'expedited',
    quantity: 25,
    ...overrides,
  };
  return {
    id: '41',
    fileName: 'bracket.step',
    geometry: testGeometry,
    triangles: 1_204,
    options,
    ratesEffectiveFrom: testRates.effectiveFrom,
    prices: priceCncQuantityBreaks(testGeometry, options, testRates),
    notes: ['CNC_DFM_HIGH_WASTE'],
    createdAt: '2026-11-29T14:05:00.000Z',
    hasFile: true,
    rfqId: null,
    ...fields,
  };
}
