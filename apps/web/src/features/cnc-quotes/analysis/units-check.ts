import { IMPLAUSIBLE_LENGTH_MM } from '@maplesource/contracts/cnc-pricing';
import type { CadFileKind } from '@maplesource/contracts/cad/file-rejection';
import { MM_PER_INCH, type CadUnits } from '@maplesource/contracts/cad/units';

/** Under this longest side, read in millimetres, the part is more likely an inch drawing (decision 302's tiny part). */
export const INCH_SUSPECT_MM = 2;

/**
 * The visible units check (decision 324). Inches make a part 25.4 times larger, so the screen asks "did you mean
 * inches?" of a part implausibly small in millimetres (under 2 mm), and "did you mean millimetres?" of a part read
 * in inches that comes out over 1,000 mm long while its numbers in millimetres would not. Each with a one-click
 * switch. A part over 1,000 mm in millimetres keeps decision 302's CNC_DFM_CHECK_UNITS note: inches would only
 * make it larger. STEP files state their unit: no check.
 */
export function unitsCheck(
  longestSideInFileUnits: number,
  kind: CadFileKind,
  units: CadUnits,
): { longestMm: number; suggest: CadUnits } | null {
  if (kind === 'step' || longestSideInFileUnits <= 0) return null;
  if (units === 'mm')
    return longestSideInFileUnits < INCH_SUSPECT_MM
      ? { longestMm: longestSideInFileUnits, suggest: 'inch' }
      : null;
  const longestMm = longestSideInFileUnits * MM_PER_INCH;
  return longestMm > IMPLAUSIBLE_LENGTH_MM && longestSideInFileUnits <= IMPLAUSIBLE_LENGTH_MM
    ? { longestMm, suggest: 'mm' }
    : null;
}

/** The unit a new file starts in: the one it states, else millimetres. */
export function initialUnits(kind: CadFileKind, unitsFromFile: CadUnits | null): CadUnits {
  return kind === 'step' ? 'mm' : (unitsFromFile ?? 'mm');
}
