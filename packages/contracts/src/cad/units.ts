import type { MeshGeometry } from './mesh-geometry';

/**
 * The unit an STL's numbers are in (decision 324). STL files carry none: the buyer chooses, and the screen suggests
 * inches when the part would be implausibly long in millimetres. A STEP file states its own unit and OpenCascade
 * converts it to millimetres (decision 322), so the choice applies to STL files only, in the browser and on the
 * server alike.
 */
export const CAD_UNITS = ['mm', 'inch'] as const;
export type CadUnits = (typeof CAD_UNITS)[number];
export const MM_PER_INCH = 25.4;

/** A mesh measured in `units`, in millimetres: lengths × 25.4, areas × 25.4², volume × 25.4³ for inches. */
export function meshInMillimetres(mesh: MeshGeometry, units: CadUnits): MeshGeometry {
  if (units === 'mm') return mesh;
  const k = MM_PER_INCH;
  return {
    ...mesh,
    volume: mesh.volume * k * k * k,
    surfaceArea: mesh.surfaceArea * k * k,
    boundingBox: [mesh.boundingBox[0] * k, mesh.boundingBox[1] * k, mesh.boundingBox[2] * k],
  };
}
