import type { DrawingSize, View } from './preview-view';

/**
 * What draws the preview on demand (decisions 324, 340), wherever the drawing runs: the latest view and size, and at
 * most one frame pending however many changes arrive before it; nothing when idle. The preview worker and the page's
 * own fallback both use it around the one three.js renderer (preview-renderer.ts).
 */

/** Asks for `callback` before the next frame; returns what cancels it. */
export type RequestFrame = (callback: () => void) => () => void;

type FrameScope = {
  requestAnimationFrame?: (callback: FrameRequestCallback) => number;
  cancelAnimationFrame?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
};

/**
 * The scope's `requestAnimationFrame` (a window's, or a dedicated worker's in Chromium, which then presents the
 * OffscreenCanvas with the page's frame), else a timeout of about a frame.
 */
export function frameRequester(scope: FrameScope): RequestFrame {
  const { requestAnimationFrame, cancelAnimationFrame } = scope;
  if (typeof requestAnimationFrame === 'function' && typeof cancelAnimationFrame === 'function')
    return (callback) => {
      const handle = requestAnimationFrame.call(scope, () => callback());
      return () => cancelAnimationFrame.call(scope, handle);
    };
  return (callback) => {
    const handle = scope.setTimeout.call(scope, callback, 16);
    return () => scope.clearTimeout.call(scope, handle as never);
  };
}

export interface PreviewDriver {
  setView(view: View): void;
  setSize(size: DrawingSize): void;
  /** Cancels a pending frame and disposes the renderer; later calls do nothing. */
  dispose(): void;
}

export function createPreviewDriver(
  renderer: { draw(view: View, size: DrawingSize): void; dispose(): void },
  {
    view,
    size,
    requestFrame,
    onDrawn,
  }: {
    view: View;
    size: DrawingSize;
    requestFrame: RequestFrame;
    /** After each frame, with the count of frames drawn so far (1 for the first). */
    onDrawn?: (frames: number) => void;
  },
): PreviewDriver {
  let current = { view, size };
  let cancel: (() => void) | null = null;
  let frames = 0;
  let disposed = false;
  const draw = () => {
    cancel = null;
    if (disposed) return;
    renderer.draw(current.view, current.size);
    frames += 1;
    onDrawn?.(frames);
  };
  const schedule = () => {
    if (!disposed && cancel === null) cancel = requestFrame(draw);
  };
  schedule();
  return {
    setView(next) {
      current = { ...current, view: next };
      schedule();
    },
    setSize(next) {
      if (next.width === current.size.width && next.height === current.size.height) return;
      current = { ...current, size: next };
      schedule();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      cancel?.();
      cancel = null;
      renderer.dispose();
    },
  };
}
