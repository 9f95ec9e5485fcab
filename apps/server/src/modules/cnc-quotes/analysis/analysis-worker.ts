/**
 * The analysis worker thread's entry (decision 322): reads and measures the one file it was given, posts the
 * geometry or the rejection's code, and ends. analyseCadFile starts it under a time and memory limit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { analyseBytes } from './analyse-bytes';
import { isCncFileRejection } from './file-rejection';
import type { MeshGeometry } from './mesh-geometry';
import { useCompiledOcct, type CompiledWasm } from './step';

export interface AnalysisRequest {
  /** On a SharedArrayBuffer the parent keeps (decision 335): shared, not copied; only read here. */
  bytes: Uint8Array;
  fileName: string;
  /** OpenCascade compiled once by the parent, for a STEP file (decision 332). */
  occt?: CompiledWasm;
}
export type AnalysisAnswer = { ok: true; geometry: MeshGeometry } | { ok: false; code: string };
/** `started` once the worker's code has loaded (the file's time limit runs from there), then one answer. */
export type WorkerMessage = { started: true } | AnalysisAnswer;

const request = workerData as AnalysisRequest;
useCompiledOcct(request.occt);
parentPort?.postMessage({ started: true } satisfies WorkerMessage);
analyseBytes(request.bytes, request.fileName).then(
  (geometry) => parentPort?.postMessage({ ok: true, geometry } satisfies AnalysisAnswer),
  (error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    parentPort?.postMessage({
      ok: false,
      code: isCncFileRejection(code) ? code : 'CNC_FILE_NOT_A_MESH',
    } satisfies AnalysisAnswer);
  },
);
