/** A triangle mesh's measurements, in the units of its corners (decision 302). */
export interface MeshGeometry {
  volume: number;
  surfaceArea: number;
  boundingBox: [number, number, number];
  /** Watertight: every edge is shared by exactly two triangles. */
  closed: boolean;
  triangles: number;
}

/**
 * Volume by the divergence theorem (sum of signed tetrahedra from the origin, made positive so an inside-out mesh
 * measures the same), area as the sum of triangle areas. Corners are compared exactly as the file wrote them.
 */
export function measureMesh(corners: Float64Array): MeshGeometry {
  const triangles = corners.length / 9;
  let signedVolume6 = 0;
  let doubleArea = 0;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const edges = new Map<string, number>();
  const key = (i: number) => `${corners[i]},${corners[i + 1]},${corners[i + 2]}`;
  for (let t = 0; t < triangles; t++) {
    const o = t * 9;
    const [ax, ay, az, bx, by, bz, cx, cy, cz] = corners.subarray(o, o + 9) as unknown as number[];
    signedVolume6 +=
      ax! * (by! * cz! - bz! * cy!) - ay! * (bx! * cz! - bz! * cx!) + az! * (bx! * cy! - by! * cx!);
    const [ux, uy, uz] = [bx! - ax!, by! - ay!, bz! - az!];
    const [vx, vy, vz] = [cx! - ax!, cy! - ay!, cz! - az!];
    doubleArea += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    for (let c = 0; c < 9; c++) {
      const axis = c % 3;
      min[axis] = Math.min(min[axis]!, corners[o + c]!);
      max[axis] = Math.max(max[axis]!, corners[o + c]!);
    }
    const ids = [key(o), key(o + 3), key(o + 6)];
    for (let e = 0; e < 3; e++) {
      const [p, q] = [ids[e]!, ids[(e + 1) % 3]!];
      const edge = p < q ? `${p}|${q}` : `${q}|${p}`;
      edges.set(edge, (edges.get(edge) ?? 0) + 1);
    }
  }
  let closed = triangles > 0;
  for (const uses of edges.values()) if (uses !== 2) closed = false;
  return {
    volume: Math.abs(signedVolume6) / 6,
    surfaceArea: doubleArea / 2,
    boundingBox: triangles > 0 ? [max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!] : [0, 0, 0],
    closed,
    triangles,
  };
}
