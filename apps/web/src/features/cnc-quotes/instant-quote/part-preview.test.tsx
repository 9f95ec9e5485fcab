import { StrictMode } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import PartPreview from './part-preview';
import type { PreviewRequest, PreviewWorker } from './preview-protocol';
import { START } from './preview-view';

// The page's fallback renderer (three.js) stands in here: no WebGL in happy-dom.
const renderers = vi.hoisted(() => ({ create: vi.fn() }));
vi.mock('./preview-renderer', () => ({ createPreviewRenderer: renderers.create }));

/** Workers the component creates: what each was posted and whether it was ended; `answer` plays the worker. */
function workerFactory() {
  const workers: (PreviewWorker & {
    posted: { message: PreviewRequest; transfer?: Transferable[] }[];
    terminated: boolean;
    answer(data: unknown): void;
  })[] = [];
  const create = vi.fn(() => {
    const worker: (typeof workers)[number] = {
      posted: [],
      terminated: false,
      onmessage: null,
      onerror: null,
      postMessage(message, transfer) {
        this.posted.push({ message, transfer });
      },
      terminate() {
        this.terminated = true;
      },
      answer(data) {
        act(() => this.onmessage?.({ data } as MessageEvent));
      },
    };
    workers.push(worker);
    return worker;
  });
  const live = () => workers.filter((w) => !w.terminated);
  return { create, workers, live };
}

/** ResizeObserver as the component uses it: `resize()` reports a change of every observed element. */
const observers: { callback: ResizeObserverCallback; observed: Element[] }[] = [];
class FakeResizeObserver {
  private readonly entry: { callback: ResizeObserverCallback; observed: Element[] };
  constructor(callback: ResizeObserverCallback) {
    this.entry = { callback, observed: [] };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.entry.observed = [];
  }
}
const resize = () =>
  act(() => {
    for (const { callback, observed } of observers) if (observed.length) callback([], {} as ResizeObserver);
  });

/** Chromium's rule: a canvas's control is handed over once; a second try throws. */
const handedOver = new Map<HTMLCanvasElement, OffscreenCanvas>();

beforeEach(() => {
  observers.length = 0;
  handedOver.clear();
  renderers.create.mockReset();
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('Worker', class {});
  vi.stubGlobal('OffscreenCanvas', class {});
  vi.spyOn(HTMLCanvasElement.prototype, 'transferControlToOffscreen').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    if (handedOver.has(this)) throw new DOMException('Cannot transfer control twice', 'InvalidStateError');
    // A stand-in that does not point back at the element (matchers would walk the whole DOM).
    const offscreen = { offscreen: handedOver.size + 1 } as unknown as OffscreenCanvas;
    handedOver.set(this, offscreen);
    return offscreen;
  });
});

const part = () => ({
  positions: Float32Array.from([0, 0, 0, 10, 0, 0, 0, 10, 0]),
  normals: Float32Array.from([0, 0, 1, 0, 0, 1, 0, 0, 1]),
});
const props = { simplified: false, name: 'block.stl', description: '40 × 30 × 20 mm' };
const preview = () => screen.getByRole('img', { name: /^3D preview of block\.stl/ });

describe('the 3D preview drawn in a worker (decision 340)', () => {
  it('hands the canvas and copies of the arrays to one worker, posts each view and size change, and marks the drawn frames', () => {
    const { create, workers } = workerFactory();
    const mesh = part();
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    vi.stubGlobal('devicePixelRatio', 3);
    renderWithProviders(<PartPreview {...mesh} {...props} createWorker={create} />);
    const canvas = preview();
    expect(canvas.tagName).toBe('CANVAS');
    expect(canvas).toHaveAttribute('tabindex', '0');
    expect(canvas).toHaveAttribute('data-renderer', 'worker');
    expect(canvas).not.toHaveAttribute('data-drawn');
    expect(workers).toHaveLength(1);
    const [start] = workers[0]!.posted;
    expect(start!.message).toMatchObject({
      type: 'start',
      canvas: handedOver.get(canvas as HTMLCanvasElement),
      view: START,
      size: { width: 800, height: 600 },
    });
    if (start!.message.type !== 'start') throw new Error('not a start message');
    expect(start!.message.positions).toEqual(mesh.positions);
    expect(start!.message.positions).not.toBe(mesh.positions);
    expect(start!.transfer).toEqual([
      start!.message.canvas,
      start!.message.positions.buffer,
      start!.message.normals.buffer,
    ]);

    fireEvent.keyDown(canvas, { key: 'ArrowLeft' });
    fireEvent.keyDown(canvas, { key: 'a' });
    fireEvent.keyDown(canvas, { key: '+' });
    expect(workers[0]!.posted.slice(1).map((p) => p.message)).toEqual([
      { type: 'view', view: { ...START, yaw: START.yaw - Math.PI / 18 } },
      { type: 'view', view: { ...START, yaw: START.yaw - Math.PI / 18, zoom: START.zoom / 1.15 } },
    ]);

    resize();
    expect(workers[0]!.posted).toHaveLength(3);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(500);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(375);
    resize();
    expect(workers[0]!.posted.at(-1)!.message).toEqual({ type: 'size', size: { width: 1000, height: 750 } });

    workers[0]!.answer({ type: 'drawn', frames: 1 });
    expect(canvas).toHaveAttribute('data-drawn', '1');
    workers[0]!.answer({ type: 'drawn', frames: 2 });
    expect(canvas).toHaveAttribute('data-drawn', '2');
    expect(renderers.create).not.toHaveBeenCalled();
  });

  it("ends a part's worker with the part: a new part draws on a new canvas in a new worker, unmounting ends it too", () => {
    const { create, workers, live } = workerFactory();
    const { rerender, unmount } = renderWithProviders(
      <PartPreview {...part()} {...props} createWorker={create} />,
    );
    const first = preview();
    for (let i = 0; i < 3; i++) rerender(<PartPreview {...part()} {...props} createWorker={create} />);
    expect(workers).toHaveLength(4);
    expect(live()).toEqual([workers[3]]);
    expect(preview()).not.toBe(first);
    expect(new Set(workers.map((w) => (w.posted[0]!.message as { canvas: unknown }).canvas)).size).toBe(4);
    expect(handedOver.get(preview() as HTMLCanvasElement)).toBe(
      (workers[3]!.posted[0]!.message as { canvas: unknown }).canvas,
    );
    // The same arrays again (a re-render for another reason) keep the worker.
    const mesh = part();
    rerender(<PartPreview {...mesh} {...props} createWorker={create} />);
    rerender(<PartPreview {...mesh} {...props} name="block.stl" createWorker={create} />);
    expect(workers).toHaveLength(5);
    unmount();
    expect(live()).toEqual([]);
  });

  it('leaves one live worker under StrictMode, whose effects run twice on the same canvas', () => {
    const { create, workers, live } = workerFactory();
    renderWithProviders(
      <StrictMode>
        <PartPreview {...part()} {...props} createWorker={create} />
      </StrictMode>,
    );
    expect(live()).toHaveLength(1);
    expect(handedOver.get(preview() as HTMLCanvasElement)).toBe(
      (live()[0]!.posted[0]!.message as { canvas: unknown }).canvas,
    );
    expect(workers.length).toBeLessThanOrEqual(2);
  });
});

