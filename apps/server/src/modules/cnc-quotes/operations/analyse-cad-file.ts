import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { AnalysisRequest, WorkerMessage } from '../analysis/analysis-worker';
import { cadFileKind } from '../analysis/analyse-bytes';
import { CNC_MAX_FILE_BYTES, CncFileRejected, isCncFileRejection } from '../analysis/file-rejection';
import type { MeshGeometry } from '../analysis/mesh-geometry';
import { occtWasmPath, type CompiledWasm } from '../analysis/step';

/**
 * The limits one analysis runs under (decision 322). The time covers loading OpenCascade (~0.2 s) and reading the
 * largest honest file (a 5-million-triangle STL measures in ~3 s here); the heap covers measureMesh's edge map for
 * the largest honest STL and OpenCascade's JavaScript side. The WebAssembly memory and the corner arrays live
 * outside V8's heap, so the parent also watches the process's resident memory while a worker runs.
 */
export interface CncAnalysisLimits {
  timeMs: number;
  heapMb: number;
  /** Growth of the process's resident set, over its size when the worker started, that ends the worker. */
  residentGrowthMb: number;
}

export const CNC_ANALYSIS_LIMITS: CncAnalysisLimits = {
  timeMs: 20_000,
  heapMb: 1024,
  residentGrowthMb: 1536,
};

/**
 * How long a worker may take to load its own code (tsx transpiling it from source in tests and `npm run dev`, more
 * on a busy machine) before the file's time limit starts: loading is ours, not the file's (decision 324).
 */
const WORKER_START_LIMIT_MS = 60_000;

/** How often the parent samples the resident set while a worker runs. */
const MEMORY_SAMPLE_MS = 50;

/** Source (tsx in tests and `npm run dev`) runs the .ts entry; the bundle (build.mjs) runs its own entry beside main.js. */
function workerEntry(): { url: URL; execArgv: string[] } {
  return import.meta.url.endsWith('.ts')
    ? { url: new URL('../analysis/analysis-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./cnc-analysis-worker.js', import.meta.url), execArgv: [] };
}

let compiledOcct: Promise<CompiledWasm | undefined> | undefined;

/**
 * OpenCascade's WebAssembly (7.6 MB), compiled once per process off the event loop and handed to every STEP
 * worker (decision 332): a worker that compiled it itself spent ~4.5 s of CPU on background compilation per file,
 * and the code V8 optimises in one worker now serves the next. If it cannot be compiled here, each worker
 * compiles its own as before.
 */
export function compileOcctOnce(): Promise<CompiledWasm | undefined> {
  compiledOcct ??= readFile(occtWasmPath())
    .then((bytes) => WebAssembly.compile(bytes))
    .catch(() => undefined);
  return compiledOcct;
}

/**
 * The file's bytes as the worker is given them (decision 335): on a SharedArrayBuffer, which `workerData` shares
 * with the worker instead of structured-cloning it (the clone cost ~1.7 s for 50 MB on a busy machine, on the
 * worker's start and inside its time limit). One memcpy here; bytes already shared are passed as they are. The
 * caller's own bytes are never detached nor written: the route stores them after the analysis, and a Buffer from
 * the multipart reader may be a view into a pooled ArrayBuffer shared with other requests' data.
 */
export function sharedBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

/**
 * Reads and measures an uploaded CAD file (.stl, .step, .stp) in a worker thread, so a hostile file never blocks
 * the event loop: past the time limit, the heap limit or the resident-memory limit the worker is terminated and
 * the caller gets CncFileRejected('CNC_FILE_TOO_COMPLEX'). The file's own faults keep their codes (decision 302).
 */
export async function analyseCadFile(
  bytes: Uint8Array,
  fileName: string,
  limits: CncAnalysisLimits = CNC_ANALYSIS_LIMITS,
): Promise<MeshGeometry> {
  const kind = cadFileKind(fileName);
  if (bytes.length === 0) throw new CncFileRejected('CNC_FILE_EMPTY');
  if (bytes.length > CNC_MAX_FILE_BYTES) throw new CncFileRejected('CNC_FILE_TOO_LARGE');
  const occt = kind === 'step' ? await compileOcctOnce() : undefined;
  const entry = workerEntry();
  const worker = new Worker(entry.url, {
    execArgv: entry.execArgv,
    workerData: { bytes: sharedBytes(bytes), fileName, occt } satisfies AnalysisRequest,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 64 },
    stdout: true,
    stderr: true,
  });
  // The worker's console (OpenCascade's parser, tsx) is not the server's log.
  worker.stdout.resume();
  worker.stderr.resume();
  const residentAtStart = process.memoryUsage.rss();
  return new Promise<MeshGeometry>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      void worker.terminate();
      outcome();
    };
    const tooComplex = () => finish(() => reject(new CncFileRejected('CNC_FILE_TOO_COMPLEX')));
    // The file's time limit runs from the moment the worker has loaded and starts reading it.
    let timer = setTimeout(tooComplex, WORKER_START_LIMIT_MS);
    // Growth over the lowest resident size seen since the worker started: memory another finished analysis gives
    // back meanwhile must not hide this one's growth.
    let residentLow = residentAtStart;
    const watch = setInterval(() => {
      const resident = process.memoryUsage.rss();
      residentLow = Math.min(residentLow, resident);
      if (resident - residentLow > limits.residentGrowthMb * 1024 * 1024) tooComplex();
    }, MEMORY_SAMPLE_MS);
    worker.on('message', (message: WorkerMessage) => {
      if ('started' in message) {
        clearTimeout(timer);
        timer = setTimeout(tooComplex, limits.timeMs);
        return;
      }
      finish(() =>
        message.ok
          ? resolve(message.geometry)
          : reject(
              new CncFileRejected(isCncFileRejection(message.code) ? message.code : 'CNC_FILE_NOT_A_MESH'),
            ),
      );
    });
    // ERR_WORKER_OUT_OF_MEMORY (the heap limit) or a crash inside OpenCascade: the file is beyond what we analyse.
    worker.once('error', tooComplex);
    worker.once('exit', tooComplex);
  });
}
