import type { CncRates } from '../cnc-pricing';

/**
 * Test fixture: the CNC rates row every new database starts with — the launch row of 2026-11-28 (migration 1091)
 * with the materials' stock prices and machinability of migration 1096 (decision 330). The server's tests check that
 * a migrated database holds exactly this row; the pricing tests and the web's tests price with it (or with a copy
 * changed where a test is about a particular figure), so the browser and the server are tested on the same rates.
 */
export const seededCncRates: CncRates = {
  effectiveFrom: '2026-11-28',
  materials: {
    'aluminium-6061': { centsPerCm3: 10, machinability: 1 },
    'aluminium-7075': { centsPerCm3: 21, machinability: 0.9 },
    'stainless-304': { centsPerCm3: 20, machinability: 0.25 },
    'stainless-316': { centsPerCm3: 26, machinability: 0.2 },
    'mild-steel-1018': { centsPerCm3: 9, machinability: 0.4 },
    brass: { centsPerCm3: 57, machinability: 1.2 },
    pom: { centsPerCm3: 5, machinability: 1.5 },
    abs: { centsPerCm3: 2.7, machinability: 1.4 },
    nylon: { centsPerCm3: 3.8, machinability: 1.3 },
  },
  shopCentsPerHour: 9000,
  setupCents: 5000,
  stockAllowanceMm: 5,
  removalCm3PerHour: 70,
  finishCentsPerPart: { 'as-machined': 0, 'bead-blast': 300, anodized: 500, 'powder-coat': 700 },
  tightToleranceFactor: 1.5,
  standardLeadDays: 10,
  expeditedLeadDays: 4,
  expeditedFactor: 1.5,
  machineEnvelopeMm: [600, 400, 300],
};
