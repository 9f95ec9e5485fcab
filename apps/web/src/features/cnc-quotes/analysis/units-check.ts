import { IMPLAUSIBLE_LENGTH_MM } from '@maplesource/contracts/cnc-pricing';
import type { CadFileKind } from '@maplesource/contracts/cad/file-rejection';
import { MM_PER_INCH, type CadUnits } from '@maplesource/contracts/cad/units';

/**
 * The visible units check (decision 324): a part over 1,000 mm long read in millimetres was most likely drawn in
 * inches (decision 302's CNC_DFM_CHECK_UNITS), so the screen asks, with a one-click switch; read in inches and
 * still that long, it asks the other way. STEP files state their unit: no check.
 */
export function unitsCheck(
  longestSideInFileUnits: number,
  kind: CadFileKind,
  units: CadUnits,
): { longestMm: number; suggest: CadUnits } | null {
  if (kind === 'step') return null;
  const longestMm = units === 'inch' ? longestSideInFileUnits * MM_PER_INCH : longestSideInFileUnits;
  if (longestMm <= IMPLAUSIBLE_LENGTH_MM) return null;
  return { longestMm, suggest: units === 'mm' ? 'inch' : 'mm' };
}

/** The unit a new file starts in: the one it states, else millimetres. */
export function initialUnits(kind: CadFileKind, unitsFromFile: CadUnits | null): CadUnits {
  return kind === 'step' ? 'mm' : (unitsFromFile ?? 'mm');
}
