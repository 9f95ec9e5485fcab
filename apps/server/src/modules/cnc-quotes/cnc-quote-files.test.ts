import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CncQuote } from '@maplesource/contracts';
import { binaryStl, box, stepBox } from '../../../test/solids';
import {
  cncQuoteFields,
  codeOf,
  storedFiles,
  uploadCncQuote,
  type CncTestFile,
  pdfText,
} from '../../../test/cnc-helpers';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser } from '../../../test/security/security-helpers';
import { rowsOf } from '../../db/transaction';

/** Decision 325: the kept file, the PDF, a change of quantity (same rates) and a copy (rates in effect now). */
let t: TestApp;
let owner = '';
let ownerId = '';
let other = '';
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t, ['buyer']);
  ownerId = user.id;
  owner = `ms_session=${user.token}`;
  other = `ms_session=${(await createUser(t, ['buyer'])).token}`;
});
afterAll(async () => t?.close());

const options = cncQuoteFields;

const upload = (cookie: string, fields: Record<string, string>, file: CncTestFile) =>
  uploadCncQuote(t, cookie, fields, file);

const call = (cookie: string | null, method: 'GET' | 'PATCH' | 'POST', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      role: 'buyer',
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe('the CNC quote keeps its file (decision 325)', () => {
  const cube = binaryStl(box(10, 10, 10));
  let quote: CncQuote;

  it('stores the uploaded file private with the quote and gives it back to its buyer only', async () => {
    const res = await upload(owner, options, { name: 'pièce A.stl', bytes: cube });
    expect(res.statusCode, res.body).toBe(201);
    quote = res.json() as CncQuote;
    expect(quote.hasFile).toBe(true);
    expect(quote.rfqId).toBeNull();

    const file = await call(owner, 'GET', `/cnc-quotes/${quote.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, Buffer.from(cube))).toBe(0);
    expect(file.headers['content-type']).toBe('model/stl');
    expect(file.headers['cache-control']).toBe('private, no-store');
    // A safe disposition: a plain-ASCII fallback name, the accent kept only in the encoded form.
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="pi_ce A.stl"; filename*=UTF-8''pi%C3%A8ce%20A.stl`,
    );
    // Private: not served by path, only through the route.
    const [stored] = storedFiles(t, `cnc-quotes/${ownerId}`);
    expect(stored).toMatch(/\.stl$/);
    const byPath = await t.app.inject({
      method: 'GET',
      url: `/uploads/${stored!.slice(stored!.indexOf('cnc-quotes/'))}`,
    });
    expect(byPath.statusCode).toBe(404);

    expect(codeOf(await call(other, 'GET', `/cnc-quotes/${quote.id}/file`))).toBe('404 CNC_QUOTE_NOT_FOUND');
    expect((await call(null, 'GET', `/cnc-quotes/${quote.id}/file`)).statusCode).toBe(401);
    expect(codeOf(await call(owner, 'GET', `/cnc-quotes/99999999/file`))).toBe('404 CNC_QUOTE_NOT_FOUND');
    expect((await call(owner, 'GET', `/cnc-quotes/abc/file`)).statusCode).toBe(400);
  });

  it('keeps a STEP file as STEP', async () => {
    const step = stepBox(10, 20, 30);
    const res = await upload(owner, { ...options, quantity: '1' }, { name: 'bracket.STP', bytes: step });
    expect(res.statusCode, res.body).toBe(201);
    const file = await call(owner, 'GET', `/cnc-quotes/${(res.json() as CncQuote).id}/file`);
    expect(file.headers['content-type']).toBe('model/step');
    expect(Buffer.compare(file.rawPayload, Buffer.from(step))).toBe(0);
  });

  it('says a quote made before files were kept has none', async () => {
    const [row] = rowsOf<{ id: string | number }>(
      await t.database.db.execute(sql`
        INSERT INTO cnc_quotes (buyer_id, file_name, geometry, triangles, options, rates_effective_from, prices)
        SELECT buyer_id, file_name, geometry, triangles, options, rates_effective_from, prices
        FROM cnc_quotes WHERE id = ${quote.id} RETURNING id`),
    );
    const old = await call(owner, 'GET', `/cnc-quotes/${row!.id}`);
    expect((old.json() as CncQuote).hasFile).toBe(false);
    expect(codeOf(await call(owner, 'GET', `/cnc-quotes/${row!.id}/file`))).toBe(
      '404 CNC_QUOTE_FILE_MISSING',
    );
  });

  it('deletes the stored file again when the quote cannot be stored', async () => {
    const before = storedFiles(t, `cnc-quotes/${ownerId}`).length;
    await t.database.db.execute(
      sql.raw(`ALTER TABLE cnc_quotes ADD CONSTRAINT test_refuse CHECK (file_name <> 'refused.stl')`),
    );
    try {
      const res = await upload(owner, options, { name: 'refused.stl', bytes: cube });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('ALTER TABLE cnc_quotes DROP CONSTRAINT test_refuse'));
    }
    expect(storedFiles(t, `cnc-quotes/${ownerId}`)).toHaveLength(before);
  });

  it('renders the quote as a PDF in English and in French, for its buyer only', async () => {
    const en = await call(owner, 'GET', `/cnc-quotes/${quote.id}/pdf?lang=en`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toBe(`attachment; filename="cnc-quote-${quote.id}.pdf"`);
    const english = await pdfText(en.rawPayload);
    for (const text of [
      'CNC machining instant quote',
      'pièce A.stl',
      'Aluminium 6061',
      '10 × 10 × 10 mm',
      '1 cm³',
      // 59.80 $ for one part (the pricing tests' figure), and the quantity asked for, 25.
      '$59.80',
      '25',
      'Priced with the rates in effect from 2026-11-28.',
      'Setup shared by the parts',
    ])
      expect(english).toContain(text);
    // The cube's stock is mostly cut away: its note is printed in words.
    expect(quote.notes).toContain('CNC_DFM_HIGH_WASTE');
    expect(english).toContain('More than 80 % of the stock is cut away');

    const fr = await call(owner, 'GET', `/cnc-quotes/${quote.id}/pdf?lang=fr`);
    const french = await pdfText(fr.rawPayload);
    for (const text of [
      'Devis instantané d’usinage CNC',
      'Brut d’usinage',
      '59,80 $',
      'Chiffré avec les tarifs en vigueur depuis le 2026-11-28.',
      'Plus de 80 % de la matière est enlevée',
    ])
      expect(french).toContain(text);

    expect(codeOf(await call(other, 'GET', `/cnc-quotes/${quote.id}/pdf`))).toBe('404 CNC_QUOTE_NOT_FOUND');
    expect(codeOf(await call(owner, 'GET', `/cnc-quotes/${quote.id}/pdf?lang=de`))).toBe(
      '400 VALIDATION_FAILED',
    );
    expect((await call(null, 'GET', `/cnc-quotes/${quote.id}/pdf`)).statusCode).toBe(401);
  });

  it('changes the quantity with the rates the quote was priced with, and copies with the rates in effect now', async () => {
    // New rates from today (Toronto): the setup doubles.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    const [current] = rowsOf<{ rates: unknown }>(
      await t.database.db.execute(sql`SELECT rates FROM cnc_rates WHERE effective_from = '2026-11-28'`),
    );
    const oldRates = (typeof current!.rates === 'string' ? JSON.parse(current!.rates) : current!.rates) as {
      setupCents: number;
    };
    expect(today > '2026-11-28').toBe(true);
    await t.database.db.execute(sql`
      INSERT INTO cnc_rates (effective_from, rates)
      VALUES (${today}::date, ${JSON.stringify({ ...oldRates, effectiveFrom: today, setupCents: oldRates.setupCents * 2 })}::jsonb)`);

    const changed = await call(owner, 'PATCH', `/cnc-quotes/${quote.id}`, { quantity: 40 });
    expect(changed.statusCode, changed.body).toBe(200);
    const repriced = changed.json() as CncQuote;
    expect(repriced.id).toBe(quote.id);
    expect(repriced.options).toEqual({ ...quote.options, quantity: 40 });
    expect(repriced.ratesEffectiveFrom).toBe('2026-11-28');
    expect(repriced.prices.map((price) => price.quantity)).toEqual([1, 10, 40, 50, 100]);
    const at40 = repriced.prices.find((price) => price.quantity === 40)!;
    expect(at40.setupCents).toBe(oldRates.setupCents);
    expect(at40.setupPerPartCents).toBe(Math.round(oldRates.setupCents / 40));
    // The figures at the breaks are those it was first priced with.
    expect(repriced.prices[0]).toEqual(quote.prices[0]);
    expect((await call(owner, 'GET', `/cnc-quotes/${quote.id}`)).json()).toEqual(repriced);

    const copied = await call(owner, 'POST', `/cnc-quotes/${quote.id}/copies`, {
      material: 'brass',
      quantity: 5,
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = copied.json() as CncQuote;
    expect(copy.id).not.toBe(quote.id);
    expect(copy.ratesEffectiveFrom).toBe(today);
    expect(copy.options).toEqual({ ...quote.options, material: 'brass', quantity: 5 });
    expect(copy.geometry).toEqual(quote.geometry);
    expect(copy.fileName).toBe(quote.fileName);
    expect(copy.prices.find((price) => price.quantity === 5)!.setupCents).toBe(oldRates.setupCents * 2);
    // The copy shares the stored file.
    expect(copy.hasFile).toBe(true);
    const file = await call(owner, 'GET', `/cnc-quotes/${copy.id}/file`);
    expect(Buffer.compare(file.rawPayload, Buffer.from(cube))).toBe(0);
    // An empty body copies the quote as it is, with today's rates.
    const same = (await call(owner, 'POST', `/cnc-quotes/${quote.id}/copies`, {})).json() as CncQuote;
    expect(same.options).toEqual(repriced.options);
    expect(same.ratesEffectiveFrom).toBe(today);
    // The original is unchanged by its copies.
    expect((await call(owner, 'GET', `/cnc-quotes/${quote.id}`)).json()).toEqual(repriced);
  });

  it('refuses bad changes and copies with a 4xx and a code, and another buyer’s quote with 404', async () => {
    const patch = (body: unknown, cookie = owner, id = quote.id) =>
      call(cookie, 'PATCH', `/cnc-quotes/${id}`, body);
    expect(codeOf(await patch({ quantity: 0 }))).toBe('400 VALIDATION_FAILED');
    expect(codeOf(await patch({ quantity: 10_001 }))).toBe('400 VALIDATION_FAILED');
    expect(codeOf(await patch({ quantity: '5' }))).toBe('400 VALIDATION_FAILED');
    expect(codeOf(await patch({ quantity: 5, material: 'brass' }))).toBe('400 VALIDATION_FAILED');
    expect(codeOf(await patch({}))).toBe('400 VALIDATION_FAILED');
    expect(codeOf(await patch({ quantity: 5 }, other))).toBe('404 CNC_QUOTE_NOT_FOUND');
    expect(codeOf(await patch({ quantity: 5 }, owner, '123456789'))).toBe('404 CNC_QUOTE_NOT_FOUND');

    const copy = (body: unknown, cookie = owner) =>
      call(cookie, 'POST', `/cnc-quotes/${quote.id}/copies`, body);
    expect(codeOf(await copy({ material: 'gold' }))).toBe('400 VALIDATION_FAILED');
    expect(codeOf(await copy({ finish: 'anodized', material: 'brass' }))).toBe('422 CNC_FINISH_UNSUITED');
    expect(codeOf(await copy({ quantity: -1 }))).toBe('400 VALIDATION_FAILED');
    expect(codeOf(await copy({ fileName: 'x.stl' }))).toBe('400 VALIDATION_FAILED');
    expect(codeOf(await copy({}, other))).toBe('404 CNC_QUOTE_NOT_FOUND');
    expect((await call(null, 'POST', `/cnc-quotes/${quote.id}/copies`, {})).statusCode).toBe(401);
    // Nothing the other buyer sent changed the quote.
    expect(((await call(owner, 'GET', `/cnc-quotes/${quote.id}`)).json() as CncQuote).options.quantity).toBe(
      40,
    );
  });
});
