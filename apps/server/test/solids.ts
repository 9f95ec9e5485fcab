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

/** A STEP real: always with a decimal point (10 → "10."), as ISO 10303-21 requires. */
const stepReal = (value: number) => (Number.isInteger(value) ? `${value}.` : `${value}`);

/** Writes one STEP AP214 part (ISO 10303-21) in millimetres around the B-rep items `solid` adds. */
function stepPart(solid: (add: (entity: string) => string) => string[], withSolid = true): Uint8Array {
  const lines: string[] = [];
  const add = (entity: string) => {
    lines.push(`#${lines.length + 1}=${entity};`);
    return `#${lines.length}`;
  };
  const appContext = add(`APPLICATION_CONTEXT('automotive design')`);
  add(`APPLICATION_PROTOCOL_DEFINITION('international standard','automotive_design',2000,${appContext})`);
  const productContext = add(`PRODUCT_CONTEXT('',${appContext},'mechanical')`);
  const product = add(`PRODUCT('part','part','',(${productContext}))`);
  const formation = add(`PRODUCT_DEFINITION_FORMATION('','',${product})`);
  const definitionContext = add(`PRODUCT_DEFINITION_CONTEXT('part definition',${appContext},'design')`);
  const definition = add(`PRODUCT_DEFINITION('design','',${formation},${definitionContext})`);
  const definitionShape = add(`PRODUCT_DEFINITION_SHAPE('','',${definition})`);
  const mm = add(`( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.) )`);
  const radian = add(`( NAMED_UNIT(*) PLANE_ANGLE_UNIT() SI_UNIT($,.RADIAN.) )`);
  const steradian = add(`( NAMED_UNIT(*) SI_UNIT($,.STERADIAN.) SOLID_ANGLE_UNIT() )`);
  const uncertainty = add(
    `UNCERTAINTY_MEASURE_WITH_UNIT(LENGTH_MEASURE(1.E-07),${mm},'distance_accuracy_value','')`,
  );
  const context = add(
    `( GEOMETRIC_REPRESENTATION_CONTEXT(3) GLOBAL_UNCERTAINTY_ASSIGNED_CONTEXT((${uncertainty})) ` +
      `GLOBAL_UNIT_ASSIGNED_CONTEXT((${mm},${radian},${steradian})) REPRESENTATION_CONTEXT('',''))`,
  );
  const items = withSolid ? solid(add) : [];
  items.push(
    add(
      `AXIS2_PLACEMENT_3D('',${add(`CARTESIAN_POINT('',(0.,0.,0.))`)},${add(`DIRECTION('',(0.,0.,1.))`)},${add(`DIRECTION('',(1.,0.,0.))`)})`,
    ),
  );
  const representation = add(
    `${withSolid ? 'ADVANCED_BREP_SHAPE_REPRESENTATION' : 'SHAPE_REPRESENTATION'}('',(${items.join(',')}),${context})`,
  );
  add(`SHAPE_DEFINITION_REPRESENTATION(${definitionShape},${representation})`);
  const text = [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION((''),'2;1');",
    "FILE_NAME('part.step','2026-11-29T00:00:00',(''),(''),'','','');",
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    ...lines,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
  return new TextEncoder().encode(text);
}

const stepPoint = (add: (entity: string) => string, p: number[]) =>
  add(`CARTESIAN_POINT('',(${p.map(stepReal).join(',')}))`);
const stepDirection = (add: (entity: string) => string, d: number[]) =>
  add(`DIRECTION('',(${d.map(stepReal).join(',')}))`);

/**
 * An axis-aligned box from the origin as a minimal STEP AP214 file: one MANIFOLD_SOLID_BREP of six planar
 * ADVANCED_FACEs sharing twelve line edges, inside the product structure OpenCascade's reader transfers.
 * `withSolid: false` writes the same file with an empty shape representation.
 */
export function stepBox(x: number, y: number, z: number, { withSolid = true } = {}): Uint8Array {
  return stepPart((add) => [boxBrep(add, [0, 0, 0], [x, y, z])], withSolid);
}

/**
 * Many boxes in one STEP file (a big assembly-like file for the benches): `count` cubes of `side` mm laid on a grid
 * `pitch` mm apart, each its own MANIFOLD_SOLID_BREP, about 5.6 KB of STEP text per box.
 */
export function stepBoxes(count: number, side = 10, pitch = 15): Uint8Array {
  const row = Math.ceil(Math.sqrt(count));
  return stepPart((add) =>
    Array.from({ length: count }, (_, i) =>
      boxBrep(add, [(i % row) * pitch, Math.floor(i / row) * pitch, 0], [side, side, side]),
    ),
  );
}

/** One axis-aligned box with its lowest corner at `origin`, as a MANIFOLD_SOLID_BREP; returns its entity. */
function boxBrep(add: (entity: string) => string, origin: number[], size: number[]): string {
  const shell = add(`CLOSED_SHELL('',(${boxFaces(add, origin, size).join(',')}))`);
  return add(`MANIFOLD_SOLID_BREP('box',${shell})`);
}

/**
 * The six planar faces of an axis-aligned box; `innerBounds` adds FACE_BOUNDs (holes) to the bottom (z = low,
 * index 0) and top (index 1) faces.
 */
function boxFaces(
  add: (entity: string) => string,
  origin: number[],
  [x, y, z]: number[],
  innerBounds: { bottom?: string[]; top?: string[] } = {},
): string[] {
  const point = (p: number[]) => stepPoint(add, p);
  const direction = (d: number[]) => stepDirection(add, d);
  const corner = (i: number) => [
    origin[0]! + (i & 1 ? x! : 0),
    origin[1]! + (i & 2 ? y! : 0),
    origin[2]! + (i & 4 ? z! : 0),
  ];
  const vertices = Array.from({ length: 8 }, (_, i) => add(`VERTEX_POINT('',${point(corner(i))})`));
  const edges = new Map<string, string>();
  const edge = (a: number, b: number) => {
    const [from, to] = a < b ? [a, b] : [b, a];
    const key = `${from}-${to}`;
    if (!edges.has(key)) {
      const [p, q] = [corner(from), corner(to)];
      const delta = q.map((value, i) => value - p[i]!);
      const length = Math.hypot(...delta);
      const vector = add(`VECTOR('',${direction(delta.map((d) => d / length))},${stepReal(length)})`);
      const line = add(`LINE('',${point(p)},${vector})`);
      edges.set(key, add(`EDGE_CURVE('',${vertices[from]},${vertices[to]},${line},.T.)`));
    }
    return add(`ORIENTED_EDGE('',*,*,${edges.get(key)},${a < b ? '.T.' : '.F.'})`);
  };
  // The same counter-clockwise-from-outside quads as box().
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  return quads.map((quad, index) => {
    const [a, b, , d] = quad.map(corner) as [number[], number[], number[], number[]];
    const u = b.map((value, i) => value - a[i]!);
    const v = d.map((value, i) => value - a[i]!);
    const normal = [
      u[1]! * v[2]! - u[2]! * v[1]!,
      u[2]! * v[0]! - u[0]! * v[2]!,
      u[0]! * v[1]! - u[1]! * v[0]!,
    ];
    const unit = (w: number[]) => w.map((value) => value / Math.hypot(...w));
    const placement = add(
      `AXIS2_PLACEMENT_3D('',${point(a)},${direction(unit(normal))},${direction(unit(u))})`,
    );
    const plane = add(`PLANE('',${placement})`);
    const loop = add(`EDGE_LOOP('',(${quad.map((p, i) => edge(p, quad[(i + 1) % 4]!)).join(',')}))`);
    const bound = add(`FACE_OUTER_BOUND('',${loop},.T.)`);
    const holes = (index === 0 ? innerBounds.bottom : index === 1 ? innerBounds.top : undefined) ?? [];
    return add(`ADVANCED_FACE('',(${[bound, ...holes].join(',')}),${plane},.T.)`);
  });
}

/**
 * A representative machined part for the benches and the accuracy tests (decision 332): one solid, a
 * `width` × `depth` × 12 mm plate with `columns` × `rows` counterbored holes on a grid (a 3 mm radius through hole
 * under a 5.5 mm radius counterbore 6 mm deep), each hole three faces (two cylinders and the counterbore's
 * annular floor) and an inner loop in the top and bottom faces. Exact volume and area are `plateWithHolesExact`.
 */
export function stepPlateWithHoles(columns: number, rows: number, pitch = 14): Uint8Array {
  const { width, depth, thickness: t, r1, r2, counterbore: c } = plateDimensions(columns, rows, pitch);
  return stepPart((add) => {
    const point = (p: number[]) => stepPoint(add, p);
    const direction = (d: number[]) => stepDirection(add, d);
    const placement = (origin: number[], axis: number[]) =>
      add(`AXIS2_PLACEMENT_3D('',${point(origin)},${direction(axis)},${direction([1, 0, 0])})`);
    const oriented = (edge: string, sense: boolean) =>
      add(`ORIENTED_EDGE('',*,*,${edge},${sense ? '.T.' : '.F.'})`);
    const loop = (edges: string[]) => add(`EDGE_LOOP('',(${edges.join(',')}))`);
    type CircleEdge = { vertex: string; edge: string; z: number };
    const circleEdge = (cx: number, cy: number, z: number, r: number): CircleEdge => {
      const vertex = add(`VERTEX_POINT('',${point([cx + r, cy, z])})`);
      const circle = add(`CIRCLE('',${placement([cx, cy, z], [0, 0, 1])},${stepReal(r)})`);
      return { vertex, edge: add(`EDGE_CURVE('',${vertex},${vertex},${circle},.T.)`), z };
    };
    const seam = (from: string, to: string, p: number[], length: string) =>
      add(
        `EDGE_CURVE('',${from},${to},${add(`LINE('',${point(p)},${add(`VECTOR('',${direction([0, 0, 1])},${length})`)})`)},.T.)`,
      );
    /** A hole's wall: the cylinder's normal points away from its axis, into the material, so the face is reversed. */
    const wall = (cx: number, cy: number, r: number, low: CircleEdge, high: CircleEdge) => {
      // Both circles start at angle 0, where the seam line runs up the wall.
      const line = seam(low.vertex, high.vertex, [cx + r, cy, low.z], stepReal(high.z - low.z));
      const surface = add(`CYLINDRICAL_SURFACE('',${placement([cx, cy, low.z], [0, 0, 1])},${stepReal(r)})`);
      const edges = [
        oriented(line, true),
        oriented(high.edge, true),
        oriented(line, false),
        oriented(low.edge, false),
      ];
      return add(`ADVANCED_FACE('',(${add(`FACE_OUTER_BOUND('',${loop(edges)},.T.)`)}),${surface},.F.)`);
    };
    const top: string[] = [];
    const bottom: string[] = [];
    const holeFaces: string[] = [];
    for (let i = 0; i < columns; i++)
      for (let j = 0; j < rows; j++) {
        const [cx, cy] = [pitch * (i + 1), pitch * (j + 1)];
        const atTop = circleEdge(cx, cy, t, r2);
        const floorOuter = circleEdge(cx, cy, t - c, r2);
        const floorInner = circleEdge(cx, cy, t - c, r1);
        const atBottom = circleEdge(cx, cy, 0, r1);
        top.push(add(`FACE_BOUND('',${loop([oriented(atTop.edge, false)])},.T.)`));
        bottom.push(add(`FACE_BOUND('',${loop([oriented(atBottom.edge, true)])},.T.)`));
        holeFaces.push(wall(cx, cy, r2, floorOuter, atTop));
        holeFaces.push(wall(cx, cy, r1, atBottom, floorInner));
        const floorPlane = add(`PLANE('',${placement([cx, cy, t - c], [0, 0, 1])})`);
        holeFaces.push(
          add(
            `ADVANCED_FACE('',(${add(`FACE_OUTER_BOUND('',${loop([oriented(floorOuter.edge, true)])},.T.)`)},` +
              `${add(`FACE_BOUND('',${loop([oriented(floorInner.edge, false)])},.T.)`)}),${floorPlane},.T.)`,
          ),
        );
      }
    const faces = [...boxFaces(add, [0, 0, 0], [width, depth, t], { top, bottom }), ...holeFaces];
    return [add(`MANIFOLD_SOLID_BREP('plate',${add(`CLOSED_SHELL('',(${faces.join(',')}))`)})`)];
  });
}

function plateDimensions(columns: number, rows: number, pitch: number) {
  return {
    width: pitch * (columns + 1),
    depth: pitch * (rows + 1),
    thickness: 12,
    r1: 3,
    r2: 5.5,
    counterbore: 6,
  };
}

/** The exact volume (mm³) and surface area (mm²) of stepPlateWithHoles' solid. */
export function plateWithHolesExact(columns: number, rows: number, pitch = 14) {
  const { width: w, depth: d, thickness: t, r1, r2, counterbore: c } = plateDimensions(columns, rows, pitch);
  const n = columns * rows;
  return {
    volume: w * d * t - n * Math.PI * (r2 * r2 * c + r1 * r1 * (t - c)),
    surfaceArea:
      2 * w * d + 2 * (w + d) * t - 2 * n * Math.PI * r1 * r1 + 2 * n * Math.PI * (r2 * c + r1 * (t - c)),
  };
}

/**
 * A cylinder of radius r and height h on the z axis as a STEP B-rep: a cylindrical face bounded by its two circles
 * and its seam line, and two planar discs. Curved, so its measured volume depends on the triangulation.
 */
export function stepCylinder(r: number, h: number): Uint8Array {
  return stepPart((add) => {
    const point = (p: number[]) => stepPoint(add, p);
    const direction = (d: number[]) => stepDirection(add, d);
    const placement = (origin: number[], axis: number[]) =>
      add(`AXIS2_PLACEMENT_3D('',${point(origin)},${direction(axis)},${direction([1, 0, 0])})`);
    const bottom = add(`VERTEX_POINT('',${point([r, 0, 0])})`);
    const top = add(`VERTEX_POINT('',${point([r, 0, h])})`);
    const bottomCircle = add(`CIRCLE('',${placement([0, 0, 0], [0, 0, 1])},${stepReal(r)})`);
    const topCircle = add(`CIRCLE('',${placement([0, 0, h], [0, 0, 1])},${stepReal(r)})`);
    const bottomEdge = add(`EDGE_CURVE('',${bottom},${bottom},${bottomCircle},.T.)`);
    const topEdge = add(`EDGE_CURVE('',${top},${top},${topCircle},.T.)`);
    const seamLine = add(
      `LINE('',${point([r, 0, 0])},${add(`VECTOR('',${direction([0, 0, 1])},${stepReal(h)})`)})`,
    );
    const seam = add(`EDGE_CURVE('',${bottom},${top},${seamLine},.T.)`);
    const oriented = (edge: string, sense: boolean) =>
      add(`ORIENTED_EDGE('',*,*,${edge},${sense ? '.T.' : '.F.'})`);
    const face = (edges: string[], surface: string) =>
      add(
        `ADVANCED_FACE('',(${add(`FACE_OUTER_BOUND('',${add(`EDGE_LOOP('',(${edges.join(',')}))`)},.T.)`)}),${surface},.T.)`,
      );
    const side = face(
      [oriented(bottomEdge, true), oriented(seam, true), oriented(topEdge, false), oriented(seam, false)],
      add(`CYLINDRICAL_SURFACE('',${placement([0, 0, 0], [0, 0, 1])},${stepReal(r)})`),
    );
    const floor = face([oriented(bottomEdge, false)], add(`PLANE('',${placement([0, 0, 0], [0, 0, -1])})`));
    const lid = face([oriented(topEdge, true)], add(`PLANE('',${placement([0, 0, h], [0, 0, 1])})`));
    const shell = add(`CLOSED_SHELL('',(${side},${floor},${lid}))`);
    return [add(`MANIFOLD_SOLID_BREP('cylinder',${shell})`)];
  });
}
