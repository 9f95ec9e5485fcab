import type { DrawingSize, View } from './preview-view';

/**
 * The 3D preview drawn off the page's main thread (decision 340): the page transfers its canvas's control to a
 * dedicated module worker (`transferControlToOffscreen`) with a copy of the part's arrays, then posts each view and
 * size change; the worker draws one frame per change and says when it has. One worker per part, terminated with it.
 */
export type PreviewRequest =
  | {
      type: 'start';
      canvas: OffscreenCanvas;
      positions: Float32Array;
      normals: Float32Array;
      view: View;
      size: DrawingSize;
    }
  | { type: 'view'; view: View }
  | { type: 'size'; size: DrawingSize };

/** `drawn` after each frame (1 for the first); `no-webgl` when the worker gets no WebGL context (then it is ended). */
export type PreviewAnswer = { type: 'drawn'; frames: number } | { type: 'no-webgl' };

export function isPreviewAnswer(data: unknown): data is PreviewAnswer {
  if (typeof data !== 'object' || data === null) return false;
  const { type, frames } = data as { type?: unknown; frames?: unknown };
  return type === 'no-webgl' || (type === 'drawn' && typeof frames === 'number' && frames >= 1);
}

/**
 * The start message and what it transfers. The page keeps the arrays (the caption counts their triangles, a
 * remount or the fallback draws them again, decision 324's analysis result stays whole), so the worker is given
 * copies, transferred rather than cloned a second time.
 */
export function startRequest(
  canvas: OffscreenCanvas,
  mesh: { positions: Float32Array; normals: Float32Array },
  view: View,
  size: DrawingSize,
): [PreviewRequest, Transferable[]] {
  const positions = mesh.positions.slice();
  const normals = mesh.normals.slice();
  return [
    { type: 'start', canvas, positions, normals, view, size },
    [canvas, positions.buffer, normals.buffer],
  ];
}

/** Where the preview draws: in its worker, on the page (the fallback), or nowhere (no WebGL at all). */
export type PreviewMode = 'worker' | 'page' | 'unavailable';

/** What the browser offers for drawing in a worker; `workerCannotDraw` once a worker of this page had no WebGL. */
export type PreviewSupport = {
  transferControl: boolean;
  workers: boolean;
  offscreenCanvas: boolean;
  workerCannotDraw: boolean;
};

/** A worker where the canvas can be handed over and a worker may draw; the page itself otherwise. */
export function previewModeFor(support: PreviewSupport): Exclude<PreviewMode, 'unavailable'> {
  return support.transferControl && support.workers && support.offscreenCanvas && !support.workerCannotDraw
    ? 'worker'
    : 'page';
}

/** Set once a worker of this page had no WebGL: the next parts draw on the page at once, not after a failed try. */
let workerCannotDraw = false;
export const noteWorkerCannotDraw = () => {
  workerCannotDraw = true;
};

export function browserPreviewSupport(): PreviewSupport {
  return {
    transferControl:
      typeof HTMLCanvasElement !== 'undefined' &&
      typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function',
    workers: typeof Worker === 'function',
    offscreenCanvas: typeof OffscreenCanvas === 'function',
    workerCannotDraw,
  };
}

/** The part of a Worker the preview uses (tests pass a fake). */
export interface PreviewWorker {
  postMessage(message: PreviewRequest, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** The real worker, bundled by Vite as its own module chunk with three.js; fetched only when a part is shown. */
export function createPreviewWorker(): PreviewWorker {
  return new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module' });
}
