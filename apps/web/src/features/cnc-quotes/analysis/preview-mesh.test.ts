import { describe, expect, it } from 'vitest';
import { buildPreviewMesh } from './preview-mesh';

/** A closed UV sphere of radius 10: 2·n·(n−1) triangles, as the corners an STL reader returns. */
function sphere(n: number): Float64Array {
  const point = (i: number, j: number) => {
    const theta = (Math.PI * i) / n;
    const phi = (2 * Math.PI * j) / n;
    return [10 * Math.sin(theta) * Math.cos(phi), 10 * Math.sin(theta) * Math.sin(phi), 10 * Math.cos(theta)];
  };
  const corners: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = point(i, j);
      const b = point(i + 1, j);
      const c = point(i + 1, j + 1);
      const d = point(i, j + 1);
      if (i > 0) corners.push(...a, ...b, ...d);
      if (i < n - 1) corners.push(...b, ...c, ...d);
    }
  }
  return Float64Array.from(corners);
}

describe("the preview's mesh, built in the worker (decision 324)", () => {
  it('keeps a small part as is, with outward face normals', () => {
    const corners = Float64Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const mesh = buildPreviewMesh(corners);
    expect(mesh.simplified).toBe(false);
    expect(Array.from(mesh.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(Array.from(mesh.normals)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1]);
  });

  it('thins a large part to the budget by vertex clustering, the same way every time, keeping its outline', () => {
    const corners = sphere(120);
    const triangles = corners.length / 9;
    expect(triangles).toBeGreaterThan(20_000);
    const mesh = buildPreviewMesh(corners, 5_000);
    expect(mesh.simplified).toBe(true);
    const kept = mesh.positions.length / 9;
    expect(kept).toBeLessThanOrEqual(5_000);
    expect(kept).toBeGreaterThan(1_000);
    expect(mesh.normals).toHaveLength(mesh.positions.length);
    // Every corner stays near the surface and the extent is kept (the silhouette), within a grid cell.
    let most = 0;
    for (let v = 0; v < mesh.positions.length; v += 3) {
      const r = Math.hypot(mesh.positions[v]!, mesh.positions[v + 1]!, mesh.positions[v + 2]!);
      expect(r).toBeGreaterThan(8.5);
      expect(r).toBeLessThanOrEqual(10.001);
      most = Math.max(most, mesh.positions[v]!);
    }
    expect(most).toBeGreaterThan(9);
    // Normals are unit length and point outwards like the file's faces.
    for (let v = 0; v < mesh.normals.length; v += 9) {
      expect(Math.hypot(mesh.normals[v]!, mesh.normals[v + 1]!, mesh.normals[v + 2]!)).toBeCloseTo(1, 5);
      const cx = (mesh.positions[v]! + mesh.positions[v + 3]! + mesh.positions[v + 6]!) / 3;
      const cy = (mesh.positions[v + 1]! + mesh.positions[v + 4]! + mesh.positions[v + 7]!) / 3;
      const cz = (mesh.positions[v + 2]! + mesh.positions[v + 5]! + mesh.positions[v + 8]!) / 3;
      expect(cx * mesh.normals[v]! + cy * mesh.normals[v + 1]! + cz * mesh.normals[v + 2]!).toBeGreaterThan(
        0,
      );
    }
    const again = buildPreviewMesh(corners, 5_000);
    expect(again.positions).toEqual(mesh.positions);
  });
});
