import { describe, expect, it } from 'vitest';
import { plateWithHolesExact, stepBox, stepCylinder, stepPlateWithHoles } from '../../../test/solids';
import { parseStep } from './analysis/step';
import { measureMesh, type CncFileRejection } from './index';

async function rejection(bytes: Uint8Array): Promise<CncFileRejection | undefined> {
  try {
    await parseStep(bytes);
    return undefined;
  } catch (error) {
    return (error as { code?: CncFileRejection }).code;
  }
}

describe('CNC part analysis: STEP (decision 322)', () => {
  it('measures a 10 mm cube written as a STEP B-rep: 1,000 mm³ and 600 mm² within 0.5 %, closed', async () => {
    const geometry = measureMesh(await parseStep(stepBox(10, 10, 10)));
    expect(Math.abs(geometry.volume / 1000 - 1)).toBeLessThan(0.005);
    expect(Math.abs(geometry.surfaceArea / 600 - 1)).toBeLessThan(0.005);
    expect(geometry.boundingBox.map((side) => Math.round(side * 1000) / 1000)).toEqual([10, 10, 10]);
    expect(geometry.closed).toBe(true);
  });

  it('measures a 10 × 20 × 30 box: 6,000 mm³, 2,200 mm²', async () => {
    const geometry = measureMesh(await parseStep(stepBox(10, 20, 30)));
    expect(Math.abs(geometry.volume / 6000 - 1)).toBeLessThan(0.005);
    expect(Math.abs(geometry.surfaceArea / 2200 - 1)).toBeLessThan(0.005);
  });

  it('triangulates a curved part finely enough: a cylinder within 0.5 % of its volume and area, closed (decision 332)', async () => {
    for (const [radius, height] of [
      [10, 20],
      [50, 5],
      [1, 100],
      [20, 1],
    ] as const) {
      const geometry = measureMesh(await parseStep(stepCylinder(radius, height)));
      expect(Math.abs(geometry.volume / (Math.PI * radius * radius * height) - 1)).toBeLessThan(0.005);
      const area = 2 * Math.PI * radius * (radius + height);
      expect(Math.abs(geometry.surfaceArea / area - 1)).toBeLessThan(0.005);
      expect(geometry.closed).toBe(true);
    }
  });

  it('measures a machined plate (one solid, counterbored holes) within 0.5 % of its exact volume and area', async () => {
    const geometry = measureMesh(await parseStep(stepPlateWithHoles(4, 3)));
    const exact = plateWithHolesExact(4, 3);
    expect(Math.abs(geometry.volume / exact.volume - 1)).toBeLessThan(0.005);
    expect(Math.abs(geometry.surfaceArea / exact.surfaceArea - 1)).toBeLessThan(0.005);
    expect(geometry.boundingBox.map((side) => Math.round(side * 1000) / 1000)).toEqual([70, 56, 12]);
    expect(geometry.closed).toBe(true);
  });

  it('refuses an empty file, a STEP cut in half, a STEP with no solid and text that is not STEP', async () => {
    const whole = stepBox(10, 10, 10);
    expect(await rejection(new Uint8Array())).toBe('CNC_FILE_EMPTY');
    expect(await rejection(whole.subarray(0, Math.floor(whole.length / 2)))).toBe(
      'CNC_FILE_NOT_A_STEP_MODEL',
    );
    expect(await rejection(stepBox(10, 10, 10, { withSolid: false }))).toBe('CNC_FILE_NO_SOLID');
    expect(await rejection(new TextEncoder().encode('ISO-10303-21;\nHEADER;\nbanana'))).toBe(
      'CNC_FILE_NOT_A_STEP_MODEL',
    );
    expect(await rejection(new TextEncoder().encode('solid part\nendsolid part\n'))).toBe(
      'CNC_FILE_NOT_A_STEP_MODEL',
    );
  });

  it('refuses a file over 100 MB before reading it', async () => {
    expect(await rejection(new Uint8Array(100 * 1024 * 1024 + 1))).toBe('CNC_FILE_TOO_LARGE');
  });
});
