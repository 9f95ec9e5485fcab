import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { rowsOf, withTransaction } from '../../db/transaction';
import type { QuoteAnswer } from './index';

/** Requests for quotes (decision 298): matching, fences (404), versions kept, limits, accept exactly once. */
let t: TestApp;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [category] = rowsOf<{ id: number | string }>(
    await t.database.db.execute(
      sql`INSERT INTO categories (kind, slug, name_en, name_fr) VALUES ('product', ${`rfq-${randomUUID()}`}, 'RFQ', 'RFQ')
          RETURNING id`,
    ),
  );
  categoryId = Number(category!.id);
});
afterAll(async () => t.close());

let n = Math.floor(Math.random() * 1e8);
async function user(): Promise<string> {
  const id = randomUUID();
  n += 1;
  await t.database.db.execute(
    sql`INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash, roles)
        VALUES (${id}, ${`R${n}`}, 'Rita Rfq', ${`rfq${n}@example.ca`}, ${`+1416${String(n).slice(-7).padStart(7, '0')}`}, 'x', '{buyer,seller}')`,
  );
  return id;
}
async function storefront(ownerUserId: string, verified: boolean, provinces: string[]) {
  n += 1;
  await t.database.db.execute(
    sql`INSERT INTO sellers (slug, name, business_type, province, city, postal_code, verified, claimed, owner_user_id,
          primary_category_id, service_provinces)
        VALUES (${`rfq-shop-${n}`}, ${`Shop ${n}`}, 'fabricator', 'ON', 'Toronto', 'M5V 2T6', ${verified}, true,
          ${ownerUserId}, ${categoryId}, string_to_array(${provinces.join(',')}, ','))`,
  );
}
const answer = (unitPriceCents: number): QuoteAnswer => ({
  unitPriceCents,
  tiers: [{ minQuantity: 100, unitPriceCents: unitPriceCents - 100 }],
  leadDays: 14,
  shippingCents: 4500,
  validUntil: '2030-01-31',
  notes: 'FOB Toronto',
});
async function send(buyerId: string) {
  return withTransaction(t.app.db, async (tx) => {
    const muted = await t.app.rfq.mutedBy(tx, buyerId);
    const recipients = await t.app.sellers.rfqCandidates(tx, {
      categoryId,
      province: 'QC',
      limit: 10,
      excludeOwnerUserIds: [buyerId, ...muted],
    });
    return t.app.rfq.create(tx, {
      buyerId,
      title: 'Laser-cut brackets',
      categoryId,
      description: '200 brackets, 3 mm steel',
      quantity: 200,
      targetUnitPriceCents: null,
      deadline: new Date(Date.now() + 7 * 86_400_000),
      deliveryProvince: 'QC',
      deliveryPostalCode: 'H2X 1Y4',
      recipients,
      now: new Date(),
    });
  });
}
const code = async (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    (error: { statusCode?: number; code?: string }) => `${error.statusCode} ${error.code}`,
  );

