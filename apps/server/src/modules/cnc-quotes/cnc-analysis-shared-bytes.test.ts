import { describe, expect, it } from 'vitest';
import { binaryStl, box } from '../../../test/solids';
import { analyseCadFile, sharedBytes } from './operations/analyse-cad-file';

/** The cube's STL as a view in the middle of a larger buffer, as a pooled Buffer from the multipart reader may be. */
function cubeInTheMiddle(): { view: Uint8Array; original: Uint8Array } {
  const original = binaryStl(box(10, 10, 10));
  const pool = new Uint8Array(original.length + 4096).fill(0xee);
  pool.set(original, 1000);
  return { view: pool.subarray(1000, 1000 + original.length), original };
}

describe('the uploaded bytes reach the analysis worker shared, not cloned (decision 335)', () => {
  it('copies a view into a SharedArrayBuffer of its own length once, and leaves the caller its bytes', () => {
    const { view, original } = cubeInTheMiddle();
    const shared = sharedBytes(view);
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.byteOffset).toBe(0);
    expect(shared.buffer.byteLength).toBe(original.length);
    expect(Buffer.from(shared).equals(Buffer.from(original))).toBe(true);
    expect(Buffer.from(view).equals(Buffer.from(original))).toBe(true);
  });

  it('passes bytes already shared as they are', () => {
    const shared = sharedBytes(new Uint8Array(8));
    expect(sharedBytes(shared)).toBe(shared);
  });

  it('measures a part read from a view inside a larger buffer, whose bytes the caller still holds afterwards', async () => {
    const { view, original } = cubeInTheMiddle();
    const geometry = await analyseCadFile(view, 'cube.stl');
    expect(geometry.volume).toBeCloseTo(1000, 6);
    expect(geometry.surfaceArea).toBeCloseTo(600, 6);
    expect(geometry.closed).toBe(true);
    // Never transferred (a detached view would be empty): the route stores these bytes after the analysis.
    expect(view.byteLength).toBe(original.length);
    expect(Buffer.from(view).equals(Buffer.from(original))).toBe(true);
  });
});
