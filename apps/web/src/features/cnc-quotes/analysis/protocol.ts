import type { CadFileKind, CncFileRejection } from '@maplesource/contracts/cad/file-rejection';
import type { MeshGeometry } from '@maplesource/contracts/cad/mesh-geometry';
import type { CadUnits } from '@maplesource/contracts/cad/units';

/**
 * The browser's part analysis (decision 324): the page posts the chosen File to a Web Worker, which reads and
 * measures it with the server's own readers (contracts/cad) and answers once. One worker per file, ended after
 * its answer, after 20 s, or when it fails; the page's main thread never parses a byte.
 */
export type AnalysisRequest = {
  type: 'analyse';
  id: number;
  file: File;
  /** OpenCascade as a previous worker of this page compiled it (decision 335); absent until one has. */
  occt?: WebAssembly.Module;
};

/** Posted by a worker that compiled OpenCascade, before its answer: the page keeps it for the next STEP file. */
export type OcctCompiled = { type: 'occt-compiled'; module: WebAssembly.Module };

/** Decision 344: the page asks a worker of its own to prepare OpenCascade before any file is chosen. */
export type PrepareOcct = { type: 'prepare-occt' };

/** That worker's last word: it compiled OpenCascade (posted as `occt-compiled` first) and read its small part. */
export type OcctPrepared = { type: 'occt-prepared'; ok: boolean };

export type AnalysisAnswer =
  | {
      type: 'analysed';
      id: number;
      ok: true;
      kind: CadFileKind;
      /** In the file's own numbers: millimetres for STEP; for STL, whatever unit it was drawn in. */
      geometry: MeshGeometry;
      /** The preview's triangle corners as float32 (transferred, not copied); thinned past 100,000 triangles. */
      positions: Float32Array;
      /** The face normal on each corner of `positions` (transferred too): the page computes nothing. */
      normals: Float32Array;
      /** True when the preview draws a vertex-clustered mesh, not the file's triangles (the figures never are). */
      previewSimplified: boolean;
      /** The unit the file states: always mm for STEP; an STL header's "units=inch" hint; else null. */
      unitsFromFile: CadUnits | null;
      /** Time from the request to the answer inside the worker, in ms. */
      analysisMs: number;
    }
  | { type: 'analysed'; id: number; ok: false; code: CncFileRejection };

export type AnalysisResult = Extract<AnalysisAnswer, { ok: true }>;

/** Past this the worker is ended and the file reported too complex (the server's time limit, decision 322). */
export const BROWSER_ANALYSIS_TIMEOUT_MS = 20_000;

export class BrowserAnalysisFailed extends Error {
  constructor(readonly code: CncFileRejection) {
    super(code);
    this.name = 'BrowserAnalysisFailed';
  }
}

/** Only the answer to this request counts: anything else a worker might post is ignored. */
export function isAnswerTo(data: unknown, id: number): data is AnalysisAnswer {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'analysed' &&
    (data as { id?: unknown }).id === id &&
    typeof (data as { ok?: unknown }).ok === 'boolean'
  );
}

/** The part of a Worker the page uses (tests pass a fake). */
export interface AnalysisWorker {
  postMessage(message: AnalysisRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
}

/** The same worker asked to prepare OpenCascade (decision 344; tests pass a fake). */
export type OcctPreparingWorker = Omit<AnalysisWorker, 'postMessage'> & {
  postMessage(message: PrepareOcct): void;
};

let nextId = 1;

/**
 * OpenCascade's compiled WebAssembly, kept for the page's life once a worker has compiled it (decision 335): each
 * new worker instantiates it (milliseconds) instead of compiling 7.6 MB (seconds of CPU). The page never compiles
 * it itself (its policy allows no WebAssembly compilation; the worker's does) and keeps only the code, never a
 * worker or its memory.
 */
let compiledOcct: WebAssembly.Module | undefined;

/** The compiled OpenCascade the next worker is given (tests read it). */
export const keptOcctModule = () => compiledOcct;

function isOcctCompiled(data: unknown): data is OcctCompiled {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'occt-compiled' &&
    typeof WebAssembly !== 'undefined' &&
    (data as { module?: unknown }).module instanceof WebAssembly.Module
  );
}

const STEP_FILE = /\.(step|stp)$/i;

/** A preparation in flight (decision 344): its worker, the compiled module once posted, and how to end it. */
type Preparation = {
  compiled: Promise<WebAssembly.Module | undefined>;
  done: Promise<boolean>;
  end: (prepared: boolean) => void;
};
let preparation: Preparation | undefined;

