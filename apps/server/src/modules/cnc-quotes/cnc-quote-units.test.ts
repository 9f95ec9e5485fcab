import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CncQuote } from '@maplesource/contracts';
import { binaryStl, box, stepBox } from '../../../test/solids';
import { cncQuoteFields, uploadCncQuote, type CncTestFile } from '../../../test/cnc-helpers';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser } from '../../../test/security/security-helpers';

let t: TestApp;
let buyer = '';
beforeAll(async () => {
  t = await createTestApp();
  buyer = `ms_session=${(await createUser(t, ['buyer'])).token}`;
});
afterAll(async () => t?.close());

const upload = (fields: Record<string, string>, file: CncTestFile) => uploadCncQuote(t, buyer, fields, file);

const options = { ...cncQuoteFields, quantity: '1' };

describe('the units of an uploaded STL (decision 324)', () => {
  it('scales an STL drawn in inches ×25.4 before pricing, and reads it in millimetres without the field', async () => {
    const part = { name: 'bracket.stl', bytes: binaryStl(box(4, 2, 1)) };
    const inches = await upload({ ...options, units: 'inch' }, part);
    expect(inches.statusCode, inches.body).toBe(201);
    const inInches = inches.json<CncQuote>();
    expect(inInches.geometry.boundingBoxMm).toEqual([
      expect.closeTo(101.6, 6),
      expect.closeTo(50.8, 6),
      expect.closeTo(25.4, 6),
    ]);
    expect(inInches.geometry.volumeMm3).toBeCloseTo(8 * 25.4 ** 3, 3);
    expect(inInches.geometry.surfaceAreaMm2).toBeCloseTo(28 * 25.4 ** 2, 3);
    expect(inInches.options).not.toHaveProperty('units');

    const millimetres = await upload(options, part);
    expect(millimetres.statusCode).toBe(201);
    const inMm = millimetres.json<CncQuote>();
    expect(inMm.geometry.boundingBoxMm).toEqual([4, 2, 1]);
    expect(inMm.geometry.volumeMm3).toBeCloseTo(8, 6);
    // The same part 25.4 times larger costs more.
    expect(inInches.prices[0]!.unitCents).toBeGreaterThan(inMm.prices[0]!.unitCents);
  });

  it('keeps a STEP file in the unit it states, whatever the field says', async () => {
    const answer = await upload(
      { ...options, units: 'inch' },
      { name: 'cube.step', bytes: stepBox(10, 10, 10) },
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const side = answer.json<CncQuote>().geometry.boundingBoxMm[0];
    expect(Math.abs(side - 10)).toBeLessThan(0.05);
  });

  it('refuses a unit it does not know with VALIDATION_FAILED on the field', async () => {
    const answer = await upload(
      { ...options, units: 'furlong' },
      { name: 'part.stl', bytes: binaryStl(box(1, 1, 1)) },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { units: expect.any(String) } },
    });
  });
});