describe('requests for quotes', () => {
  let buyer: string;
  let verifiedSupplier: string;
  let otherSupplier: string;
  let outsider: string;
  beforeAll(async () => {
    buyer = await user();
    verifiedSupplier = await user();
    otherSupplier = await user();
    outsider = await user();
    await storefront(otherSupplier, false, ['QC', 'ON']);
    await storefront(verifiedSupplier, true, ['QC']);
    await storefront(outsider, true, ['ON']); // does not serve Québec
  });

  it('goes to storefronts of the category serving the province, verified first', async () => {
    const rfq = await send(buyer);
    const view = await t.app.rfq.forBuyer(t.app.db, rfq.id, buyer);
    expect(view.recipients.map((r) => r.sellerUserId)).toEqual([verifiedSupplier, otherSupplier]);
    await withTransaction(t.app.db, (tx) =>
      t.app.rfq.end(tx, { rfqId: rfq.id, buyerId: buyer, outcome: 'closed' }),
    );
  });

  it('hides a request from suppliers not matched and from other buyers (404), and keeps every version', async () => {
    const rfq = await send(buyer);
    const stranger = await user();
    expect(await code(t.app.rfq.forSupplier(t.app.db, rfq.id, outsider))).toBe('404 RFQ_NOT_FOUND');
    expect(await code(t.app.rfq.forBuyer(t.app.db, rfq.id, stranger))).toBe('404 RFQ_NOT_FOUND');
    expect(
      await code(
        withTransaction(t.app.db, (tx) =>
          t.app.rfq.quote(tx, { rfqId: rfq.id, sellerUserId: outsider, answer: answer(1000) }),
        ),
      ),
    ).toBe('404 RFQ_NOT_FOUND');
    expect(
      await code(
        withTransaction(t.app.db, (tx) =>
          t.app.rfq.end(tx, { rfqId: rfq.id, buyerId: stranger, outcome: 'closed' }),
        ),
      ),
    ).toBe('404 RFQ_NOT_FOUND');

    await withTransaction(t.app.db, (tx) =>
      t.app.rfq.quote(tx, { rfqId: rfq.id, sellerUserId: verifiedSupplier, answer: answer(1500) }),
    );
    await withTransaction(t.app.db, (tx) =>
      t.app.rfq.quote(tx, { rfqId: rfq.id, sellerUserId: verifiedSupplier, answer: answer(1400) }),
    );
    await withTransaction(t.app.db, (tx) =>
      t.app.rfq.decline(tx, { rfqId: rfq.id, sellerUserId: otherSupplier, reason: 'No 3 mm steel in stock' }),
    );
    const own = await t.app.rfq.forSupplier(t.app.db, rfq.id, verifiedSupplier);
    expect(own.recipients).toHaveLength(1);
    expect(own.recipients[0]!.versions.map((v) => [v.version, v.unitPriceCents])).toEqual([
      [1, 1500],
      [2, 1400],
    ]);
    const seen = await t.app.rfq.forBuyer(t.app.db, rfq.id, buyer);
    expect(seen.recipients.map((r) => r.status)).toEqual(['quoted', 'declined']);
    expect(seen.recipients[1]!.declineReason).toBe('No 3 mm steel in stock');
    await withTransaction(t.app.db, (tx) =>
      t.app.rfq.end(tx, { rfqId: rfq.id, buyerId: buyer, outcome: 'closed' }),
    );
    expect(
      await code(
        withTransaction(t.app.db, (tx) =>
          t.app.rfq.quote(tx, { rfqId: rfq.id, sellerUserId: verifiedSupplier, answer: answer(1300) }),
        ),
      ),
    ).toBe('409 RFQ_NOT_OPEN');
  });

  it('accepts one quote exactly once under 20 concurrent accepts and closes the others', async () => {
    const rfq = await send(buyer);
    await withTransaction(t.app.db, (tx) =>
      t.app.rfq.quote(tx, { rfqId: rfq.id, sellerUserId: verifiedSupplier, answer: answer(1200) }),
    );
    await withTransaction(t.app.db, (tx) =>
      t.app.rfq.quote(tx, { rfqId: rfq.id, sellerUserId: otherSupplier, answer: answer(1100) }),
    );
    const view = await t.app.rfq.forBuyer(t.app.db, rfq.id, buyer);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        code(
          withTransaction(t.app.db, (tx) =>
            t.app.rfq.end(tx, {
              rfqId: rfq.id,
              buyerId: buyer,
              outcome: 'accepted',
              recipientId: view.recipients[i % 2]!.id,
            }),
          ),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === '409 RFQ_NOT_OPEN')).toHaveLength(19);
    const after = await t.app.rfq.forBuyer(t.app.db, rfq.id, buyer);
    expect(after.rfq.status).toBe('accepted');
    expect(after.recipients.map((r) => r.status).sort()).toEqual(['accepted', 'closed']);
  });

  it('keeps a buyer to 10 open requests even when 15 are sent at once, and honours mutes', async () => {
    const busy = await user();
    const outcomes = await Promise.all(Array.from({ length: 15 }, () => code(send(busy))));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect(outcomes.filter((o) => o === '429 RFQ_OPEN_LIMIT')).toHaveLength(5);

    const muting = await user();
    await t.app.rfq.muteBuyer(t.app.db, verifiedSupplier, muting);
    const rfq = await send(muting);
    const view = await t.app.rfq.forBuyer(t.app.db, rfq.id, muting);
    expect(view.recipients.map((r) => r.sellerUserId)).toEqual([otherSupplier]);
  });
});
