import { describe, expect, it, vi } from 'vitest';
import { createPreviewDriver, frameRequester } from './preview-driver';
import { START, type DrawingSize, type View } from './preview-view';

/** A frame source the test runs by hand: `next()` runs every callback asked for so far, as one frame would. */
function frames() {
  let pending: (() => void)[] = [];
  const requested = vi.fn((callback: () => void) => {
    pending.push(callback);
    return () => {
      pending = pending.filter((c) => c !== callback);
    };
  });
  const next = () => {
    const run = pending;
    pending = [];
    for (const callback of run) callback();
  };
  return { requestFrame: requested, next, pending: () => pending.length };
}

function fakeRenderer() {
  const draws: { view: View; size: DrawingSize }[] = [];
  return { draws, draw: (view: View, size: DrawingSize) => draws.push({ view, size }), dispose: vi.fn() };
}

const size = { width: 400, height: 300 };

describe('drawing the preview on demand (decisions 324, 340)', () => {
  it('draws a first frame, then one frame per change however many changes arrive before it, with the latest', () => {
    const clock = frames();
    const renderer = fakeRenderer();
    const onDrawn = vi.fn();
    const driver = createPreviewDriver(renderer, {
      view: START,
      size,
      requestFrame: clock.requestFrame,
      onDrawn,
    });
    expect(renderer.draws).toHaveLength(0);
    clock.next();
    expect(renderer.draws).toEqual([{ view: START, size }]);
    expect(onDrawn).toHaveBeenLastCalledWith(1);

    const last = { yaw: 1, pitch: 0.5, zoom: 3 };
    driver.setView({ yaw: 0, pitch: 0, zoom: 2 });
    driver.setView(last);
    driver.setSize({ width: 800, height: 600 });
    expect(clock.pending()).toBe(1);
    clock.next();
    expect(renderer.draws).toHaveLength(2);
    expect(renderer.draws[1]).toEqual({ view: last, size: { width: 800, height: 600 } });
    expect(onDrawn).toHaveBeenLastCalledWith(2);
    expect(clock.requestFrame).toHaveBeenCalledTimes(2);
  });

  it('draws nothing when idle or when the size did not change', () => {
    const clock = frames();
    const renderer = fakeRenderer();
    const driver = createPreviewDriver(renderer, { view: START, size, requestFrame: clock.requestFrame });
    clock.next();
    clock.next();
    driver.setSize({ ...size });
    clock.next();
    expect(renderer.draws).toHaveLength(1);
    expect(clock.requestFrame).toHaveBeenCalledTimes(1);
  });

  it('cancels a pending frame and disposes the renderer once when disposed; later changes draw nothing', () => {
    const clock = frames();
    const renderer = fakeRenderer();
    const driver = createPreviewDriver(renderer, { view: START, size, requestFrame: clock.requestFrame });
    expect(clock.pending()).toBe(1);
    driver.dispose();
    driver.dispose();
    expect(clock.pending()).toBe(0);
    expect(renderer.dispose).toHaveBeenCalledTimes(1);
    driver.setView({ yaw: 1, pitch: 0, zoom: 2 });
    clock.next();
    expect(renderer.draws).toHaveLength(0);
  });
});

describe('the frame source (decision 340)', () => {
  it("uses the scope's requestAnimationFrame where there is one (a window, a dedicated worker in Chromium)", () => {
    const scope = {
      requestAnimationFrame: vi.fn((callback: FrameRequestCallback) => {
        callback(0);
        return 7;
      }),
      cancelAnimationFrame: vi.fn(),
      setTimeout: vi.fn(),
      clearTimeout: vi.fn(),
    };
    const callback = vi.fn();
    const cancel = frameRequester(scope)(callback);
    expect(callback).toHaveBeenCalledTimes(1);
    cancel();
    expect(scope.cancelAnimationFrame).toHaveBeenCalledWith(7);
    expect(scope.setTimeout).not.toHaveBeenCalled();
  });

  it('falls back to a timeout of about a frame elsewhere', () => {
    vi.useFakeTimers();
    try {
      const callback = vi.fn();
      const request = frameRequester({ setTimeout, clearTimeout });
      request(callback);
      vi.advanceTimersByTime(15);
      expect(callback).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(callback).toHaveBeenCalledTimes(1);
      const cancelled = vi.fn();
      request(cancelled)();
      vi.advanceTimersByTime(100);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
