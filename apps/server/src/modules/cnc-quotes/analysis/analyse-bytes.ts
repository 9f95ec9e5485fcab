import { CncFileRejected } from './file-rejection';
import { measureMesh, type MeshGeometry } from './mesh-geometry';
import { parseStep } from './step';
import { parseStl } from './stl';

export type CadFileKind = 'stl' | 'step';

/** The reader a file name asks for: .stl, or .step/.stp (any case); anything else is refused. */
export function cadFileKind(fileName: string): CadFileKind {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'stl') return 'stl';
  if (extension === 'step' || extension === 'stp') return 'step';
  throw new CncFileRejected('CNC_FILE_UNSUPPORTED_TYPE');
}

/**
 * Reads and measures one file in the calling thread. Only the analysis worker calls it (decision 322): the route's
 * path is analyseCadFile, which runs this in a worker thread under a time and memory limit.
 */
export async function analyseBytes(bytes: Uint8Array, fileName: string): Promise<MeshGeometry> {
  const kind = cadFileKind(fileName);
  const corners = kind === 'stl' ? parseStl(bytes) : await parseStep(bytes);
  return measureMesh(corners);
}
