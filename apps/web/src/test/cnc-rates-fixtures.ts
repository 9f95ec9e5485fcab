import type { CncRates } from '@maplesource/contracts/cnc-pricing';
import { seededCncRates } from '@maplesource/contracts/testing/cnc-rates';

/**
 * A row of CNC rates as the admin list answers it (decision 322): the seeded row (decision 330) with a setup of
 * $50.50 and a price per cm³ under a cent, the figures the admin form's tests read back.
 */
export const inEffect: CncRates = {
  ...seededCncRates,
  materials: { ...seededCncRates.materials, 'mild-steel-1018': { centsPerCm3: 0.4, machinability: 0.6 } },
  setupCents: 5050,
};
