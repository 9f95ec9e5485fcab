import { describe, expect, it } from 'vitest';
import { drawingSize, START, viewAfterDrag, viewAfterKey, viewAfterWheel } from './preview-view';

describe("the preview's view (decision 324)", () => {
  it('turns by 10° with the arrows, zooms by 15 % with + and −, resets with 0 and ignores other keys', () => {
    const step = Math.PI / 18;
    expect(viewAfterKey(START, 'ArrowLeft')!.yaw).toBeCloseTo(START.yaw - step);
    expect(viewAfterKey(START, 'ArrowRight')!.yaw).toBeCloseTo(START.yaw + step);
    expect(viewAfterKey(START, 'ArrowUp')!.pitch).toBeCloseTo(START.pitch + step);
    expect(viewAfterKey(START, 'ArrowDown')!.pitch).toBeCloseTo(START.pitch - step);
    expect(viewAfterKey(START, '+')!.zoom).toBeCloseTo(START.zoom / 1.15);
    expect(viewAfterKey(START, '=')!.zoom).toBeCloseTo(START.zoom / 1.15);
    expect(viewAfterKey(START, '-')!.zoom).toBeCloseTo(START.zoom * 1.15);
    expect(viewAfterKey({ yaw: 3, pitch: 1, zoom: 5 }, '0')).toEqual(START);
    expect(viewAfterKey(START, 'a')).toBeNull();
    expect(viewAfterKey(START, 'Tab')).toBeNull();
  });

  it('keeps the pitch short of the poles and the zoom between 0.8 and 12 sizes', () => {
    let view = START;
    for (let i = 0; i < 40; i++) view = viewAfterKey(view, 'ArrowUp')!;
    expect(view.pitch).toBe(1.5);
    for (let i = 0; i < 80; i++) view = viewAfterKey(view, 'ArrowDown')!;
    expect(view.pitch).toBe(-1.5);
    for (let i = 0; i < 40; i++) view = viewAfterKey(view, '+')!;
    expect(view.zoom).toBe(0.8);
    for (let i = 0; i < 40; i++) view = viewAfterWheel(view, 100);
    expect(view.zoom).toBe(12);
  });

  it('orbits by 0.01 radian per pixel dragged and zooms by 10 % a wheel notch', () => {
    const dragged = viewAfterDrag(START, 30, -20);
    expect(dragged.yaw).toBeCloseTo(START.yaw - 0.3);
    expect(dragged.pitch).toBeCloseTo(START.pitch - 0.2);
    expect(dragged.zoom).toBe(START.zoom);
    expect(viewAfterWheel(START, 3).zoom).toBeCloseTo(START.zoom * 1.1);
    expect(viewAfterWheel(START, -3).zoom).toBeCloseTo(START.zoom / 1.1);
  });
});

describe("the preview's drawing size (decision 340)", () => {
  it('is the CSS size times the device pixel ratio, rounded', () => {
    expect(drawingSize(400, 300, 1)).toEqual({ width: 400, height: 300 });
    expect(drawingSize(400.4, 300.3, 1.5)).toEqual({ width: 601, height: 450 });
  });

  it('caps the ratio at 2', () => {
    expect(drawingSize(400, 300, 3)).toEqual({ width: 800, height: 600 });
    expect(drawingSize(400, 300, 2)).toEqual({ width: 800, height: 600 });
  });

  it('is never empty, even for a canvas not laid out yet or a nonsense ratio', () => {
    expect(drawingSize(0, 0, 2)).toEqual({ width: 1, height: 1 });
    expect(drawingSize(Number.NaN, 10, 0)).toEqual({ width: 1, height: 10 });
    expect(drawingSize(10, 10, Number.NaN)).toEqual({ width: 10, height: 10 });
  });
});
