import { describe, expect, it } from 'vitest';
import { binaryStl, box, stepBox } from '../../../test/solids';
import { analyseCadFile, type CncFileRejection } from './index';

async function rejection(work: Promise<unknown>): Promise<CncFileRejection | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    return (error as { code?: CncFileRejection }).code;
  }
}

/** A binary STL of `count` scattered triangles: every edge distinct, so measuring it needs a large edge map. */
function scatteredStl(count: number): Uint8Array {
  const bytes = new Uint8Array(84 + count * 50);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  for (let t = 0; t < count; t++)
    for (let i = 0; i < 9; i++) view.setFloat32(84 + t * 50 + 12 + i * 4, t * 9 + i + 0.5, true);
  return bytes;
}

/**
 * The same scattered triangles as ASCII: the reader holds the text, its lines and their numbers on the V8 heap
 * (measureMesh itself works in typed arrays since decision 324, outside the heap limit's reach).
 */
function scatteredAsciiStl(count: number): Uint8Array {
  const facets: string[] = [];
  for (let t = 0; t < count; t++) {
    const v = (c: number) => `vertex ${t * 9 + c * 3 + 0.5} ${t * 9 + c * 3 + 1.5} ${t * 9 + c * 3 + 2.5}`;
    facets.push(`facet normal 0 0 0\nouter loop\n${v(0)}\n${v(1)}\n${v(2)}\nendloop\nendfacet`);
  }
  return new TextEncoder().encode(`solid bomb\n${facets.join('\n')}\nendsolid bomb\n`);
}

describe('CNC part analysis in a worker thread (decision 322)', () => {
  it('measures STL and STEP cubes alike through the worker', async () => {
    const fromStl = await analyseCadFile(binaryStl(box(10, 10, 10)), 'cube.STL');
    const fromStep = await analyseCadFile(stepBox(10, 10, 10), 'cube.stp');
    expect(fromStl.volume).toBeCloseTo(1000, 6);
    expect(Math.abs(fromStep.volume / 1000 - 1)).toBeLessThan(0.005);
    expect(Math.abs(fromStep.surfaceArea / 600 - 1)).toBeLessThan(0.005);
    expect(fromStep.closed).toBe(true);
  });

  it("keeps the file's own fault codes and refuses a type it does not read", async () => {
    expect(await rejection(analyseCadFile(new TextEncoder().encode('not a part'), 'part.stl'))).toBe(
      'CNC_FILE_NOT_A_MESH',
    );
    expect(await rejection(analyseCadFile(stepBox(1, 1, 1, { withSolid: false }), 'part.step'))).toBe(
      'CNC_FILE_NO_SOLID',
    );
    expect(await rejection(analyseCadFile(new Uint8Array(), 'part.step'))).toBe('CNC_FILE_EMPTY');
    expect(await rejection(analyseCadFile(binaryStl(box(1, 1, 1)), 'part.zip'))).toBe(
      'CNC_FILE_UNSUPPORTED_TYPE',
    );
  });

  it('ends a worker past its heap limit with CNC_FILE_TOO_COMPLEX while the event loop keeps turning', async () => {
    const bomb = scatteredAsciiStl(300_000);
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const started = Date.now();
    const code = await rejection(
      analyseCadFile(bomb, 'bomb.stl', { timeMs: 30_000, heapMb: 32, residentGrowthMb: 4096 }),
    );
    const elapsed = Date.now() - started;
    clearInterval(ticker);
    expect(code).toBe('CNC_FILE_TOO_COMPLEX');
    // Well before the time limit: the 32 MB heap limit ended it.
    expect(elapsed).toBeLessThan(15_000);
    // The main thread kept answering: at least one tick per 100 ms of the analysis.
    expect(ticks).toBeGreaterThan(elapsed / 100);
  });

  it('ends a worker past its time limit with CNC_FILE_TOO_COMPLEX, within the limit', async () => {
    // The limit runs from when the worker has loaded its code and been handed the file, not from its start (on a
    // busy machine tsx takes seconds to load the code from source, and copying 50 MB into the worker more): that
    // load time is allowed on top, measured with a file of the same size the reader refuses at once (its count
    // one short of its size), just before and just after (the machine's load changes between them).
    const slow = scatteredStl(1_000_000);
    const refusedAtOnce = slow.slice();
    new DataView(refusedAtOnce.buffer).setUint32(80, 1_000_001, true);
    const timeLoading = async () => {
      const loadStarted = Date.now();
      expect(await rejection(analyseCadFile(refusedAtOnce, 'short.stl'))).toBe('CNC_FILE_TRUNCATED');
      return Date.now() - loadStarted;
    };
    const loadingBefore = await timeLoading();
    const started = Date.now();
    const code = await rejection(
      analyseCadFile(slow, 'slow.stl', { timeMs: 150, heapMb: 2048, residentGrowthMb: 4096 }),
    );
    const elapsed = Date.now() - started;
    const loading = Math.max(loadingBefore, await timeLoading());
    expect(code).toBe('CNC_FILE_TOO_COMPLEX');
    // Measuring a million scattered triangles takes seconds; ended at its limit, it is back well before.
    expect(elapsed).toBeLessThan(2 * loading + 150 + 1000);
  });

  it('ends a worker whose memory outside the heap grows past the resident limit', async () => {
    const code = await rejection(
      analyseCadFile(scatteredStl(1_000_000), 'big.stl', {
        timeMs: 8000,
        heapMb: 2048,
        residentGrowthMb: 16,
      }),
    );
    expect(code).toBe('CNC_FILE_TOO_COMPLEX');
  });
});
