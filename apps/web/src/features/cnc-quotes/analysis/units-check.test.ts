import { describe, expect, it } from 'vitest';
import { meshInMillimetres } from '@maplesource/contracts/cad/units';
import { initialUnits, unitsCheck } from './units-check';

describe('the units check (decision 324)', () => {
  it('asks whether a part under 2 mm long read in millimetres was drawn in inches', () => {
    expect(unitsCheck(1.5, 'stl', 'mm')).toEqual({ longestMm: 1.5, suggest: 'inch' });
    expect(unitsCheck(2, 'stl', 'mm')).toBeNull();
    expect(unitsCheck(100, 'stl', 'mm')).toBeNull();
    // Over 1,000 mm: decision 302's CNC_DFM_CHECK_UNITS note; inches would only make it larger.
    expect(unitsCheck(2540, 'stl', 'mm')).toBeNull();
  });

  it('asks about millimetres when the part read in inches is over 1,000 mm long, never in a loop', () => {
    expect(unitsCheck(100, 'stl', 'inch')).toEqual({ longestMm: 2540, suggest: 'mm' });
    expect(unitsCheck(10, 'stl', 'inch')).toBeNull();
    // Read in millimetres it is already too long: switching back would not help, so no question.
    expect(unitsCheck(1200, 'stl', 'inch')).toBeNull();
    // One click each way ends the questions: 1.5 read in inches is 38.1 mm.
    expect(unitsCheck(1.5, 'stl', 'inch')).toBeNull();
  });

  it('never asks about a STEP file, which states its unit', () => {
    expect(unitsCheck(5000, 'step', 'mm')).toBeNull();
    expect(initialUnits('step', null)).toBe('mm');
    expect(initialUnits('stl', 'inch')).toBe('inch');
    expect(initialUnits('stl', null)).toBe('mm');
  });

  it('scales lengths ×25.4, areas ×25.4² and volume ×25.4³ for inches', () => {
    const mesh = {
      volume: 2,
      surfaceArea: 10,
      boundingBox: [1, 2, 1] as [number, number, number],
      closed: true,
      triangles: 12,
    };
    expect(meshInMillimetres(mesh, 'mm')).toBe(mesh);
    const scaled = meshInMillimetres(mesh, 'inch');
    expect(scaled.boundingBox).toEqual([25.4, 50.8, 25.4]);
    expect(scaled.surfaceArea).toBeCloseTo(10 * 645.16, 6);
    expect(scaled.volume).toBeCloseTo(2 * 16387.064, 6);
    expect(scaled).toMatchObject({ closed: true, triangles: 12 });
  });
});
