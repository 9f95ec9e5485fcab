import { createPreviewDriver, frameRequester, type PreviewDriver } from './preview-driver';
import type { PreviewAnswer, PreviewRequest } from './preview-protocol';
import { createPreviewRenderer, type PreviewRenderer } from './preview-renderer';

/**
 * The preview worker (decision 340): draws the part on the OffscreenCanvas the page handed over, one frame per
 * change (requestAnimationFrame in a dedicated worker, else a timeout), and tells the page after each frame. The
 * page terminates it with its part; its WebGL context and everything in it go with it.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PreviewRequest>) => void) | null;
  postMessage(message: PreviewAnswer): void;
  requestAnimationFrame?: (callback: FrameRequestCallback) => number;
  cancelAnimationFrame?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
};

let driver: PreviewDriver | null = null;

scope.onmessage = (event: MessageEvent<PreviewRequest>) => {
  const message = event.data;
  if (message?.type === 'start') {
    if (driver) return;
    let renderer: PreviewRenderer;
    try {
      renderer = createPreviewRenderer(message.canvas, message, { preserveDrawingBuffer: false });
    } catch {
      scope.postMessage({ type: 'no-webgl' });
      return;
    }
    driver = createPreviewDriver(renderer, {
      view: message.view,
      size: message.size,
      requestFrame: frameRequester(scope),
      onDrawn: (frames) => scope.postMessage({ type: 'drawn', frames }),
    });
  } else if (message?.type === 'view') driver?.setView(message.view);
  else if (message?.type === 'size') driver?.setSize(message.size);
};
