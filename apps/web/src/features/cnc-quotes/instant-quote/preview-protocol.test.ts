import { describe, expect, it } from 'vitest';
import { isPreviewAnswer, previewModeFor, startRequest } from './preview-protocol';
import { START } from './preview-view';

const everything = { transferControl: true, workers: true, offscreenCanvas: true, workerCannotDraw: false };

describe('where the preview draws (decision 340)', () => {
  it('draws in a worker where the canvas can be handed over to one', () => {
    expect(previewModeFor(everything)).toBe('worker');
  });

  it.each([
    ['no transferControlToOffscreen', { transferControl: false }],
    ['no Worker', { workers: false }],
    ['no OffscreenCanvas', { offscreenCanvas: false }],
    ['a worker of this page had no WebGL', { workerCannotDraw: true }],
  ])('draws on the page with %s', (_, missing) => {
    expect(previewModeFor({ ...everything, ...missing })).toBe('page');
  });
});

describe('the preview worker protocol (decision 340)', () => {
  it("transfers the canvas and copies of the part's arrays: the page's own arrays stay whole", () => {
    const positions = Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const normals = Float32Array.from([0, 0, 1, 0, 0, 1, 0, 0, 1]);
    const canvas = { width: 1, height: 1 } as OffscreenCanvas;
    const size = { width: 800, height: 600 };
    const [message, transfer] = startRequest(canvas, { positions, normals }, START, size);
    expect(message).toMatchObject({ type: 'start', canvas, view: START, size });
    if (message.type !== 'start') throw new Error('not a start message');
    expect(message.positions).toEqual(positions);
    expect(message.normals).toEqual(normals);
    expect(message.positions).not.toBe(positions);
    expect(transfer).toEqual([canvas, message.positions.buffer, message.normals.buffer]);
    expect(transfer).not.toContain(positions.buffer);
    expect(transfer).not.toContain(normals.buffer);
    // Changing the worker's copy leaves the page's arrays as they were.
    message.positions.fill(7);
    expect(Array.from(positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });

  it("reads only the worker's own answers", () => {
    expect(isPreviewAnswer({ type: 'drawn', frames: 1 })).toBe(true);
    expect(isPreviewAnswer({ type: 'no-webgl' })).toBe(true);
    expect(isPreviewAnswer({ type: 'drawn' })).toBe(false);
    expect(isPreviewAnswer({ type: 'drawn', frames: 0 })).toBe(false);
    expect(isPreviewAnswer({ type: 'analysed', id: 1 })).toBe(false);
    expect(isPreviewAnswer('drawn')).toBe(false);
    expect(isPreviewAnswer(null)).toBe(false);
  });
});
