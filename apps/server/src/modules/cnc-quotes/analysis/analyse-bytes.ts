import { cadFileKind } from '@maplesource/contracts/cad/file-rejection';
import { measureMesh, type MeshGeometry } from './mesh-geometry';
import { parseStep } from './step';
import { parseStl } from './stl';

export { cadFileKind, type CadFileKind } from '@maplesource/contracts/cad/file-rejection';

/**
 * Reads and measures one file in the calling thread. Only the analysis worker calls it (decision 322): the route's
 * path is analyseCadFile, which runs this in a worker thread under a time and memory limit.
 */
export async function analyseBytes(bytes: Uint8Array, fileName: string): Promise<MeshGeometry> {
  const kind = cadFileKind(fileName);
  const corners = kind === 'stl' ? parseStl(bytes) : await parseStep(bytes);
  return measureMesh(corners);
}
