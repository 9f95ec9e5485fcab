import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CncQuote } from '@maplesource/contracts';
import { codeOf, storedFiles, uploadCncQuote } from '../../../test/cnc-helpers';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { makeStorefront, makeUser, type Party } from '../../../test/orders-helpers';
import { binaryStl, box, stepBox } from '../../../test/solids';
import { rowsOf } from '../../db/transaction';
import { CNC_MACHINING_CATEGORY_SLUG } from './request-firm-quotes';

/** "Request firm quotes" for a CNC instant quote (decision 325): one request per quote, the part attached. */
let t: TestApp;
let categoryId: number;
let shop: { party: Party; sellerId: number };
const errors: unknown[] = [];
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.addHook('onError', async (_request, _reply, error) => {
        errors.push(error);
      });
    },
  });
  await t.database.db.execute(sql`
    INSERT INTO categories (kind, slug, name_en, name_fr)
    SELECT 'product', ${CNC_MACHINING_CATEGORY_SLUG}, 'CNC Machining', 'Usinage CNC'
    WHERE NOT EXISTS (SELECT 1 FROM categories WHERE slug = ${CNC_MACHINING_CATEGORY_SLUG} AND parent_id IS NULL)`);
  const [category] = rowsOf<{ id: number | string }>(
    await t.database.db.execute(
      sql`SELECT id FROM categories WHERE slug = ${CNC_MACHINING_CATEGORY_SLUG} AND parent_id IS NULL ORDER BY id LIMIT 1`,
    ),
  );
  categoryId = Number(category!.id);
  const owner = await makeUser(t, ['buyer', 'seller'], 'Mia Machinist');
  const storefront = await makeStorefront(t, owner, true);
  await t.database.db.execute(
    sql`UPDATE sellers SET primary_category_id = ${categoryId}, service_provinces = '{QC,ON}' WHERE id = ${storefront.id}`,
  );
  shop = { party: owner, sellerId: storefront.id };
});
afterAll(async () => t?.close());

async function buyer(verified = true) {
  const party = await makeUser(t, ['buyer'], 'Bea Buyer');
  if (verified)
    await t.database.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${party.id}`);
  return party;
}

async function quoteOf(party: Party, name: string, bytes: Uint8Array, quantity = '12'): Promise<CncQuote> {
  const res = await uploadCncQuote(
    t,
    party.cookie,
    { material: 'stainless-304', finish: 'bead-blast', tolerance: 'tight', leadTime: 'standard', quantity },
    { name, bytes },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CncQuote;
}

const firmRequest = (overrides: Record<string, unknown> = {}) => ({
  deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  deliveryProvince: 'QC',
  deliveryPostalCode: 'H2X 1Y4',
  private: true,
  notes: 'Deburr all edges.',
  ...overrides,
});

const requestFirm = (party: Party | null, quoteId: string, body: unknown = firmRequest()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/cnc-quotes/${quoteId}/rfq`,
    headers: {
      role: 'buyer',
      'content-type': 'application/json',
      ...(party ? { cookie: party.cookie } : {}),
    },
    payload: JSON.stringify(body),
  });

const get = (party: Party, url: string, role = 'buyer') =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { role, cookie: party.cookie } });

