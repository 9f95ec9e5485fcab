import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cncFileErrorCodes, type CncQuote } from '@maplesource/contracts';
import { CNC_FILE_REJECTIONS } from './index';
import { binaryStl, box, stepBox } from '../../../test/solids';
import { cncQuoteFields, uploadCncQuote, type CncTestFile } from '../../../test/cnc-helpers';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser } from '../../../test/security/security-helpers';

let t: TestApp;
let owner = '';
let other = '';
beforeAll(async () => {
  t = await createTestApp();
  owner = `ms_session=${(await createUser(t, ['buyer'])).token}`;
  other = `ms_session=${(await createUser(t, ['buyer'])).token}`;
});
afterAll(async () => t?.close());

const options = cncQuoteFields;

const upload = (cookie: string, fields: Record<string, string>, file?: CncTestFile) =>
  uploadCncQuote(t, cookie, fields, file);

describe('CNC instant quotes (decisions 302, 322)', () => {
  let quote: CncQuote;

  it('measures an uploaded STL cube, prices it at 1, 10, 25, 50 and 100 with the rates in effect, and stores it', async () => {
    const res = await upload(owner, options, { name: 'cube.stl', bytes: binaryStl(box(10, 10, 10)) });
    expect(res.statusCode, res.body).toBe(201);
    quote = res.json() as CncQuote;
    expect(quote.geometry.volumeMm3).toBeCloseTo(1000, 6);
    expect(quote.ratesEffectiveFrom).toBe('2026-11-28');
    expect(quote.prices.map((price) => price.quantity)).toEqual([1, 10, 25, 50, 100]);
    // The pricing tests' figure for this cube and these rates: 59.80 $ for one part.
    expect(quote.prices[0]!.unitCents).toBe(5980);
    expect(quote.prices[2]!.setupPerPartCents).toBe(200);
  });

  it('measures a STEP part too', async () => {
    const res = await upload(
      owner,
      { ...options, quantity: '1' },
      { name: 'box.STEP', bytes: stepBox(10, 20, 30) },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(Math.abs((res.json() as CncQuote).geometry.volumeMm3 / 6000 - 1)).toBeLessThan(0.005);
  });

  it('lists the buyer’s own quotes and reads one; another buyer’s is 404', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cnc-quotes',
      headers: { role: 'buyer', cookie: owner },
    });
    expect((mine.json() as { items: CncQuote[] }).items).toHaveLength(2);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cnc-quotes',
      headers: { role: 'buyer', cookie: other },
    });
    expect((theirs.json() as { items: CncQuote[] }).items).toEqual([]);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cnc-quotes/${quote.id}`,
      headers: { role: 'buyer', cookie: owner },
    });
    expect(one.json()).toEqual(quote);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cnc-quotes/${quote.id}`,
      headers: { role: 'buyer', cookie: other },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('CNC_QUOTE_NOT_FOUND');
  });

  it('refuses bad files and options with a 4xx and a code', async () => {
    const cases: Array<
      [Record<string, string>, { name: string; bytes: Uint8Array } | undefined, number, string]
    > = [
      [
        options,
        { name: 'part.stl', bytes: new TextEncoder().encode('not a part') },
        422,
        'CNC_FILE_NOT_A_MESH',
      ],
      [options, { name: 'part.zip', bytes: binaryStl(box(1, 1, 1)) }, 415, 'CNC_FILE_UNSUPPORTED_TYPE'],
      [
        options,
        { name: 'part.stp', bytes: stepBox(1, 1, 1, { withSolid: false }) },
        422,
        'CNC_FILE_NO_SOLID',
      ],
      [options, undefined, 400, 'CNC_FILE_REQUIRED'],
      [
        { ...options, material: 'gold' },
        { name: 'a.stl', bytes: binaryStl(box(1, 1, 1)) },
        400,
        'VALIDATION_FAILED',
      ],
      [
        { ...options, quantity: '0' },
        { name: 'a.stl', bytes: binaryStl(box(1, 1, 1)) },
        400,
        'VALIDATION_FAILED',
      ],
      [
        { ...options, material: 'brass', finish: 'anodized' },
        { name: 'a.stl', bytes: binaryStl(box(1, 1, 1)) },
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [fields, file, status, code] of cases) {
      const res = await upload(owner, fields, file);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cnc-quotes',
      headers: { role: 'buyer', cookie: owner },
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('the rates in effect, for the quote screen (decision 302)', () => {
  it('are public and are the row the server prices with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cnc-rates/current' });
    expect(res.statusCode, res.body).toBe(200);
    const rates = res.json() as { effectiveFrom: string; setupCents: number };
    expect(rates.effectiveFrom).toBe('2026-11-28');
    expect(rates.setupCents).toBeGreaterThan(0);
  });
});

describe('CNC instant quotes under load (decision 322)', () => {
  it('analyses two uploads at a time and answers a third 429 CNC_ANALYSIS_BUSY', async () => {
    const file = { name: 'box.step', bytes: stepBox(10, 10, 10) };
    const answers = await Promise.all([1, 2, 3].map(() => upload(owner, options, file)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 429]);
    const busy = answers.find((res) => res.statusCode === 429)!;
    expect(busy.json().error.code).toBe('CNC_ANALYSIS_BUSY');
    expect((await upload(owner, options, file)).statusCode).toBe(201);
  });

  it('names every code the analysis can refuse a file with among the contracts’ texts', () => {
    for (const code of CNC_FILE_REJECTIONS) expect(cncFileErrorCodes).toContain(code);
  });
});