/**
 * Decision 344: OpenCascade fetched, compiled and run once before the buyer chooses a file, so the first STEP file
 * costs what the next ones do. One worker of its own (the analysis worker, asked `prepare-occt`) compiles it, posts
 * the module, which the page keeps as for a file (decision 335), reads a small part and says so; the page then ends
 * it: no worker and no OpenCascade memory stay behind, only the compiled code. Resolves true once prepared, false
 * when it failed, ran past the time limit or was ended by a file chosen meanwhile (a file always wins: a STEP file
 * takes the module the moment it is compiled instead of compiling a second one beside it). Nothing to do when the
 * page already keeps a module; one preparation at a time.
 */
export function prepareOcct(
  createWorker: () => OcctPreparingWorker,
  { timeoutMs = BROWSER_ANALYSIS_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<boolean> {
  if (preparation) return preparation.done;
  if (compiledOcct) return Promise.resolve(true);
  let compiledNow: (module: WebAssembly.Module | undefined) => void = () => undefined;
  let doneNow: (prepared: boolean) => void = () => undefined;
  const worker = createWorker();
  const current: Preparation = {
    compiled: new Promise((resolve) => (compiledNow = resolve)),
    done: new Promise((resolve) => (doneNow = resolve)),
    end: (prepared) => {
      if (preparation !== current) return;
      preparation = undefined;
      clearTimeout(timer);
      worker.terminate();
      compiledNow(compiledOcct);
      doneNow(prepared);
    },
  };
  preparation = current;
  const timer = setTimeout(() => current.end(false), timeoutMs);
  worker.onmessage = (event) => {
    if (isOcctCompiled(event.data)) {
      compiledOcct = event.data.module;
      compiledNow(compiledOcct);
    } else if ((event.data as { type?: unknown } | null)?.type === 'occt-prepared')
      current.end((event.data as OcctPrepared).ok === true && compiledOcct !== undefined);
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    current.end(false);
  };
  worker.onmessageerror = () => current.end(false);
  worker.postMessage({ type: 'prepare-occt' });
  return current.done;
}

/** Ends a preparation in flight (the instant quote leaves the page); the module stays kept if it was compiled. */
export function stopOcctPreparation() {
  preparation?.end(false);
}

/**
 * Analyses one file in a fresh worker. Resolves with the measurement or rejects with a BrowserAnalysisFailed: the
 * file's own code, or CNC_FILE_TOO_COMPLEX when the worker crashes or runs past the timeout (it is terminated,
 * never left spinning). `signal` ends the worker when the page no longer wants the answer.
 */
export function analyseInWorker(
  file: File,
  createWorker: () => AnalysisWorker,
  { timeoutMs = BROWSER_ANALYSIS_TIMEOUT_MS, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<AnalysisResult> {
  const id = nextId++;
  const isStep = STEP_FILE.test(file.name.trim());
  return new Promise<AnalysisResult>((resolve, reject) => {
    let worker: AnalysisWorker | undefined;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker?.terminate();
      outcome();
    };
    const fail = (code: CncFileRejection) => finish(() => reject(new BrowserAnalysisFailed(code)));
    const onAbort = () => finish(() => reject(new DOMException('Aborted', 'AbortError')));
    const timer = setTimeout(() => fail('CNC_FILE_TOO_COMPLEX'), timeoutMs);
    signal?.addEventListener('abort', onAbort);
    // Decision 344: a file chosen while OpenCascade is being prepared ends the preparation; a STEP file first waits
    // for its compiled module (within this file's time limit) rather than compiling a second one beside it.
    const pending = preparation;
    if (!pending) start();
    else if (isStep && !compiledOcct)
      void pending.compiled.then(() => {
        pending.end(false);
        start();
      });
    else {
      pending.end(false);
      start();
    }

    function start() {
      if (settled) return;
      const own = createWorker();
      worker = own;
      own.onmessage = (event) => {
        if (isOcctCompiled(event.data)) compiledOcct = event.data.module;
        if (!isAnswerTo(event.data, id)) return;
        const answer = event.data;
        if (answer.ok) finish(() => resolve(answer));
        else fail(answer.code);
      };
      own.onerror = (event) => {
        event.preventDefault?.();
        fail('CNC_FILE_TOO_COMPLEX');
      };
      // A STEP file read without a kept module may post the compiled module before its answer (decision 335); a
      // browser that cannot take a module across must not fail the file for it: that one unreadable message is let
      // pass, and the answer or the time limit settles the file.
      let unreadableAllowed = isStep && !compiledOcct ? 1 : 0;
      own.onmessageerror = () => {
        if (unreadableAllowed > 0) unreadableAllowed -= 1;
        else fail('CNC_FILE_TOO_COMPLEX');
      };
      own.postMessage({ type: 'analyse', id, file, ...(compiledOcct && { occt: compiledOcct }) });
    }
  });
}

/** The real worker, bundled by Vite as its own module chunk. */
export function createAnalysisWorker(): AnalysisWorker & OcctPreparingWorker {
  return new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });
}