/** A copy of the buyer's uploaded quote (decision 325): the same kept file, no second analysis. */
async function copyOf(
  party: Party,
  quote: CncQuote,
  changes: Record<string, unknown> = {},
): Promise<CncQuote> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/cnc-quotes/${quote.id}/copies`,
    headers: { role: 'buyer', cookie: party.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(changes),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CncQuote;
}

const rfqCount = async (party: Party) => (await get(party, '/rfqs')).json().total as number;

describe('request firm quotes for a CNC quote (decision 325)', () => {
  let bea: Party;
  let housing: CncQuote;
  const part = stepBox(40, 30, 20);
  beforeAll(async () => {
    bea = await buyer();
    housing = await quoteOf(bea, 'housing.step', part);
  });

  it('sends the part to matched CNC shops as a request for quotes, the file attached privately, once', async () => {
    const quote = housing;
    const sent = await requestFirm(bea, quote.id);
    expect(sent.statusCode, `${sent.body} ${String(errors)}`).toBe(201);
    const { rfqId, created } = sent.json() as { rfqId: string; created: boolean };
    expect(created).toBe(true);

    const view = await get(bea, `/rfqs/${rfqId}`);
    expect(view.statusCode, view.body).toBe(200);
    const { rfq, suppliers, attachments } = view.json();
    expect(rfq.title).toBe('CNC machining: housing (Stainless steel 304)');
    expect(rfq.categoryId).toBe(String(categoryId));
    expect(rfq.quantity).toBe(12);
    expect(rfq.private).toBe(true);
    for (const text of [
      'housing.step',
      `#${quote.id}`,
      'Finish: Bead blasted',
      'Tolerance: Tight (±0.05 mm)',
      'Bounding box: 40 × 30 × 20 mm',
      'Deburr all edges.',
    ])
      expect(rfq.description).toContain(text);
    expect(suppliers.map((s: { storefrontId: string }) => s.storefrontId)).toEqual([String(shop.sellerId)]);
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      filename: 'housing.step',
      contentType: 'model/step',
      bytes: part.length,
    });

    // The matched shop downloads the part; the buyer's quote now names the request.
    const file = await get(
      shop.party,
      `/seller/${shop.sellerId}/rfqs/${rfqId}/attachments/${attachments[0].id}`,
      'seller',
    );
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, Buffer.from(part))).toBe(0);
    expect(((await get(bea, `/cnc-quotes/${quote.id}`)).json() as CncQuote).rfqId).toBe(rfqId);

    // Asked again: the same request, nothing new sent.
    const before = await rfqCount(bea);
    const again = await requestFirm(bea, quote.id, firmRequest({ deliveryProvince: 'ON', notes: 'other' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ rfqId, created: false });
    expect(await rfqCount(bea)).toBe(before);
  });

  it('makes one request of 20 concurrent ones for the same quote', async () => {
    const quote = await copyOf(bea, housing);
    const before = await rfqCount(bea);
    const answers = await Promise.all(Array.from({ length: 20 }, () => requestFirm(bea, quote.id)));
    expect(
      answers.map((res) => res.statusCode).sort((a, b) => a - b),
      String(errors),
    ).toEqual([...Array<number>(19).fill(200), 201]);
    const ids = new Set(answers.map((res) => (res.json() as { rfqId: string }).rfqId));
    expect(ids.size).toBe(1);
    const [rfqId] = [...ids];
    expect(await rfqCount(bea)).toBe(before + 1);
    const view = (await get(bea, `/rfqs/${rfqId}`)).json();
    expect(view.attachments).toHaveLength(1);
    const [{ count }] = rowsOf<{ count: number | string }>(
      await t.database.db.execute(
        sql`SELECT count(*) AS count FROM cnc_quotes WHERE rfq_id = ${rfqId!}::uuid`,
      ),
    ) as [{ count: number | string }];
    expect(Number(count)).toBe(1);
    // One stored copy of the part for the request, none left behind by the 19 that answered the first.
    expect(storedFiles(t, `rfq-attachments/${rfqId}`)).toHaveLength(1);
  });

  it('keeps the RFQ flow’s rules: verified e-mail, a future deadline, suppliers in the province', async () => {
    const uma = await buyer(false);
    const pin = binaryStl(box(5, 5, 30));
    const quote = await quoteOf(uma, 'pin.stl', pin);
    const before = storedFiles(t, 'rfq-attachments').length;
    expect(codeOf(await requestFirm(uma, quote.id))).toBe('403 RFQ_EMAIL_NOT_VERIFIED');
    expect(((await get(uma, `/cnc-quotes/${quote.id}`)).json() as CncQuote).rfqId).toBeNull();

    const mine = await copyOf(bea, housing);
    expect(
      codeOf(
        await requestFirm(
          bea,
          mine.id,
          firmRequest({ deadline: new Date(Date.now() - 60_000).toISOString() }),
        ),
      ),
    ).toBe('422 RFQ_DEADLINE_PAST');
    expect(codeOf(await requestFirm(bea, mine.id, firmRequest({ deliveryProvince: 'BC' })))).toBe(
      '422 RFQ_NO_SUPPLIERS',
    );
    expect(storedFiles(t, 'rfq-attachments')).toHaveLength(before);
    expect(((await get(bea, `/cnc-quotes/${mine.id}`)).json() as CncQuote).rfqId).toBeNull();

    // Once the request can be sent, it is: an STL goes as an STL.
    await t.database.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${uma.id}`);
    const sent = await requestFirm(uma, quote.id);
    expect(sent.statusCode, `${sent.body} ${String(errors)}`).toBe(201);
    const view = (await get(uma, `/rfqs/${(sent.json() as { rfqId: string }).rfqId}`)).json();
    expect(view.attachments[0]).toMatchObject({
      filename: 'pin.stl',
      contentType: 'model/stl',
      bytes: pin.length,
    });
  });

  it('refuses bad input with a 4xx and a code, another buyer’s quote with 404, a quote without its file with 422', async () => {
    const quote = await copyOf(bea, housing);
    const before = await rfqCount(bea);
    for (const body of [
      firmRequest({ deliveryPostalCode: '12345' }),
      firmRequest({ deliveryProvince: 'XX' }),
      firmRequest({ deadline: 'tomorrow' }),
      firmRequest({ private: 'yes' }),
      firmRequest({ language: 'de' }),
      firmRequest({ notes: 'x'.repeat(2001) }),
      firmRequest({ title: 'Mine' }),
      {},
    ])
      expect(codeOf(await requestFirm(bea, quote.id, body))).toBe('400 VALIDATION_FAILED');
    expect(codeOf(await requestFirm(bea, 'abc'))).toBe('400 VALIDATION_FAILED');
    expect((await requestFirm(null, quote.id)).statusCode).toBe(401);

    const stranger = await buyer();
    expect(codeOf(await requestFirm(stranger, quote.id))).toBe('404 CNC_QUOTE_NOT_FOUND');
    expect(codeOf(await requestFirm(stranger, '987654321'))).toBe('404 CNC_QUOTE_NOT_FOUND');
    expect(((await get(bea, `/cnc-quotes/${quote.id}`)).json() as CncQuote).rfqId).toBeNull();

    await t.database.db.execute(
      sql`UPDATE cnc_quotes SET file_key = NULL, file_bytes = NULL WHERE id = ${quote.id}`,
    );
    expect(codeOf(await requestFirm(bea, quote.id))).toBe('422 CNC_QUOTE_FILE_MISSING');
    expect(await rfqCount(bea)).toBe(before);
  });

  it('writes the request in French when asked', async () => {
    const quote = await copyOf(bea, housing, { quantity: 3 });
    const sent = await requestFirm(bea, quote.id, firmRequest({ language: 'fr', notes: undefined }));
    expect(sent.statusCode, `${sent.body} ${String(errors)}`).toBe(201);
    const { rfq } = (await get(bea, `/rfqs/${(sent.json() as { rfqId: string }).rfqId}`)).json();
    expect(rfq.title).toBe('Usinage CNC : housing (Acier inoxydable 304)');
    expect(rfq.description).toContain('Finition : Microbillé');
    expect(rfq.description).toContain('Quantité : 3');
  });
});
