import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cncQuoteFields, uploadCncQuote } from '../cnc-helpers';
import { createTestApp, type TestApp } from '../helpers';
import { binaryStl, box } from '../solids';
import { createUser } from './security-helpers';

/**
 * A buyer's CNC quotes are the buyer's alone (decision 322): another buyer who asks for one by id gets 404
 * CNC_QUOTE_NOT_FOUND, as for a quote that does not exist, and never sees it listed; a visitor is 401. The routes
 * come from the OpenAPI document: a new one under /api/v1/cnc-quotes fails this test until it is listed below.
 */
let t: TestApp;
let owner = '';
let intruder = '';
let quoteId = '';
beforeAll(async () => {
  t = await createTestApp();
  owner = `ms_session=${(await createUser(t, ['buyer'])).token}`;
  intruder = `ms_session=${(await createUser(t, ['buyer'])).token}`;
  const res = await uploadCncQuote(
    t,
    owner,
    { ...cncQuoteFields, material: 'brass', quantity: '3' },
    { name: 'a.stl', bytes: binaryStl(box(5, 5, 5)) },
  );
  quoteId = (res.json() as { id: string }).id;
});
afterAll(async () => t?.close());

const documented = [
  'GET /api/v1/cnc-quotes',
  'GET /api/v1/cnc-quotes/{id}',
  'POST /api/v1/cnc-quotes',
  // Decision 325: the kept file, the PDF, a change of quantity, a copy, a request for firm quotes.
  'GET /api/v1/cnc-quotes/{id}/file',
  'GET /api/v1/cnc-quotes/{id}/pdf',
  'PATCH /api/v1/cnc-quotes/{id}',
  'POST /api/v1/cnc-quotes/{id}/copies',
  'POST /api/v1/cnc-quotes/{id}/rfq',
];

describe('CNC quote fences (decision 322)', () => {
  it('lists every CNC quote operation of the document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/cnc-quotes'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual([...documented].sort());
  });

  it('answers another buyer 404 for the quote and an empty list; a visitor 401', async () => {
    expect(quoteId).toMatch(/^\d+$/);
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: { role: 'buyer', ...(cookie ? { cookie } : {}) } });
    const foreign = await get(`/api/v1/cnc-quotes/${quoteId}`, intruder);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual((await get('/api/v1/cnc-quotes/999999999', intruder)).json());
    expect((await get('/api/v1/cnc-quotes', intruder)).json()).toEqual({ items: [] });
    expect((await get(`/api/v1/cnc-quotes/${quoteId}`, owner)).statusCode).toBe(200);
    for (const url of ['/api/v1/cnc-quotes', `/api/v1/cnc-quotes/${quoteId}`])
      expect((await get(url)).statusCode).toBe(401);
  });

  it('answers another buyer 404 CNC_QUOTE_NOT_FOUND on every route of one quote (decision 325); a visitor 401', async () => {
    const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const calls: Array<[string, string, unknown]> = [
      ['GET', `/api/v1/cnc-quotes/${quoteId}/file`, undefined],
      ['GET', `/api/v1/cnc-quotes/${quoteId}/pdf?lang=fr`, undefined],
      ['PATCH', `/api/v1/cnc-quotes/${quoteId}`, { quantity: 7 }],
      ['POST', `/api/v1/cnc-quotes/${quoteId}/copies`, { material: 'pom' }],
      [
        'POST',
        `/api/v1/cnc-quotes/${quoteId}/rfq`,
        { deadline, deliveryProvince: 'QC', deliveryPostalCode: 'H2X 1Y4', private: false },
      ],
    ];
    const send = (method: string, url: string, body: unknown, cookie?: string) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: {
          role: 'buyer',
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    for (const [method, url, body] of calls) {
      const foreign = await send(method, url, body, intruder);
      expect(foreign.statusCode, `${method} ${url}`).toBe(404);
      expect(foreign.json().error.code).toBe('CNC_QUOTE_NOT_FOUND');
      expect((await send(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    // Nothing the intruder sent changed or copied the owner's quote.
    const own = (await send('GET', `/api/v1/cnc-quotes/${quoteId}`, undefined, owner)).json();
    expect(own.options.quantity).toBe(3);
    expect(own.rfqId).toBeNull();
    const list = (await send('GET', '/api/v1/cnc-quotes', undefined, owner)).json() as { items: unknown[] };
    expect(list.items).toHaveLength(1);
    expect((await send('GET', `/api/v1/cnc-quotes/${quoteId}/file`, undefined, owner)).statusCode).toBe(200);
  });
});
