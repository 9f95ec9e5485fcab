import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CncQuote } from '@maplesource/contracts';
import { cncInstantPriceAvailable } from '@maplesource/contracts/cnc-pricing';
import { binaryStl, box } from '../../../test/solids';
import { cncQuoteFields, pdfText, uploadCncQuote } from '../../../test/cnc-helpers';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser } from '../../../test/security/security-helpers';
import { firmQuoteRequestText } from './operations/cnc-quote-words';

/** Decision 335: an open (non-watertight) mesh is measured and noted, never priced; the buyer asks for firm quotes. */
let t: TestApp;
let owner = '';
beforeAll(async () => {
  t = await createTestApp();
  owner = `ms_session=${(await createUser(t, ['buyer'])).token}`;
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      role: 'buyer',
      cookie: owner,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe('an open mesh has no instant price (decision 335)', () => {
  // A 10 mm cube with one face (two triangles) missing: its box is known, its volume is not.
  const openCube = binaryStl(box(10, 10, 10).slice(2));
  let open: CncQuote;

  it('decides on closedness alone', () => {
    const part = {
      volumeMm3: 1000,
      surfaceAreaMm2: 600,
      boundingBoxMm: [10, 10, 10] as [number, number, number],
    };
    expect(cncInstantPriceAvailable({ ...part, closed: true })).toBe(true);
    expect(cncInstantPriceAvailable({ ...part, closed: false })).toBe(false);
  });

  it('stores the open part measured, with its note and no price; a closed one is priced as before', async () => {
    const res = await uploadCncQuote(t, owner, cncQuoteFields, { name: 'open.stl', bytes: openCube });
    expect(res.statusCode, res.body).toBe(201);
    open = res.json() as CncQuote;
    expect(open.geometry.closed).toBe(false);
    expect(open.geometry.boundingBoxMm).toEqual([10, 10, 10]);
    expect(open.prices).toEqual([]);
    expect(open.notes).toContain('CNC_DFM_OPEN_MESH');
    expect(open.hasFile).toBe(true);

    const closed = await uploadCncQuote(t, owner, cncQuoteFields, {
      name: 'closed.stl',
      bytes: binaryStl(box(10, 10, 10)),
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const priced = closed.json() as CncQuote;
    expect(priced.prices.length).toBeGreaterThan(0);
    expect(priced.notes).not.toContain('CNC_DFM_OPEN_MESH');
  });

  it('stays unpriced when its quantity changes or it is copied in another material', async () => {
    const changed = await call('PATCH', `/cnc-quotes/${open.id}`, { quantity: 40 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as CncQuote).options.quantity).toBe(40);
    expect((changed.json() as CncQuote).prices).toEqual([]);
    const copy = await call('POST', `/cnc-quotes/${open.id}/copies`, { material: 'brass' });
    expect(copy.statusCode, copy.body).toBe(201);
    expect((copy.json() as CncQuote).prices).toEqual([]);
    expect((copy.json() as CncQuote).notes).toContain('CNC_DFM_OPEN_MESH');
  });

  it('says in its PDF, in English and in French, why there is no price and what to do, with no amount', async () => {
    const en = await call('GET', `/cnc-quotes/${open.id}/pdf?lang=en`);
    expect(en.statusCode).toBe(200);
    const english = await pdfText(en.rawPayload);
    expect(english).toContain('No instant price');
    expect(english).toContain('request firm quotes');
    expect(english).not.toMatch(/\$\d/);
    expect(english).not.toContain('Priced with the rates');
    expect(english).toContain('not measurable (the mesh is open)');
    const fr = await call('GET', `/cnc-quotes/${open.id}/pdf?lang=fr`);
    const french = await pdfText(fr.rawPayload);
    expect(french).toContain('Pas de prix instantané');
    expect(french).toContain('demandez des prix fermes');
    expect(french).not.toMatch(/\d \$/);
    expect(french).toContain('non mesurable (le maillage est ouvert)');
  });

  it('does not give shops the open mesh’s volume as a measurement in the request for firm quotes', () => {
    const en = firmQuoteRequestText(open, 'en', undefined).description;
    expect(en).toContain('Volume: not measurable (open mesh, no instant price)');
    const fr = firmQuoteRequestText(open, 'fr', undefined).description;
    expect(fr).toContain('Volume : non mesurable (maillage ouvert, sans prix instantané)');
  });
});
