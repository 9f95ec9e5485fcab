import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { makeStorefront, makeUser, type Party } from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';

/** Requests for quotes over HTTP (decision 298): send, compare, close; the supplier's answers; the fences (404). */
let t: TestApp;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [category] = rowsOf<{ id: number | string }>(
    await t.database.db.execute(
      sql`INSERT INTO categories (kind, slug, name_en, name_fr) VALUES ('product', ${`rfq-r-${randomUUID()}`}, 'RFQ', 'RFQ')
          RETURNING id`,
    ),
  );
  categoryId = Number(category!.id);
});
afterAll(async () => t.close());

async function buyer(verified = true) {
  const party = await makeUser(t, ['buyer'], 'Bea Buyer');
  if (verified)
    await t.database.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${party.id}`);
  return party;
}
async function supplier(verified: boolean, provinces: string[]) {
  const party = await makeUser(t, ['buyer', 'seller'], 'Sam Supplier');
  const storefront = await makeStorefront(t, party, verified);
  await t.database.db.execute(
    sql`UPDATE sellers SET primary_category_id = ${categoryId},
          service_provinces = string_to_array(${provinces.join(',')}, ',') WHERE id = ${storefront.id}`,
  );
  return { party, sellerId: storefront.id };
}
const json = (party: Party, role: string, extra: Record<string, string> = {}) => ({
  cookie: party.cookie,
  role,
  'content-type': 'application/json',
  ...extra,
});
const request = (overrides: Record<string, unknown> = {}) => ({
  title: 'Laser-cut brackets',
  categoryId,
  description: '200 brackets, 3 mm steel',
  quantity: 200,
  deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  deliveryProvince: 'QC',
  deliveryPostalCode: 'H2X 1Y4',
  ...overrides,
});
const send = (party: Party, body: unknown, key = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/rfqs',
    headers: json(party, 'buyer', { 'idempotency-key': key }),
    payload: JSON.stringify(body),
  });
const quote = (s: { party: Party; sellerId: number }, rfqId: string, unitPriceCents: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/${s.sellerId}/rfqs/${rfqId}/quotes`,
    headers: json(s.party, 'seller'),
    payload: JSON.stringify({ unitPriceCents, leadDays: 10, shippingCents: 5000, validUntil: '2030-01-31' }),
  });
const codeOf = (response: { statusCode: number; json: () => { error?: { code: string } } }) =>
  `${response.statusCode} ${response.json().error?.code ?? ''}`.trim();

