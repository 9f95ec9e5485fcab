/**
 * Signatures travel as small SVGs made of `<path>` elements only (the server keeps <svg>/<path> with d and
 * stroke attributes and drops everything else), at most 64 KB.
 */
export const SIGNATURE_MAX_BYTES = 64 * 1024;

export type StrokePoint = { x: number; y: number };

/** "L1234.5 1234.5" is at most 15 characters: 1,000 points stay well under the server's 20,000 per path. */
const MAX_POINTS_PER_PATH = 1000;

const round = (value: number) => Math.round(value * 10) / 10;

function svgDocument(width: number, height: number, paths: string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    paths.join('') +
    '</svg>'
  );
}

/** A drawn signature (signature_pad's point groups) → paths along each stroke; a lone dot becomes a tiny line. */
export function strokesToSvg(
  strokes: readonly (readonly StrokePoint[])[],
  width: number,
  height: number,
): string | null {
  const paths: string[] = [];
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    const points = [first, ...(rest.length > 0 ? rest : [{ x: first.x + 0.5, y: first.y }])];
    // A long stroke is cut into paths of at most MAX_POINTS_PER_PATH points (each starts where the last ended):
    // the server refuses a path whose data passes 20,000 characters.
    for (let start = 0; start < points.length - 1; start += MAX_POINTS_PER_PATH - 1) {
      const [head, ...tail] = points.slice(start, start + MAX_POINTS_PER_PATH);
      const d =
        `M${round(head!.x)} ${round(head!.y)}` + tail.map((p) => `L${round(p.x)} ${round(p.y)}`).join('');
      paths.push(`<path d="${d}" stroke="#111827" stroke-width="2" fill="none"/>`);
    }
  }
  if (paths.length === 0) return null;
  return svgDocument(Math.round(width), Math.round(height), paths);
}

/**
 * A rendered typed name (the alpha channel of a canvas) → horizontal runs of inked cells as path segments, so a
 * keyboard user's signature is a picture of their typed name drawn with paths only (no <text>, no fonts needed to
 * show it later). `cell` merges cell × cell pixels to keep the SVG small.
 */
export function inkToSvg(alpha: ArrayLike<number>, width: number, height: number, cell = 2): string | null {
  const paths: string[] = [];
  for (let y = 0; y < height; y += cell) {
    let runStart = -1;
    let d = '';
    for (let x = 0; x <= width; x += cell) {
      const inked = x < width && cellInked(alpha, width, height, x, y, cell);
      if (inked && runStart < 0) runStart = x;
      if (!inked && runStart >= 0) {
        d += `M${runStart} ${y + cell / 2}h${x - runStart}`;
        runStart = -1;
      }
    }
    if (d) paths.push(`<path d="${d}" stroke="#111827" stroke-width="${cell}"/>`);
  }
  if (paths.length === 0) return null;
  return svgDocument(width, height, paths);
}

function cellInked(
  alpha: ArrayLike<number>,
  width: number,
  height: number,
  x0: number,
  y0: number,
  cell: number,
) {
  for (let y = y0; y < Math.min(y0 + cell, height); y++) {
    for (let x = x0; x < Math.min(x0 + cell, width); x++) {
      if ((alpha[y * width + x] ?? 0) >= 128) return true;
    }
  }
  return false;
}

/** The typed name drawn on an off-screen canvas in a handwriting-like face; null where canvas is unavailable. */
export function typedNameSvg(name: string): string | null {
  const text = name.trim();
  if (!text || typeof document === 'undefined') return null;
  const width = 360;
  const height = 72;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  let context: CanvasRenderingContext2D | null;
  try {
    context = canvas.getContext('2d');
  } catch {
    return null;
  }
  if (!context) return null;
  let size = 40;
  context.textBaseline = 'middle';
  do {
    context.font = `italic ${size}px "Segoe Script", "Brush Script MT", cursive, serif`;
    size -= 2;
  } while (context.measureText(text).width > width - 16 && size > 12);
  context.fillStyle = '#000';
  context.fillText(text, 8, height / 2);
  const rgba = context.getImageData(0, 0, width, height).data;
  const alpha = new Uint8ClampedArray(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[i * 4 + 3] ?? 0;
  return inkToSvg(alpha, width, height);
}

export function svgBytes(svg: string): number {
  return new TextEncoder().encode(svg).length;
}
