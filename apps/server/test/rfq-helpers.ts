import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/transaction';
import type { TestApp } from './helpers';
import { as, makeInvoicingSeller, makeUser, type Party } from './orders-helpers';

/** Requests for quotes in tests (decisions 298, 317): a category, buyers, suppliers that list a product in it. */
export interface RfqSupplier {
  party: Party;
  sellerId: number;
  productId: number;
}

/** A product category and one subcategory of it (the dev storefront lists its product in the subcategory). */
export async function makeRfqCategory(t: TestApp): Promise<number> {
  const slug = `rfq-${randomUUID()}`;
  const [parent] = rowsOf<{ id: number | string }>(
    await t.database.db.execute(
      sql`INSERT INTO categories (kind, slug, name_en, name_fr) VALUES ('product', ${slug}, 'Brackets', 'Supports')
          RETURNING id`,
    ),
  );
  await t.database.db.execute(
    sql`INSERT INTO categories (kind, slug, name_en, name_fr, parent_id)
        VALUES ('product', ${`${slug}-sub`}, 'Steel brackets', 'Supports en acier', ${parent!.id})`,
  );
  return Number(parent!.id);
}

export async function makeRfqBuyer(t: TestApp, name = 'Bea Buyer', language: 'en' | 'fr' = 'en') {
  const party = await makeUser(t, ['buyer'], name);
  await t.database.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${party.id}`);
  await setLanguage(t, party, language);
  return party;
}

export async function setLanguage(t: TestApp, party: Party, language: 'en' | 'fr') {
  await t.database.db.execute(
    sql`INSERT INTO user_preferences (user_id, preferred_language) VALUES (${party.id}, ${language})
        ON CONFLICT (user_id) DO UPDATE SET preferred_language = EXCLUDED.preferred_language`,
  );
}

/** A supplier whose storefront lists a product, serves `provinces` and has `categoryId` as its category. */
export async function makeRfqSupplier(
  t: TestApp,
  categoryId: number,
  provinces: string[] = ['QC'],
  name = 'Sam Supplier',
): Promise<RfqSupplier> {
  const party = await makeUser(t, ['buyer', 'seller'], name);
  const { sellerId, productId } = await makeInvoicingSeller(t, party);
  await t.database.db.execute(
    sql`UPDATE sellers SET primary_category_id = ${categoryId},
          service_provinces = string_to_array(${provinces.join(',')}, ',') WHERE id = ${sellerId}`,
  );
  await t.database.db.execute(sql`UPDATE products SET category_id = ${categoryId} WHERE id = ${productId}`);
  return { party, sellerId, productId };
}

export const json = (party: Party, role: 'buyer' | 'seller', extra: Record<string, string> = {}) => ({
  ...as(party, role),
  'content-type': 'application/json',
  ...extra,
});

export const codeOf = (response: { statusCode: number; json: () => { error?: { code: string } } }) =>
  `${response.statusCode} ${response.json().error?.code ?? ''}`.trim();

export function rfqBody(categoryId: number, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Laser-cut brackets',
    categoryId,
    description: '200 brackets, 3 mm steel',
    quantity: 200,
    deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    deliveryProvince: 'QC',
    deliveryPostalCode: 'H2X 1Y4',
    ...overrides,
  };
}

export async function sendRfq(t: TestApp, buyer: Party, body: unknown) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v1/rfqs',
    headers: json(buyer, 'buyer', { 'idempotency-key': randomUUID() }),
    payload: JSON.stringify(body),
  });
  if (sent.statusCode !== 201) throw new Error(`send rfq: ${sent.statusCode} ${sent.body}`);
  return sent.json<{ rfq: { id: string }; sentTo: Array<{ storefrontId: string }> }>();
}

export function quoteRfq(t: TestApp, s: RfqSupplier, rfqId: string, unitPriceCents: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/${s.sellerId}/rfqs/${rfqId}/quotes`,
    headers: json(s.party, 'seller'),
    payload: JSON.stringify({ unitPriceCents, leadDays: 10, shippingCents: 5000, validUntil: '2030-01-31' }),
  });
}

export function supplierView(t: TestApp, s: RfqSupplier, rfqId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/seller/${s.sellerId}/rfqs/${rfqId}`,
    headers: as(s.party, 'seller'),
  });
}

/** The recipient row of each storefront of a request (the comparison's `recipientId`). */
export async function recipientIds(t: TestApp, rfqId: string): Promise<Map<number, string>> {
  const rows = rowsOf<{ id: string; seller_id: number | string }>(
    await t.database.db.execute(sql`SELECT id, seller_id FROM rfq_recipients WHERE rfq_id = ${rfqId}`),
  );
  return new Map(rows.map((row) => [Number(row.seller_id), row.id]));
}
