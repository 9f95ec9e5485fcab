/**
 * The 3D preview's view and drawing size (decisions 324, 340): plain numbers the page computes from keys, the
 * pointer, the wheel and its size, and posts to whatever draws (the preview worker, or the page itself as the
 * fallback). No three.js here: the page loads this module without it.
 */

/** The view the keys and the pointer move: angles around the part and the distance as a multiple of its size. */
export type View = { yaw: number; pitch: number; zoom: number };
/** The drawing buffer's size in device pixels. */
export type DrawingSize = { width: number; height: number };

export const START: View = { yaw: Math.PI / 4, pitch: Math.PI / 6, zoom: 2.6 };
const STEP = Math.PI / 18;
const clampPitch = (pitch: number) => Math.max(-1.5, Math.min(1.5, pitch));
const clampZoom = (zoom: number) => Math.max(0.8, Math.min(12, zoom));

/** Arrows rotate by 10°, + and − zoom by 15 %, 0 resets (decision 324); other keys are left alone. */
export function viewAfterKey(view: View, key: string): View | null {
  switch (key) {
    case 'ArrowLeft':
      return { ...view, yaw: view.yaw - STEP };
    case 'ArrowRight':
      return { ...view, yaw: view.yaw + STEP };
    case 'ArrowUp':
      return { ...view, pitch: clampPitch(view.pitch + STEP) };
    case 'ArrowDown':
      return { ...view, pitch: clampPitch(view.pitch - STEP) };
    case '+':
    case '=':
      return { ...view, zoom: clampZoom(view.zoom / 1.15) };
    case '-':
    case '_':
      return { ...view, zoom: clampZoom(view.zoom * 1.15) };
    case '0':
      return START;
    default:
      return null;
  }
}

/** The pointer orbits: 0.01 radian per CSS pixel dragged, the pitch kept short of the poles. */
export function viewAfterDrag(view: View, dx: number, dy: number): View {
  return { yaw: view.yaw - dx * 0.01, pitch: clampPitch(view.pitch + dy * 0.01), zoom: view.zoom };
}

/** The wheel zooms by 10 % a notch: away when scrolled down, closer when scrolled up. */
export function viewAfterWheel(view: View, deltaY: number): View {
  return { ...view, zoom: clampZoom(view.zoom * (deltaY > 0 ? 1.1 : 1 / 1.1)) };
}

/**
 * The drawing buffer for a canvas of `cssWidth` × `cssHeight` CSS pixels: × the device pixel ratio, capped at 2
 * (sharper than that costs software WebGL four times the pixels for nothing a buyer sees), rounded, at least 1.
 */
export function drawingSize(cssWidth: number, cssHeight: number, devicePixelRatio: number): DrawingSize {
  const ratio = Math.min(Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1, 2);
  const pixels = (css: number) => Math.max(1, Math.round((Number.isFinite(css) ? css : 0) * ratio));
  return { width: pixels(cssWidth), height: pixels(cssHeight) };
}

export const sameSize = (a: DrawingSize | null, b: DrawingSize) =>
  a !== null && a.width === b.width && a.height === b.height;
