import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { createPreviewDriver, frameRequester, type PreviewDriver } from './preview-driver';
import {
  browserPreviewSupport,
  createPreviewWorker,
  isPreviewAnswer,
  noteWorkerCannotDraw,
  previewModeFor,
  startRequest,
  type PreviewMode,
  type PreviewWorker,
} from './preview-protocol';
import {
  drawingSize,
  sameSize,
  START,
  viewAfterDrag,
  viewAfterKey,
  viewAfterWheel,
  type DrawingSize,
  type View,
} from './preview-view';

/** Canvases whose control went to a worker: such a canvas is never drawn on again, a new one is mounted instead. */
const handedOver = new WeakSet<HTMLCanvasElement>();

/** What the page tells whatever draws the part: its worker, or its own driver where no worker can (decision 340). */
type Drawing = { setView(view: View): void; setSize(size: DrawingSize): void };

/**
 * The part in 3D (decision 324): a focusable canvas with a label and the key bindings, the pointer to orbit and the
 * wheel to zoom, and a text alternative. Drawn by three.js in a dedicated worker on the canvas's OffscreenCanvas, so
 * no frame blocks the page (decision 340); where a worker cannot draw, on the page itself (three.js then loaded with
 * the fallback only); without WebGL, the same named image says the preview is unavailable. The canvas carries
 * `data-renderer` (worker or page) and `data-drawn`, the count of frames drawn once there is one.
 */
export default function PartPreview({
  positions,
  normals,
  simplified,
  name,
  description,
  createWorker = createPreviewWorker,
}: {
  positions: Float32Array;
  normals: Float32Array;
  simplified: boolean;
  name: string;
  description: string;
  /** The worker the preview draws in (tests pass a fake). */
  createWorker?: () => PreviewWorker;
}) {
  const { t, i18n } = useTranslation('cncQuotes');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<View>(START);
  const drawingRef = useRef<Drawing | null>(null);
  const [mode, setMode] = useState<PreviewMode>(() => previewModeFor(browserPreviewSupport()));
  // A canvas is handed to one worker only: each part (and StrictMode's second effect run) gets a new element.
  const [canvasGeneration, setCanvasGeneration] = useState(0);
  const descriptionId = useId();
  const helpId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || mode === 'unavailable') return;
    if (handedOver.has(canvas)) {
      setCanvasGeneration((generation) => generation + 1);
      return;
    }
    const mesh = { positions, normals };
    const currentSize = () => drawingSize(canvas.clientWidth, canvas.clientHeight, window.devicePixelRatio);
    const onDrawn = (frames: number) => {
      canvas.dataset.drawn = String(frames);
    };
    let drawing: Drawing | null = null;
    let stop: () => void;
    if (mode === 'worker') {
      let offscreen: OffscreenCanvas;
      try {
        offscreen = canvas.transferControlToOffscreen();
      } catch {
        setMode('page');
        return;
      }
      handedOver.add(canvas);
      const worker = createWorker();
      const fallBack = () => {
        noteWorkerCannotDraw();
        worker.terminate();
        setMode('page');
      };
      worker.onmessage = (event) => {
        if (!isPreviewAnswer(event.data)) return;
        if (event.data.type === 'drawn') onDrawn(event.data.frames);
        else fallBack();
      };
      // The worker's script did not load or threw: the page draws the next canvas itself.
      worker.onerror = (event) => {
        event.preventDefault?.();
        fallBack();
      };
      let size = currentSize();
      worker.postMessage(...startRequest(offscreen, mesh, viewRef.current, size));
      drawing = {
        setView: (view) => worker.postMessage({ type: 'view', view }),
        setSize: (next) => {
          if (sameSize(size, next)) return;
          size = next;
          worker.postMessage({ type: 'size', size: next });
        },
      };
      stop = () => worker.terminate();
    } else {
      // The fallback: the same renderer and driver on the page's canvas, three.js fetched only now.
      let cancelled = false;
      let driver: PreviewDriver | null = null;
      import('./preview-renderer').then(
        ({ createPreviewRenderer }) => {
          if (cancelled) return;
          try {
            const renderer = createPreviewRenderer(canvas, mesh, { preserveDrawingBuffer: true });
            driver = createPreviewDriver(renderer, {
              view: viewRef.current,
              size: currentSize(),
              requestFrame: frameRequester(window),
              onDrawn,
            });
            drawing = driver;
          } catch {
            setMode('unavailable');
          }
        },
        () => {
          if (!cancelled) setMode('unavailable');
        },
      );
      stop = () => {
        cancelled = true;
        driver?.dispose();
      };
    }
    drawingRef.current = {
      setView: (view) => drawing?.setView(view),
      setSize: (size) => drawing?.setSize(size),
    };
    const observer = new ResizeObserver(() => drawingRef.current?.setSize(currentSize()));
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      drawingRef.current = null;
      stop();
      delete canvas.dataset.drawn;
    };
  }, [positions, normals, mode, canvasGeneration, createWorker]);

  const move = (view: View) => {
    viewRef.current = view;
    drawingRef.current?.setView(view);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const next = viewAfterKey(viewRef.current, event.key);
    if (!next) return;
    event.preventDefault();
    move(next);
  };
  const drag = useRef<{ x: number; y: number } | null>(null);

  return (
    <figure className="space-y-2">
      {mode === 'unavailable' ? (
        <div
          role="img"
          aria-label={t('preview.label', { name })}
          aria-describedby={`${descriptionId} ${helpId}`}
          className="rounded-md bg-gray-100 p-4 text-sm text-gray-700"
        >
          {t('preview.unavailable')}
        </div>
      ) : (
        <canvas
          key={`${mode}-${canvasGeneration}`}
          ref={canvasRef}
          data-renderer={mode}
          tabIndex={0}
          role="img"
          aria-label={t('preview.label', { name })}
          aria-describedby={`${descriptionId} ${helpId}`}
          data-testid="cnc-preview"
          className="aspect-[4/3] w-full touch-none rounded-lg border border-gray-200 bg-gray-100 focus-visible:outline-2 focus-visible:outline-maple-600"
          onKeyDown={onKeyDown}
          onPointerDown={(event) => {
            drag.current = { x: event.clientX, y: event.clientY };
            event.currentTarget.setPointerCapture(event.pointerId);
          }}
          onPointerMove={(event) => {
            if (!drag.current) return;
            const dx = event.clientX - drag.current.x;
            const dy = event.clientY - drag.current.y;
            drag.current = { x: event.clientX, y: event.clientY };
            move(viewAfterDrag(viewRef.current, dx, dy));
          }}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onWheel={(event) => move(viewAfterWheel(viewRef.current, event.deltaY))}
        />
      )}
      <figcaption className="text-xs text-gray-600">
        <span id={descriptionId}>
          {description}
          {simplified
            ? ` ${t('preview.simplified', { count: formatNumber(positions.length / 9, i18n.language) })}`
            : null}
        </span>{' '}
        <span id={helpId}>{t('preview.help')}</span>
      </figcaption>
    </figure>
  );
}
