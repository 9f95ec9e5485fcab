import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { asciiStl, binaryStl, box, cylinder } from '../../../test/solids';
import { CNC_MAX_TRIANGLES, measureMesh, parseStl, type CncFileRejection } from './index';

function rejection(bytes: Uint8Array): CncFileRejection | undefined {
  try {
    parseStl(bytes);
    return undefined;
  } catch (error) {
    return (error as { code?: CncFileRejection }).code;
  }
}

describe('CNC part analysis: STL', () => {
  it.each([
    ['binary', binaryStl],
    ['ASCII', asciiStl],
  ])('measures a 10 mm cube from %s STL: 1,000 mm³, 600 mm², closed', (_, write) => {
    const geometry = measureMesh(parseStl(write(box(10, 10, 10))));
    expect(geometry.volume).toBeCloseTo(1000, 6);
    expect(geometry.surfaceArea).toBeCloseTo(600, 6);
    expect(geometry.boundingBox).toEqual([10, 10, 10]);
    expect(geometry.closed).toBe(true);
    expect(geometry.triangles).toBe(12);
  });

  it('reads the end-to-end fixture e2e/fixtures/cube.stl as a closed 10 mm cube', () => {
    const file = readFileSync(new URL('../../../../../e2e/fixtures/cube.stl', import.meta.url));
    const geometry = measureMesh(parseStl(file));
    expect(geometry.volume).toBeCloseTo(1000, 6);
    expect(geometry.closed).toBe(true);
  });

  it('measures a cylinder within 0.5 % of πr²h', () => {
    const geometry = measureMesh(parseStl(binaryStl(cylinder(10, 20, 128))));
    expect(Math.abs(geometry.volume / (Math.PI * 100 * 20) - 1)).toBeLessThan(0.005);
    expect(geometry.closed).toBe(true);
  });

  it('finds an open mesh: a cube with one face missing', () => {
    const geometry = measureMesh(parseStl(binaryStl(box(10, 10, 10).slice(2))));
    expect(geometry.closed).toBe(false);
  });

  it('refuses an empty file', () => {
    expect(rejection(new Uint8Array())).toBe('CNC_FILE_EMPTY');
  });

  it('refuses a binary STL whose header counts more triangles than the file holds', () => {
    expect(rejection(binaryStl(box(10, 10, 10)).subarray(0, 84 + 5 * 50 + 20))).toBe('CNC_FILE_TRUNCATED');
  });

  it('refuses a binary STL announcing more triangles than the limit, which no file under 100 MB can hold', () => {
    const header = new Uint8Array(84 + 50);
    new DataView(header.buffer).setUint32(80, CNC_MAX_TRIANGLES + 1, true);
    expect(rejection(header)).toBe('CNC_FILE_TRUNCATED');
  });

  it('refuses a file over 100 MB before reading it', () => {
    expect(rejection(new Uint8Array(100 * 1024 * 1024 + 1))).toBe('CNC_FILE_TOO_LARGE');
  });

  it('refuses ASCII garbage, a text that is not STL and a compressed archive renamed .stl', () => {
    expect(rejection(new TextEncoder().encode('solid x\n facet normal 0 0 0\n banana\nendsolid\n'))).toBe(
      'CNC_FILE_NOT_A_MESH',
    );
    expect(rejection(new TextEncoder().encode('hello, this is not a part'))).toBe('CNC_FILE_NOT_A_MESH');
    const bomb = deflateRawSync(new Uint8Array(10 * 1024 * 1024));
    const zip = new Uint8Array(bomb.length + 4);
    zip.set([0x50, 0x4b, 0x03, 0x04]);
    zip.set(bomb, 4);
    expect(rejection(zip)).toMatch(/^CNC_FILE_(NOT_A_MESH|TRUNCATED)$/);
  });

  it('refuses an ASCII facet with a non-numeric corner', () => {
    const text = new TextDecoder().decode(asciiStl(box(1, 1, 1))).replace('vertex 0 0 0', 'vertex 0 zero 0');
    expect(rejection(new TextEncoder().encode(text))).toBe('CNC_FILE_NOT_A_MESH');
  });
});
