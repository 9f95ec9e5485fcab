import {
  cncDfmNotes,
  finishSuitsMaterial,
  priceCncPart,
  priceCncQuantityBreaks,
  type CncGeometry,
  type CncOptions,
} from '@maplesource/contracts/cnc-pricing';
import { seededCncRates } from '@maplesource/contracts/testing/cnc-rates';
import { describe, expect, it } from 'vitest';

/** The seeded launch row (decision 330): 6061 at 10 ¢/cm³ and machinability 1, stainless 304 at 20 ¢ and 0.25. */
const rates = seededCncRates;

/** A 10 mm cube: 1 cm³ of part in 20 mm of stock (8 cm³), 7 cm³ removed. */
const cube: CncGeometry = { volumeMm3: 1000, surfaceAreaMm2: 600, boundingBoxMm: [10, 10, 10], closed: true };
const options: CncOptions = {
  material: 'aluminium-6061',
  finish: 'as-machined',
  tolerance: 'standard',
  leadTime: 'standard',
  quantity: 1,
};

describe('CNC pricing', () => {
  it('prices one part as stock × material rate + machine time × shop rate + setup + finish', () => {
    const terms = priceCncPart(cube, options, rates);
    expect(terms.stockVolumeCm3).toBeCloseTo(8);
    expect(terms.materialCents).toBe(80);
    expect(terms.removedVolumeCm3).toBeCloseTo(7);
    expect(terms.machineHours).toBeCloseTo(0.1);
    expect(terms.machiningCents).toBe(900);
    expect(terms.setupPerPartCents).toBe(5000);
    expect(terms.unitCents).toBe(5980);
    expect(terms.totalCents).toBe(5980);
    expect(terms.leadDays).toBe(10);
  });

  it('amortizes the setup over the quantity and prices every quantity break', () => {
    const breaks = priceCncQuantityBreaks(cube, { ...options, quantity: 25 }, rates);
    expect(breaks.map((b) => [b.quantity, b.unitCents, b.totalCents])).toEqual([
      [1, 5980, 5980],
      [10, 1480, 14800],
      [25, 1180, 29500],
      [50, 1080, 54000],
      [100, 1030, 103000],
    ]);
  });

  it('slows machining for a hard material and a tight tolerance, and adds the finish', () => {
    const terms = priceCncPart(
      cube,
      { ...options, material: 'stainless-304', tolerance: 'tight', finish: 'bead-blast' },
      rates,
    );
    expect(terms.materialCents).toBe(160);
    expect(terms.machineHours).toBeCloseTo(0.6); // 7 cm³ / (70 × 0.25) × 1.5
    expect(terms.machiningCents).toBe(5400);
    expect(terms.unitCents).toBe(160 + 5400 + 5000 + 300);
  });

  it('multiplies the whole price when expedited and shortens the lead time', () => {
    const terms = priceCncPart(cube, { ...options, leadTime: 'expedited' }, rates);
    expect(terms.unitCents).toBe(8970);
    expect(terms.leadDays).toBe(4);
  });

  it('refuses a quantity that is not a positive whole number', () => {
    expect(() => priceCncPart(cube, { ...options, quantity: 0 }, rates)).toThrow(RangeError);
    expect(() => priceCncPart(cube, { ...options, quantity: 1.5 }, rates)).toThrow(RangeError);
  });

  it('anodizes aluminium only', () => {
    expect(finishSuitsMaterial('anodized', 'aluminium-7075')).toBe(true);
    expect(finishSuitsMaterial('anodized', 'brass')).toBe(false);
    expect(finishSuitsMaterial('powder-coat', 'brass')).toBe(true);
  });
});

describe('CNC design-for-manufacturing notes', () => {
  it('has nothing to say about a closed 100 mm cube, and flags the waste of a 10 mm one (7 of 8 cm³ cut away)', () => {
    const block: CncGeometry = { ...cube, boundingBoxMm: [100, 100, 100], volumeMm3: 1e6 };
    expect(cncDfmNotes(block, options, rates)).toEqual([]);
    expect(cncDfmNotes(cube, options, rates)).toEqual(['CNC_DFM_HIGH_WASTE']);
  });

  it('flags an open mesh, a part beyond the envelope and one probably drawn in inches', () => {
    const huge: CncGeometry = {
      ...cube,
      boundingBoxMm: [2540, 254, 254],
      volumeMm3: 2540 * 254 * 254,
      closed: false,
    };
    expect(cncDfmNotes(huge, options, rates)).toEqual([
      'CNC_DFM_LARGER_THAN_ENVELOPE',
      'CNC_DFM_OPEN_MESH',
      'CNC_DFM_CHECK_UNITS',
    ]);
  });

  it('flags a tiny part, a thin plate and a part that wastes most of its stock', () => {
    const tiny: CncGeometry = { ...cube, boundingBoxMm: [1, 1, 1], volumeMm3: 1 };
    expect(cncDfmNotes(tiny, options, rates)).toContain('CNC_DFM_TINY_PART');
    const plate: CncGeometry = { ...cube, boundingBoxMm: [100, 100, 0.5], volumeMm3: 5000 };
    expect(cncDfmNotes(plate, options, rates)).toEqual(['CNC_DFM_THIN_PART', 'CNC_DFM_HIGH_WASTE']);
  });

  it('flags a tight tolerance on a large part only', () => {
    const large: CncGeometry = { ...cube, boundingBoxMm: [200, 100, 100], volumeMm3: 200 * 100 * 100 };
    expect(cncDfmNotes(large, { ...options, tolerance: 'tight' }, rates)).toEqual([
      'CNC_DFM_TIGHT_TOLERANCE_LARGE_PART',
    ]);
    expect(cncDfmNotes(large, options, rates)).toEqual([]);
  });
});