describe('requests for quotes over HTTP', () => {
  let fast: Awaited<ReturnType<typeof supplier>>;
  let cheap: Awaited<ReturnType<typeof supplier>>;
  let ontarioOnly: Awaited<ReturnType<typeof supplier>>;
  beforeAll(async () => {
    fast = await supplier(true, ['QC']);
    cheap = await supplier(false, ['QC', 'ON']);
    ontarioOnly = await supplier(true, ['ON']);
  });

  it('sends to matched suppliers, keeps revisions, compares delivered totals and closes once', async () => {
    const bea = await buyer();
    const key = randomUUID();
    const body = request();
    const sent = await send(bea, body, key);
    expect(sent.statusCode).toBe(201);
    const { rfq, sentTo } = sent.json();
    expect(sentTo.map((s: { storefrontId: string }) => s.storefrontId)).toEqual(
      expect.arrayContaining([String(fast.sellerId), String(cheap.sellerId)]),
    );
    expect(sentTo.map((s: { storefrontId: string }) => s.storefrontId)).not.toContain(
      String(ontarioOnly.sellerId),
    );
    // The same Idempotency-Key answers the same request, and no second one is created.
    expect((await send(bea, body, key)).json().rfq.id).toBe(rfq.id);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/rfqs', headers: json(bea, 'buyer') });
    expect(list.json().total).toBe(1);

    const inbox = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${fast.sellerId}/rfqs`,
      headers: json(fast.party, 'seller'),
    });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().newCount).toBe(1);

    expect((await quote(fast, rfq.id, 1500)).statusCode).toBe(201);
    expect((await quote(cheap, rfq.id, 1000)).statusCode).toBe(201);
    const revised = await quote(fast, rfq.id, 1400);
    expect(revised.json().quote.version).toBe(2);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${fast.sellerId}/rfqs/${rfq.id}`,
      headers: json(fast.party, 'seller'),
    });
    expect(own.json().versions.map((v: { unitPriceCents: number }) => v.unitPriceCents)).toEqual([
      1500, 1400,
    ]);

    const compared = await t.app.inject({
      method: 'GET',
      url: `/api/v1/rfqs/${rfq.id}?sort=delivered`,
      headers: json(bea, 'buyer'),
    });
    expect(compared.statusCode).toBe(200);
    const [first, second] = compared.json().suppliers;
    expect(first.storefrontId).toBe(String(cheap.sellerId));
    // 200 × $10 + $50 shipping, Québec's GST + QST (14.975 %) on both.
    expect(first.goodsCents).toBe(200_000);
    expect(first.deliveredCents).toBe(205_000 + Math.round(205_000 * 0.05) + Math.round(205_000 * 0.09975));
    expect(second.unitPriceCents).toBe(1400);
    expect(second.latest.version).toBe(2);
    // The list counts the suppliers reached and those who quoted (a revision is still one supplier).
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/rfqs', headers: json(bea, 'buyer') });
    expect(listed.json().rfqs[0]).toMatchObject({ id: rfq.id, quoteCount: 2, supplierCount: sentTo.length });

    const close = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/rfqs/${rfq.id}/close`,
        headers: { cookie: bea.cookie, role: 'buyer' },
      });
    expect((await close()).statusCode).toBe(200);
    expect(codeOf(await close())).toBe('409 RFQ_NOT_OPEN');
    expect(codeOf(await quote(cheap, rfq.id, 900))).toBe('409 RFQ_NOT_OPEN');
  });

  it('refuses an unverified e-mail, a past deadline and a request no supplier matches', async () => {
    expect(codeOf(await send(await buyer(false), request()))).toBe('403 RFQ_EMAIL_NOT_VERIFIED');
    const bea = await buyer();
    expect(codeOf(await send(bea, request({ deadline: '2020-01-01T00:00:00Z' })))).toBe(
      '422 RFQ_DEADLINE_PAST',
    );
    expect(codeOf(await send(bea, request({ deliveryProvince: 'YT', deliveryPostalCode: 'Y1A 1A1' })))).toBe(
      '422 RFQ_NO_SUPPLIERS',
    );
    expect((await send(bea, request({ quantity: -1 }))).statusCode).toBe(400);
  });

  it('sends only to named storefronts among the matches', async () => {
    const sent = await send(
      await buyer(),
      request({ storefrontIds: [cheap.sellerId, ontarioOnly.sellerId] }),
    );
    expect(sent.json().sentTo).toEqual([{ storefrontId: String(cheap.sellerId) }]);
  });

  it('answers 404 to another buyer and to a storefront not matched, and 429 past 10 open requests', async () => {
    const bea = await buyer();
    const { rfq } = (await send(bea, request())).json();
    const other = await buyer();
    expect(
      codeOf(
        await t.app.inject({ method: 'GET', url: `/api/v1/rfqs/${rfq.id}`, headers: json(other, 'buyer') }),
      ),
    ).toBe('404 RFQ_NOT_FOUND');
    expect(
      codeOf(
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/rfqs/${rfq.id}/close`,
          headers: { cookie: other.cookie, role: 'buyer' },
        }),
      ),
    ).toBe('404 RFQ_NOT_FOUND');
    expect(codeOf(await quote(ontarioOnly, rfq.id, 1000))).toBe('404 RFQ_NOT_FOUND');
    // A storefront that is not the user's: 404 as for one that does not exist.
    expect(codeOf(await quote({ party: ontarioOnly.party, sellerId: fast.sellerId }, rfq.id, 1000))).toBe(
      '404 SELLER_NOT_FOUND',
    );
    const results = await Promise.all(Array.from({ length: 12 }, () => send(bea, request())));
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === '201')).toHaveLength(9);
    expect(codes.filter((c) => c === '429 RFQ_OPEN_LIMIT')).toHaveLength(3);
  });

  it('lets a supplier decline with a reason and mute a buyer', async () => {
    const bea = await buyer();
    const { rfq } = (await send(bea, request())).json();
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/v1/seller/${fast.sellerId}/rfqs/${rfq.id}/decline`,
      headers: json(fast.party, 'seller'),
      payload: JSON.stringify({ reason: 'We do not cut 3 mm steel' }),
    });
    expect(declined.statusCode).toBe(200);
    const muted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/seller/${fast.sellerId}/rfqs/buyers/${bea.id}/mute`,
      headers: { cookie: fast.party.cookie, role: 'seller' },
    });
    expect(muted.statusCode).toBe(200);
    const next = (await send(bea, request())).json();
    expect(next.sentTo.map((s: { storefrontId: string }) => s.storefrontId)).not.toContain(
      String(fast.sellerId),
    );
  });

  it('mutes the buyer of a request the supplier was sent, without naming the buyer; others 404', async () => {
    const bob = await buyer();
    const { rfq } = (await send(bob, request({ private: true }))).json();
    const mute = (s: { party: Party; sellerId: number }, rfqId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/seller/${s.sellerId}/rfqs/${rfqId}/mute`,
        headers: { cookie: s.party.cookie, role: 'seller' },
      });
    // A supplier the request did not reach cannot mute its buyer (nor learn that the request exists).
    expect(codeOf(await mute(ontarioOnly, rfq.id))).toBe('404 RFQ_NOT_FOUND');
    expect(codeOf(await mute(cheap, randomUUID()))).toBe('404 RFQ_NOT_FOUND');
    const muted = await mute(cheap, rfq.id);
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json()).toEqual({ ok: true });
    // Again: still muted, still fine.
    expect((await mute(cheap, rfq.id)).statusCode).toBe(200);
    const next = (await send(bob, request())).json();
    const reached = next.sentTo.map((s: { storefrontId: string }) => s.storefrontId);
    expect(reached).not.toContain(String(cheap.sellerId));
    expect(reached).toContain(String(fast.sellerId));
  });
});
