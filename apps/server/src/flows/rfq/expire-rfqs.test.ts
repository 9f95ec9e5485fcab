import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { as } from '../../../test/orders-helpers';
import {
  codeOf,
  makeRfqBuyer,
  makeRfqCategory,
  makeRfqSupplier,
  quoteRfq,
  recipientIds,
  rfqBody,
  sendRfq,
  type RfqSupplier,
} from '../../../test/rfq-helpers';
import { rowsOf } from '../../db/transaction';
import { expireDueRfqs } from './expire-rfqs';

/**
 * The expiry sweep (decision 317): open requests past their deadline end as `expired` once, even with two sweeps at
 * once; the buyer's open slot comes back once; the suppliers still waiting are told once.
 */
let t: TestApp;
let categoryId: number;
let supplier: RfqSupplier;
beforeAll(async () => {
  t = await createTestApp();
  categoryId = await makeRfqCategory(t);
  supplier = await makeRfqSupplier(t, categoryId, ['QC'], 'Sue Supplier');
});
afterAll(async () => t?.close());

const openCount = async (buyerId: string) =>
  Number(
    rowsOf<{ open_count: number | string }>(
      await t.database.db.execute(sql`SELECT open_count FROM rfq_buyer_limits WHERE buyer_id = ${buyerId}`),
    )[0]!.open_count,
  );

describe('the expiry sweep', () => {
  it('expires each request past its deadline once under two concurrent sweeps and gives each slot back once', async () => {
    const bea = await makeRfqBuyer(t, 'Bea Expiry');
    const sent = [];
    for (let n = 0; n < 4; n++) sent.push((await sendRfq(t, bea, rfqBody(categoryId))).rfq.id);
    const [kept, ...due] = sent;
    await quoteRfq(t, supplier, due[0]!, 1000);
    await t.database.db.execute(
      sql`UPDATE rfqs SET deadline = now() - interval '1 minute'
          WHERE id::text IN (SELECT jsonb_array_elements_text(${JSON.stringify(due)}::jsonb))`,
    );
    expect(await openCount(bea.id)).toBe(4);
    // Past its deadline, a request is no longer open for an award either, sweep or not.
    const recipient = (await recipientIds(t, due[0]!)).get(supplier.sellerId)!;
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rfqs/${due[0]}/quotes/${recipient}/accept`,
      headers: as(bea),
    });
    expect(codeOf(late)).toBe('409 RFQ_NOT_OPEN');

    const [a, b] = await Promise.all([expireDueRfqs(t.app), expireDueRfqs(t.app)]);
    expect(a + b).toBe(3);
    expect(await expireDueRfqs(t.app)).toBe(0);
    expect(await openCount(bea.id)).toBe(1);
    const statuses = rowsOf<{ id: string; status: string; recipient: string }>(
      await t.database.db.execute(
        sql`SELECT f.id, f.status, r.status AS recipient FROM rfqs f JOIN rfq_recipients r ON r.rfq_id = f.id
            WHERE f.buyer_id = ${bea.id}`,
      ),
    );
    for (const row of statuses) {
      expect(row.status).toBe(row.id === kept ? 'open' : 'expired');
      expect(row.recipient).toBe(row.id === kept ? 'invited' : 'closed');
    }
    await t.app.events.drain();
    const told = rowsOf<{ mail_key: string }>(
      await t.database.db.execute(
        sql`SELECT mail_key FROM mail_deliveries WHERE template = 'rfq-expired'
              AND data->>'rfqId' IN (SELECT jsonb_array_elements_text(${JSON.stringify(sent)}::jsonb))`,
      ),
    );
    expect(told).toHaveLength(3);
    // The slot given back is usable: the buyer may send again.
    expect((await sendRfq(t, bea, rfqBody(categoryId))).rfq.id).toBeTruthy();
  });
});
