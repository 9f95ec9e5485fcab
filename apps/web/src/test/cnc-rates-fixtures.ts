import type { CncRates } from '@maplesource/contracts/cnc-pricing';

/** A row of CNC rates as the admin list answers it (decision 322), with a price per cm³ under a cent. */
export const inEffect: CncRates = {
  effectiveFrom: '2026-11-28',
  materials: {
    'aluminium-6061': { centsPerCm3: 10, machinability: 1 },
    'aluminium-7075': { centsPerCm3: 12.5, machinability: 0.9 },
    'stainless-304': { centsPerCm3: 20, machinability: 0.25 },
    'stainless-316': { centsPerCm3: 22, machinability: 0.2 },
    'mild-steel-1018': { centsPerCm3: 0.4, machinability: 0.6 },
    brass: { centsPerCm3: 30, machinability: 1.2 },
    pom: { centsPerCm3: 8, machinability: 1.5 },
    abs: { centsPerCm3: 6, machinability: 1.6 },
    nylon: { centsPerCm3: 9, machinability: 1.4 },
  },
  shopCentsPerHour: 9000,
  setupCents: 5050,
  stockAllowanceMm: 5,
  removalCm3PerHour: 70,
  finishCentsPerPart: { 'as-machined': 0, 'bead-blast': 300, anodized: 500, 'powder-coat': 700 },
  tightToleranceFactor: 1.5,
  standardLeadDays: 10,
  expeditedLeadDays: 4,
  expeditedFactor: 1.5,
  machineEnvelopeMm: [600, 400, 300],
};
