/** The preview's triangle budget: past it the worker thins the mesh it hands to the page (decision 324). */
export const PREVIEW_MAX_TRIANGLES = 100_000;

export type PreviewMesh = {
  /** Corners of the triangles to draw, 9 floats each (not indexed). */
  positions: Float32Array;
  /** The face normal repeated on each of its three corners. */
  normals: Float32Array;
  /** True when the triangles drawn are a thinned version of the file's. */
  simplified: boolean;
};

/** Writes one triangle as triangle `out` of `positions`, with its face normal on its three corners. */
function writeTriangle(
  positions: Float32Array,
  normals: Float32Array,
  out: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
) {
  const ux = bx - ax;
  const uy = by - ay;
  const uz = bz - az;
  const vx = cx - ax;
  const vy = cy - ay;
  const vz = cz - az;
  let nx = uy * vz - uz * vy;
  let ny = uz * vx - ux * vz;
  let nz = ux * vy - uy * vx;
  const length = Math.hypot(nx, ny, nz);
  if (length > 0) {
    nx /= length;
    ny /= length;
    nz /= length;
  }
  const o = out * 9;
  positions[o] = ax;
  positions[o + 1] = ay;
  positions[o + 2] = az;
  positions[o + 3] = bx;
  positions[o + 4] = by;
  positions[o + 5] = bz;
  positions[o + 6] = cx;
  positions[o + 7] = cy;
  positions[o + 8] = cz;
  for (let k = 0; k < 9; k += 3) {
    normals[o + k] = nx;
    normals[o + k + 1] = ny;
    normals[o + k + 2] = nz;
  }
}

/** Every triangle as is, with its face normal. */
function fullMesh(corners: ArrayLike<number>): PreviewMesh {
  const count = Math.floor(corners.length / 9);
  const positions = new Float32Array(count * 9);
  const normals = new Float32Array(count * 9);
  for (let t = 0; t < count; t++) {
    const i = t * 9;
    writeTriangle(
      positions,
      normals,
      t,
      corners[i]!,
      corners[i + 1]!,
      corners[i + 2]!,
      corners[i + 3]!,
      corners[i + 4]!,
      corners[i + 5]!,
      corners[i + 6]!,
      corners[i + 7]!,
      corners[i + 8]!,
    );
  }
  return { positions, normals, simplified: false };
}

type Bounds = { min: [number, number, number]; size: number };

function boundsOf(corners: ArrayLike<number>, count: number): Bounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count * 9; i++) {
    const axis = i % 3;
    const value = corners[i]!;
    if (value < min[axis]!) min[axis] = value;
    if (value > max[axis]!) max[axis] = value;
  }
  return { min, size: Math.max(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!) || 1 };
}

/**
 * Vertex clustering on a `cells`³ grid over the bounding box: every corner moves to the mean of the corners in its
 * cell and triangles with two corners in one cell vanish. Deterministic: the same file always gives the same preview.
 * The cells are found with an open-addressing table over typed arrays (no Map or string keys: 1.2 million corners).
 * Returns the count alone when it is over `limit`.
 */
function clustered(
  corners: ArrayLike<number>,
  count: number,
  { min, size }: Bounds,
  cells: number,
  limit: number,
): PreviewMesh | number {
  const scale = cells / size;
  const vertices = count * 3;
  let capacity = 1;
  while (capacity < vertices * 2) capacity *= 2;
  const keys = new Int32Array(capacity).fill(-1);
  const ids = new Int32Array(capacity);
  const sums = new Float64Array(vertices * 4);
  const cellOf = new Int32Array(vertices);
  let used = 0;
  for (let v = 0; v < vertices; v++) {
    const x = corners[v * 3]!;
    const y = corners[v * 3 + 1]!;
    const z = corners[v * 3 + 2]!;
    const ix = Math.min(cells - 1, Math.floor((x - min[0]) * scale));
    const iy = Math.min(cells - 1, Math.floor((y - min[1]) * scale));
    const iz = Math.min(cells - 1, Math.floor((z - min[2]) * scale));
    const key = ix + cells * (iy + cells * iz);
    let slot = Math.imul(key, 0x9e3779b1) & (capacity - 1);
    while (keys[slot] !== -1 && keys[slot] !== key) slot = (slot + 1) & (capacity - 1);
    if (keys[slot] === -1) {
      keys[slot] = key;
      ids[slot] = used++;
    }
    const id = ids[slot]!;
    cellOf[v] = id;
    sums[id * 4] += x;
    sums[id * 4 + 1] += y;
    sums[id * 4 + 2] += z;
    sums[id * 4 + 3] += 1;
  }
  let triangles = 0;
  for (let t = 0; t < count; t++) {
    const a = cellOf[t * 3]!;
    const b = cellOf[t * 3 + 1]!;
    const c = cellOf[t * 3 + 2]!;
    if (a !== b && b !== c && a !== c) triangles++;
  }
  if (triangles > limit) return triangles;
  const positions = new Float32Array(triangles * 9);
  const normals = new Float32Array(triangles * 9);
  const at = (id: number, axis: number) => sums[id * 4 + axis]! / sums[id * 4 + 3]!;
  let out = 0;
  for (let t = 0; t < count; t++) {
    const a = cellOf[t * 3]!;
    const b = cellOf[t * 3 + 1]!;
    const c = cellOf[t * 3 + 2]!;
    if (a === b || b === c || a === c) continue;
    writeTriangle(
      positions,
      normals,
      out++,
      at(a, 0),
      at(a, 1),
      at(a, 2),
      at(b, 0),
      at(b, 1),
      at(b, 2),
      at(c, 0),
      at(c, 1),
      at(c, 2),
    );
  }
  return { positions, normals, simplified: true };
}

/**
 * The mesh the page draws (decision 324), built in the worker so the main thread only wraps the arrays: the file's
 * own triangles up to `maxTriangles`, else a vertex-clustered mesh on a grid from 512 cells a side, made coarser by
 * the square root of the ratio still needed (a surface's triangles grow with the square of the cells) until it fits.
 * The figures are always measured on the full mesh, never this one.
 */
export function buildPreviewMesh(
  corners: ArrayLike<number>,
  maxTriangles: number = PREVIEW_MAX_TRIANGLES,
): PreviewMesh {
  const count = Math.floor(corners.length / 9);
  if (count <= maxTriangles) return fullMesh(corners);
  const bounds = boundsOf(corners, count);
  let cells = 512;
  for (;;) {
    const mesh = clustered(corners, count, bounds, cells, maxTriangles);
    if (typeof mesh !== 'number') return mesh;
    if (cells <= 2) break;
    cells = Math.max(2, Math.min(cells - 1, Math.floor(cells * Math.sqrt(maxTriangles / mesh) * 0.95)));
  }
  // A grid of two cells a side always fits a budget of at least 8 triangles; a smaller budget gets nothing drawn.
  return { positions: new Float32Array(0), normals: new Float32Array(0), simplified: true };
}
