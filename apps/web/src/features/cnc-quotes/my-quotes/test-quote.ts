import {
  priceCncQuantityBreaks,
  type CncGeometry,
  type CncOptions,
  type CncRates,
} from '@maplesource/contracts/cnc-pricing';
import type { CncQuote } from '@maplesource/contracts/cnc-quotes';

/** Rates of the shape an admin enters (decision 322), for priced test quotes. */
export const testRates: CncRates = {
  effectiveFrom: '2026-11-28',
  materials: {
    'aluminium-6061': { centsPerCm3: 0.9, machinability: 1 },
    'aluminium-7075': { centsPerCm3: 1.6, machinability: 0.9 },
    'stainless-304': { centsPerCm3: 2.4, machinability: 0.3 },
    'stainless-316': { centsPerCm3: 3.1, machinability: 0.25 },
    'mild-steel-1018': { centsPerCm3: 0.7, machinability: 0.6 },
    brass: { centsPerCm3: 3.9, machinability: 1.2 },
    pom: { centsPerCm3: 0.6, machinability: 1.5 },
    abs: { centsPerCm3: 0.4, machinability: 1.6 },
    nylon: { centsPerCm3: 0.7, machinability: 1.4 },
  },
  shopCentsPerHour: 9_500,
  setupCents: 12_000,
  stockAllowanceMm: 2,
  removalCm3PerHour: 60,
  finishCentsPerPart: { 'as-machined': 0, 'bead-blast': 400, anodized: 650, 'powder-coat': 900 },
  tightToleranceFactor: 1.5,
  standardLeadDays: 10,
  expeditedLeadDays: 5,
  expeditedFactor: 1.4,
  machineEnvelopeMm: [1000, 500, 500],
};

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
