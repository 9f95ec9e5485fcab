import { CNC_MAX_FILE_BYTES, CNC_MAX_TRIANGLES, CncFileRejected } from './file-rejection';

/**
 * How OpenCascade triangulates the solids (decisions 322, 332): in millimetres whatever unit the file was drawn in;
 * a chord may stray from the true surface by 0.1 % of the part's mean bounding-box side, and two neighbouring
 * facets of a curved face may turn by at most 0.3 rad. Measured: a cylinder of any proportion within 0.4 % of
 * πr²h and 0.1 % of its area, a plate with 100 counterbored holes within 0.15 % of its volume — and 4.5 times
 * less CPU than 0.1 rad on that plate, where meshing the holes is most of the reading. The server's worker thread
 * and the browser's Web Worker read STEP with these same settings (decision 324).
 */
export const STEP_TRIANGULATION = {
  linearUnit: 'millimeter',
  linearDeflectionType: 'bounding_box_ratio',
  linearDeflection: 0.001,
  angularDeflection: 0.3,
} as const;

/** The part of occt-import-js 0.0.23's reader both sides use. */
export interface StepReader {
  ReadStepFile(
    content: Uint8Array,
    params: typeof STEP_TRIANGULATION,
  ): {
    success: boolean;
    meshes?: {
      attributes: { position: { array: ArrayLike<number> } };
      index: { array: ArrayLike<number> };
    }[];
  };
}

/** Refuses an empty, oversized or headerless file before OpenCascade is even loaded. */
export function checkStepBytes(bytes: Uint8Array): void {
  if (bytes.length === 0) throw new CncFileRejected('CNC_FILE_EMPTY');
  if (bytes.length > CNC_MAX_FILE_BYTES) throw new CncFileRejected('CNC_FILE_TOO_LARGE');
  if (!/^\s*ISO-10303-21\s*;/.test(new TextDecoder('latin1').decode(bytes.subarray(0, 256))))
    throw new CncFileRejected('CNC_FILE_NOT_A_STEP_MODEL');
}

/**
 * A STEP (.step/.stp) file's solids as a flat list of triangle corners, nine numbers per triangle, in millimetres:
 * the same shape parseStl gives, so measureMesh measures both alike. Refuses an empty, oversized or unreadable
 * file, and a file with no solid in it, with a code.
 */
export function readStep(bytes: Uint8Array, reader: StepReader): Float64Array {
  checkStepBytes(bytes);
  let result: ReturnType<StepReader['ReadStepFile']>;
  try {
    result = reader.ReadStepFile(bytes, { ...STEP_TRIANGULATION });
  } catch {
    throw new CncFileRejected('CNC_FILE_NOT_A_STEP_MODEL');
  }
  if (!result.success || !result.meshes) throw new CncFileRejected('CNC_FILE_NOT_A_STEP_MODEL');
  let triangles = 0;
  for (const mesh of result.meshes) triangles += Math.floor(mesh.index.array.length / 3);
  if (triangles === 0) throw new CncFileRejected('CNC_FILE_NO_SOLID');
  if (triangles > CNC_MAX_TRIANGLES) throw new CncFileRejected('CNC_FILE_TOO_MANY_TRIANGLES');
  const corners = new Float64Array(triangles * 9);
  let at = 0;
  for (const mesh of result.meshes) {
    const positions = mesh.attributes.position.array;
    const indices = mesh.index.array;
    for (let i = 0; i + 2 < indices.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        const vertex = indices[i + c]! * 3;
        if (vertex + 2 >= positions.length) throw new CncFileRejected('CNC_FILE_NOT_A_STEP_MODEL');
        corners[at++] = positions[vertex]!;
        corners[at++] = positions[vertex + 1]!;
        corners[at++] = positions[vertex + 2]!;
      }
    }
  }
  for (const value of corners)
    if (!Number.isFinite(value)) throw new CncFileRejected('CNC_FILE_NOT_A_STEP_MODEL');
  return corners;
}
