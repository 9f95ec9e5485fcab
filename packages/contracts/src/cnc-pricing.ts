/**
 * The CNC instant quote's arithmetic (decision 302), shared by the server, which prices, and the web, which explains
 * the price in plain words. Pure: rates and the part's measured geometry in, integer cents (CAD) and note codes out.
 */

export const CNC_MATERIALS = [
  'aluminium-6061',
  'aluminium-7075',
  'stainless-304',
  'stainless-316',
  'mild-steel-1018',
  'brass',
  'pom',
  'abs',
  'nylon',
] as const;
export type CncMaterial = (typeof CNC_MATERIALS)[number];

export const CNC_FINISHES = ['as-machined', 'bead-blast', 'anodized', 'powder-coat'] as const;
export type CncFinish = (typeof CNC_FINISHES)[number];

export const CNC_TOLERANCES = ['standard', 'tight'] as const;
export type CncTolerance = (typeof CNC_TOLERANCES)[number];

export const CNC_LEAD_TIMES = ['standard', 'expedited'] as const;
export type CncLeadTime = (typeof CNC_LEAD_TIMES)[number];

/** The quantities every quote is priced at, besides the one asked for. */
export const CNC_QUANTITY_BREAKS = [1, 10, 50, 100] as const;

/** Anodizing is an aluminium process; the other finishes suit every material. */
export function finishSuitsMaterial(finish: CncFinish, material: CncMaterial): boolean {
  return finish !== 'anodized' || material.startsWith('aluminium-');
}

export interface CncMaterialRate {
  /** Price of one cm³ of stock, in cents (may be fractional: 0.4 ¢/cm³). */
  centsPerCm3: number;
  /** 1 = aluminium 6061; harder materials are slower to cut (stainless ≈ 0.3). */
  machinability: number;
}

/** One dated row of the rates an admin edits. */
export interface CncRates {
  effectiveFrom: string;
  materials: Record<CncMaterial, CncMaterialRate>;
  shopCentsPerHour: number;
  setupCents: number;
  /** Stock is the bounding box grown by this much on every side. */
  stockAllowanceMm: number;
  /** Volume removed per hour at machinability 1. */
  removalCm3PerHour: number;
  finishCentsPerPart: Record<CncFinish, number>;
  /** ±0.13 mm is standard; ±0.05 mm multiplies machining time by this. */
  tightToleranceFactor: number;
  standardLeadDays: number;
  expeditedLeadDays: number;
  /** The whole price is multiplied by this when expedited. */
  expeditedFactor: number;
  /** The largest part the shop's machines take, in mm, longest side first. */
  machineEnvelopeMm: [number, number, number];
}

/** The part as the server measured it, in millimetres. */
export interface CncGeometry {
  volumeMm3: number;
  surfaceAreaMm2: number;
  boundingBoxMm: [number, number, number];
  closed: boolean;
}

export interface CncOptions {
  material: CncMaterial;
  finish: CncFinish;
  tolerance: CncTolerance;
  leadTime: CncLeadTime;
  quantity: number;
}

/** Each term of one part's price, so a screen can say "stock 12.4 cm³ × $0.09 = $1.12" and so on. */
export interface CncPriceTerms {
  stockVolumeCm3: number;
  materialCentsPerCm3: number;
  materialCents: number;
  removedVolumeCm3: number;
  machineHours: number;
  shopCentsPerHour: number;
  toleranceFactor: number;
  machiningCents: number;
  setupCents: number;
  quantity: number;
  setupPerPartCents: number;
  finishCents: number;
  leadTimeFactor: number;
  unitCents: number;
  totalCents: number;
  leadDays: number;
}

const MM3_PER_CM3 = 1000;

function stockDimensionsMm(geometry: CncGeometry, rates: CncRates): [number, number, number] {
  const grow = (side: number) => side + 2 * rates.stockAllowanceMm;
  const [x, y, z] = geometry.boundingBoxMm;
  return [grow(x), grow(y), grow(z)];
}

export function stockVolumeCm3(geometry: CncGeometry, rates: CncRates): number {
  const [x, y, z] = stockDimensionsMm(geometry, rates);
  return (x * y * z) / MM3_PER_CM3;
}

