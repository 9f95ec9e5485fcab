import { CNC_MAX_FILE_BYTES, CncFileRejected, cadFileKind } from '@maplesource/contracts/cad/file-rejection';
import { measureMesh } from '@maplesource/contracts/cad/mesh-geometry';
import type { StepReader } from '@maplesource/contracts/cad/step';
import { readStep } from '@maplesource/contracts/cad/step';
import { parseStl } from '@maplesource/contracts/cad/stl';
import type { CadUnits } from '@maplesource/contracts/cad/units';
import { buildPreviewMesh } from './preview-mesh';
import type { AnalysisAnswer, AnalysisRequest } from './protocol';

/** "units=inch", "UNITS: in", "inches" in an STL's first 80 bytes (some exporters write it there). */
const INCH_HINT = /\bunits?\s*[=:]?\s*(in|inch|inches)\b|\binch(es)?\b/i;
const MM_HINT = /\bunits?\s*[=:]?\s*(mm|millimet(er|re)s?)\b/i;

export function stlUnitsHint(bytes: Uint8Array): CadUnits | null {
  const header = new TextDecoder('latin1').decode(bytes.subarray(0, 80));
  if (INCH_HINT.test(header)) return 'inch';
  if (MM_HINT.test(header)) return 'mm';
  return null;
}

/**
 * The worker's one job (decision 324): the same checks and readers as the server's analysis worker, then the
 * answer with the preview's mesh (thinned past 100,000 triangles, with its normals) as float32. Every refusal is a CNC_FILE_* code; anything unexpected is
 * CNC_FILE_NOT_A_MESH, as the server says.
 */
export async function analysePart(
  request: AnalysisRequest,
  loadStepReader: () => Promise<StepReader>,
  now: () => number = () => performance.now(),
): Promise<{ answer: AnalysisAnswer; transfer: Transferable[] }> {
  const started = now();
  const { id, file } = request;
  try {
    const kind = cadFileKind(file.name);
    if (file.size === 0) throw new CncFileRejected('CNC_FILE_EMPTY');
    if (file.size > CNC_MAX_FILE_BYTES) throw new CncFileRejected('CNC_FILE_TOO_LARGE');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const corners = kind === 'stl' ? parseStl(bytes) : readStep(bytes, await loadStepReader());
    const geometry = measureMesh(corners);
    const { positions, normals, simplified } = buildPreviewMesh(corners);
    return {
      answer: {
        type: 'analysed',
        id,
        ok: true,
        kind,
        geometry,
        positions,
        normals,
        previewSimplified: simplified,
        unitsFromFile: kind === 'step' ? 'mm' : stlUnitsHint(bytes),
        analysisMs: now() - started,
      },
      transfer: [positions.buffer, normals.buffer],
    };
  } catch (error) {
    const code = error instanceof CncFileRejected ? error.code : 'CNC_FILE_NOT_A_MESH';
    return { answer: { type: 'analysed', id, ok: false, code }, transfer: [] };
  }
}
