/** Test solids generated in code, and STL writers for them (decision 302). A triangle is nine numbers. */
export type Triangle = [number, number, number, number, number, number, number, number, number];

/** An axis-aligned box from the origin, 12 outward-facing triangles. */
export function box(x: number, y: number, z: number): Triangle[] {
  const p = (i: number): [number, number, number] => [i & 1 ? x : 0, i & 2 ? y : 0, i & 4 ? z : 0];
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  return quads.flatMap(([a, b, c, d]) => [
    [...p(a!), ...p(b!), ...p(c!)] as Triangle,
    [...p(a!), ...p(c!), ...p(d!)] as Triangle,
  ]);
}

/** A closed cylinder on the z axis, its side split into `segments` facets. */
export function cylinder(radius: number, height: number, segments: number): Triangle[] {
  const at = (i: number): [number, number] => {
    const angle = (2 * Math.PI * (i % segments)) / segments;
    return [radius * Math.cos(angle), radius * Math.sin(angle)];
  };
  return Array.from({ length: segments }, (_, i) => {
    const [ax, ay] = at(i);
    const [bx, by] = at(i + 1);
    return [
      [0, 0, 0, bx, by, 0, ax, ay, 0],
      [0, 0, height, ax, ay, height, bx, by, height],
      [ax, ay, 0, bx, by, 0, bx, by, height],
      [ax, ay, 0, bx, by, height, ax, ay, height],
    ] as Triangle[];
  }).flat();
}

export function binaryStl(triangles: Triangle[]): Uint8Array {
  const bytes = new Uint8Array(84 + triangles.length * 50);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles.length, true);
  triangles.forEach((triangle, t) =>
    triangle.forEach((value, i) => view.setFloat32(84 + t * 50 + 12 + i * 4, value, true)),
  );
  return bytes;
}

export function asciiStl(triangles: Triangle[]): Uint8Array {
  const facets = triangles.map(
    (t) =>
      `  facet normal 0 0 0\n    outer loop\n` +
      [0, 3, 6].map((i) => `      vertex ${t[i]} ${t[i + 1]} ${t[i + 2]}\n`).join('') +
      `    endloop\n  endfacet\n`,
  );
  return new TextEncoder().encode(`solid part\n${facets.join('')}endsolid part\n`);
}
