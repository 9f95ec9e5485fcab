import { describe, expect, it, vi } from 'vitest';
import { analysePart, stlUnitsHint } from './analyse-part';

/** A binary STL box from the origin (12 triangles), with an optional header text. */
function boxStl(x: number, y: number, z: number, header = ''): Uint8Array {
  const p = (i: number) => [i & 1 ? x : 0, i & 2 ? y : 0, i & 4 ? z : 0];
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const triangles = quads.flatMap(([a, b, c, d]) => [
    [...p(a!), ...p(b!), ...p(c!)],
    [...p(a!), ...p(c!), ...p(d!)],
  ]);
  const bytes = new Uint8Array(84 + triangles.length * 50);
  bytes.set(new TextEncoder().encode(header).subarray(0, 80));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles.length, true);
  triangles.forEach((triangle, t) =>
    triangle.forEach((value, i) => view.setFloat32(84 + t * 50 + 12 + i * 4, value, true)),
  );
  return bytes;
}

const noStep = () => Promise.reject(new Error('OpenCascade must not load for an STL'));
const request = (bytes: Uint8Array | string, name: string) => ({
  type: 'analyse' as const,
  id: 7,
  file: new File([bytes as BlobPart], name),
});

describe("the browser worker's analysis (decision 324)", () => {
  it('measures a binary STL with the shared reader and hands the corners over as float32', async () => {
    const { answer, transfer } = await analysePart(request(boxStl(10, 20, 30), 'box.STL'), noStep);
    expect(answer).toMatchObject({ type: 'analysed', id: 7, ok: true, kind: 'stl', unitsFromFile: null });
    if (!answer.ok) throw new Error('expected a measurement');
    expect(answer.geometry.volume).toBeCloseTo(6000, 6);
    expect(answer.geometry.boundingBox).toEqual([10, 20, 30]);
    expect(answer.geometry.closed).toBe(true);
    expect(answer.positions).toHaveLength(12 * 9);
    expect(answer.normals).toHaveLength(12 * 9);
    expect(answer.previewSimplified).toBe(false);
    expect(transfer).toEqual([answer.positions.buffer, answer.normals.buffer]);
  });

  it('reads an ASCII STL and a STEP file (through the reader it is given, in millimetres)', async () => {
    const ascii = `solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n`;
    const open = await analysePart(request(ascii, 'tri.stl'), noStep);
    expect(open.answer).toMatchObject({ ok: true, geometry: { closed: false, triangles: 1 } });

    const reader = {
      ReadStepFile: vi.fn(() => ({
        success: true,
        meshes: [
          { attributes: { position: { array: [0, 0, 0, 5, 0, 0, 0, 5, 0] } }, index: { array: [0, 1, 2] } },
        ],
      })),
    };
    const step = await analysePart(request('ISO-10303-21;\nHEADER;', 'part.stp'), () =>
      Promise.resolve(reader),
    );
    expect(step.answer).toMatchObject({
      ok: true,
      kind: 'step',
      unitsFromFile: 'mm',
      geometry: { triangles: 1 },
    });
    expect(reader.ReadStepFile).toHaveBeenCalledWith(
      expect.any(Uint8Array),
      expect.objectContaining({ linearUnit: 'millimeter' }),
    );
  });

  it('answers every refusal with its CNC_FILE_* code', async () => {
    const code = async (bytes: Uint8Array | string, name: string) => {
      const { answer } = await analysePart(request(bytes, name), () =>
        Promise.resolve({ ReadStepFile: () => ({ success: false }) }),
      );
      return answer.ok ? 'ok' : answer.code;
    };
    expect(await code('', 'empty.stl')).toBe('CNC_FILE_EMPTY');
    expect(await code('PK\u0003\u0004 not a mesh', 'part.stl')).toBe('CNC_FILE_NOT_A_MESH');
    expect(await code(boxStl(1, 1, 1).subarray(0, 300), 'cut.stl')).toBe('CNC_FILE_TRUNCATED');
    expect(await code(boxStl(1, 1, 1), 'part.obj')).toBe('CNC_FILE_UNSUPPORTED_TYPE');
    expect(await code('garbage', 'part.step')).toBe('CNC_FILE_NOT_A_STEP_MODEL');
    expect(await code('ISO-10303-21;', 'part.step')).toBe('CNC_FILE_NOT_A_STEP_MODEL');
  });

  it('reads the unit an STL header states', () => {
    expect(stlUnitsHint(boxStl(1, 1, 1, 'exported by X units=inch'))).toBe('inch');
    expect(stlUnitsHint(boxStl(1, 1, 1, 'UNITS: mm'))).toBe('mm');
    expect(stlUnitsHint(boxStl(1, 1, 1, 'binary stl'))).toBeNull();
  });
});