/** One part's price at one quantity. Throws for a quantity that is not a positive whole number. */
export function priceCncPart(geometry: CncGeometry, options: CncOptions, rates: CncRates): CncPriceTerms {
  if (!Number.isSafeInteger(options.quantity) || options.quantity < 1)
    throw new RangeError('Quantity must be ≥ 1');
  const material = rates.materials[options.material];
  const stock = stockVolumeCm3(geometry, rates);
  const removed = Math.max(0, stock - geometry.volumeMm3 / MM3_PER_CM3);
  const toleranceFactor = options.tolerance === 'tight' ? rates.tightToleranceFactor : 1;
  const machineHours = (removed / (rates.removalCm3PerHour * material.machinability)) * toleranceFactor;
  const materialCents = Math.round(stock * material.centsPerCm3);
  const machiningCents = Math.round(machineHours * rates.shopCentsPerHour);
  const setupPerPartCents = Math.round(rates.setupCents / options.quantity);
  const finishCents = rates.finishCentsPerPart[options.finish];
  const expedited = options.leadTime === 'expedited';
  const leadTimeFactor = expedited ? rates.expeditedFactor : 1;
  const unitCents = Math.round(
    (materialCents + machiningCents + setupPerPartCents + finishCents) * leadTimeFactor,
  );
  return {
    stockVolumeCm3: stock,
    materialCentsPerCm3: material.centsPerCm3,
    materialCents,
    removedVolumeCm3: removed,
    machineHours,
    shopCentsPerHour: rates.shopCentsPerHour,
    toleranceFactor,
    machiningCents,
    setupCents: rates.setupCents,
    quantity: options.quantity,
    setupPerPartCents,
    finishCents,
    leadTimeFactor,
    unitCents,
    totalCents: unitCents * options.quantity,
    leadDays: expedited ? rates.expeditedLeadDays : rates.standardLeadDays,
  };
}

/**
 * Whether a part gets an instant price (decision 335): only a closed (watertight) mesh has a volume. An open mesh's
 * "volume" from the divergence theorem depends on where its holes are and on the origin, so the removed volume,
 * the machine time and the price built on them could be anything; such a part is measured and noted
 * (`CNC_DFM_OPEN_MESH`) but not priced, and the buyer asks shops for firm quotes instead. The server and the
 * browser decide with this one function.
 */
export const cncInstantPriceAvailable = (geometry: CncGeometry): boolean => geometry.closed;

/** The price at each quantity break (and at the quantity asked for, when it is not one), smallest first. */
export function priceCncQuantityBreaks(
  geometry: CncGeometry,
  options: CncOptions,
  rates: CncRates,
): CncPriceTerms[] {
  const quantities = [...new Set<number>([...CNC_QUANTITY_BREAKS, options.quantity])].sort((a, b) => a - b);
  return quantities.map((quantity) => priceCncPart(geometry, { ...options, quantity }, rates));
}

export const CNC_DFM_NOTES = [
  'CNC_DFM_LARGER_THAN_ENVELOPE',
  'CNC_DFM_OPEN_MESH',
  'CNC_DFM_TINY_PART',
  'CNC_DFM_THIN_PART',
  'CNC_DFM_HIGH_WASTE',
  'CNC_DFM_TIGHT_TOLERANCE_LARGE_PART',
  'CNC_DFM_CHECK_UNITS',
] as const;
export type CncDfmNote = (typeof CNC_DFM_NOTES)[number];

/** Below this longest side a part is hard to hold and to inspect. */
const TINY_PART_MM = 2;
/** A part whose shortest side is under this, against a longest side 20 times longer, flexes while it is cut. */
const THIN_WALL_MM = 1;
const THIN_ASPECT = 20;
const HIGH_WASTE_SHARE = 0.8;
/** Holding ±0.05 mm over more than this length needs temperature control the shop does not quote for. */
const TIGHT_TOLERANCE_MAX_MM = 150;
/** A part longer than this in mm was most likely drawn in inches (25.4 times too large). */
export const IMPLAUSIBLE_LENGTH_MM = 1000;

/** The design-for-manufacturing notes for a part, each a code the web explains with what to change. */
export function cncDfmNotes(geometry: CncGeometry, options: CncOptions, rates: CncRates): CncDfmNote[] {
  const sides = [...geometry.boundingBoxMm].sort((a, b) => b - a) as [number, number, number];
  const envelope = [...rates.machineEnvelopeMm].sort((a, b) => b - a);
  const notes: CncDfmNote[] = [];
  if (sides.some((side, i) => side > envelope[i]!)) notes.push('CNC_DFM_LARGER_THAN_ENVELOPE');
  if (!geometry.closed) notes.push('CNC_DFM_OPEN_MESH');
  if (sides[0] < TINY_PART_MM) notes.push('CNC_DFM_TINY_PART');
  else if (sides[2] < THIN_WALL_MM && sides[0] / Math.max(sides[2], Number.EPSILON) > THIN_ASPECT)
    notes.push('CNC_DFM_THIN_PART');
  const stock = stockVolumeCm3(geometry, rates);
  if (stock > 0 && 1 - geometry.volumeMm3 / MM3_PER_CM3 / stock > HIGH_WASTE_SHARE)
    notes.push('CNC_DFM_HIGH_WASTE');
  if (options.tolerance === 'tight' && sides[0] > TIGHT_TOLERANCE_MAX_MM)
    notes.push('CNC_DFM_TIGHT_TOLERANCE_LARGE_PART');
  if (sides[0] > IMPLAUSIBLE_LENGTH_MM) notes.push('CNC_DFM_CHECK_UNITS');
  return notes;
}