describe("the preview's fallback on the page (decision 340)", () => {
  function fakeRenderer() {
    return { draw: vi.fn(), dispose: vi.fn() };
  }

  it('draws on the page with the same renderer where no worker can draw, one frame per change', async () => {
    vi.stubGlobal('Worker', undefined);
    const renderer = fakeRenderer();
    renderers.create.mockReturnValue(renderer);
    const { create } = workerFactory();
    const mesh = part();
    const { unmount } = renderWithProviders(<PartPreview {...mesh} {...props} createWorker={create} />);
    const canvas = preview();
    expect(canvas).toHaveAttribute('data-renderer', 'page');
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', '1'));
    expect(create).not.toHaveBeenCalled();
    expect(HTMLCanvasElement.prototype.transferControlToOffscreen).not.toHaveBeenCalled();
    expect(renderers.create).toHaveBeenCalledWith(canvas, mesh, { preserveDrawingBuffer: true });
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', '2'));
    expect(renderer.draw).toHaveBeenCalledTimes(2);
    const drawnView = renderer.draw.mock.calls[1]![0] as typeof START;
    expect(drawnView.yaw).toBeCloseTo(START.yaw + Math.PI / 9);
    expect(drawnView.zoom).toBe(START.zoom);
    unmount();
    expect(renderer.dispose).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['en', 'The 3D preview is not available in this browser'],
    ['fr', "L'aperçu 3D n'est pas disponible"],
  ] as const)('says the preview is unavailable without WebGL on the page (%s)', async (language, text) => {
    vi.stubGlobal('Worker', undefined);
    renderers.create.mockImplementation(() => {
      throw new Error('Error creating WebGL context.');
    });
    renderWithProviders(<PartPreview {...part()} {...props} />, { language });
    await waitFor(() => expect(screen.getByRole('img')).toHaveTextContent(text));
    expect(screen.getByRole('img').tagName).toBe('DIV');
  });

  // Last: a worker without WebGL is remembered for the rest of the page (module state).
  it("draws on the page when the worker has no WebGL, and draws the page's next parts there at once", async () => {
    const renderer = fakeRenderer();
    renderers.create.mockReturnValue(renderer);
    const { create, workers, live } = workerFactory();
    const { unmount } = renderWithProviders(<PartPreview {...part()} {...props} createWorker={create} />);
    const handed = preview();
    workers[0]!.answer({ type: 'no-webgl' });
    expect(workers[0]!.terminated).toBe(true);
    const canvas = preview();
    expect(canvas).not.toBe(handed);
    expect(canvas).toHaveAttribute('data-renderer', 'page');
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', '1'));
    expect(renderers.create).toHaveBeenCalledWith(canvas, expect.anything(), { preserveDrawingBuffer: true });
    unmount();
    expect(renderer.dispose).toHaveBeenCalledTimes(1);
    renderWithProviders(<PartPreview {...part()} {...props} createWorker={create} />);
    expect(preview()).toHaveAttribute('data-renderer', 'page');
    await waitFor(() => expect(renderers.create).toHaveBeenCalledTimes(2));
    expect(workers).toHaveLength(1);
    expect(live()).toEqual([]);
  });
});
