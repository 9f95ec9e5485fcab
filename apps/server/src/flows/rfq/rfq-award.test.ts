import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { as, chatActions, makeUser } from '../../../test/orders-helpers';
import {
  codeOf,
  makeRfqBuyer,
  makeRfqCategory,
  makeRfqSupplier,
  quoteRfq,
  recipientIds,
  rfqBody,
  sendRfq,
  setLanguage,
  supplierView,
  type RfqSupplier,
} from '../../../test/rfq-helpers';
import { rowsOf } from '../../db/transaction';
import { waitFor } from '../../../test/wait-for';

/**
 * Decision 317 over HTTP: the private flag and its per-supplier reveal, the buyer's chat with one supplier, the
 * award into the conversation and its quotation (20 concurrent accepts → one award), the invoice issued from it,
 * and the notices (notification + business e-mail in the recipient's language) of each step.
 */
let t: TestApp;
let categoryId: number;
let first: RfqSupplier;
let second: RfqSupplier;
let third: RfqSupplier;
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' } });
  categoryId = await makeRfqCategory(t);
  first = await makeRfqSupplier(t, categoryId, ['QC', 'ON'], 'Fay First');
  second = await makeRfqSupplier(t, categoryId, ['QC', 'ON'], 'Sid Second');
  third = await makeRfqSupplier(t, categoryId, ['QC', 'ON'], 'Tom Third');
  await setLanguage(t, second.party, 'fr');
});
afterAll(async () => t?.close());

const accept = (buyer: { cookie: string }, rfqId: string, recipientId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/rfqs/${rfqId}/quotes/${recipientId}/accept`,
    headers: { cookie: buyer.cookie, role: 'buyer' },
  });
const openChat = (buyer: { cookie: string }, rfqId: string, sellerId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/rfqs/${rfqId}/suppliers/${sellerId}/chat`,
    headers: { cookie: buyer.cookie, role: 'buyer' },
  });
const revealedAt = async (rfqId: string, sellerId: number) =>
  rowsOf<{ buyer_revealed_at: string | null }>(
    await t.database.db.execute(
      sql`SELECT buyer_revealed_at::text FROM rfq_recipients WHERE rfq_id = ${rfqId} AND seller_id = ${sellerId}`,
    ),
  )[0]!.buyer_revealed_at;
const mailKeys = async (rfqId: string) =>
  rowsOf<{ mail_key: string }>(
    await t.database.db.execute(
      sql`SELECT mail_key FROM mail_deliveries WHERE data->>'rfqId' = ${rfqId} ORDER BY mail_key`,
    ),
  ).map((row) => row.mail_key);

describe('a private request for quotes', () => {
  it('shows suppliers "a verified buyer in <province>" until the buyer opens a chat with one of them', async () => {
    const bea = await makeRfqBuyer(t, 'Bea Private');
    const { rfq } = await sendRfq(t, bea, rfqBody(categoryId, { private: true }));

    const before = (await supplierView(t, first, rfq.id)).json();
    expect(before.rfq.private).toBe(true);
    expect(before.buyer).toEqual({ name: null, province: 'QC', revealed: false });
    expect(before.chatId).toBeNull();
    const inbox = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${first.sellerId}/rfqs`,
      headers: as(first.party, 'seller'),
    });
    const listed = inbox.json().rfqs.find((r: { id: string }) => r.id === rfq.id);
    expect(listed.buyer).toEqual({ name: null, province: 'QC', revealed: false });

    const opened = await openChat(bea, rfq.id, first.sellerId);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().created).toBe(true);
    const revealed = await revealedAt(rfq.id, first.sellerId);
    expect(revealed).not.toBeNull();
    // The same conversation again; the reveal keeps its first moment (a conditional update).
    const again = await openChat(bea, rfq.id, first.sellerId);
    expect(again.json()).toEqual({ chatId: opened.json().chatId, created: false, chatKind: 'product' });
    expect(await revealedAt(rfq.id, first.sellerId)).toBe(revealed);

    const after = (await supplierView(t, first, rfq.id)).json();
    expect(after.buyer).toEqual({ name: 'Bea Private', province: 'QC', revealed: true });
    expect(after.chatId).toBe(opened.json().chatId);
    expect(after.chatKind).toBe('product');
    // Only that supplier: the others still see an anonymous buyer.
    expect((await supplierView(t, second, rfq.id)).json().buyer.name).toBeNull();
    expect(await revealedAt(rfq.id, second.sellerId)).toBeNull();

    // The supplier reaches the conversation from its inbox: it is theirs, with the buyer's name.
    const chat = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chats/${opened.json().chatId}`,
      headers: as(first.party, 'seller'),
    });
    expect(chat.statusCode).toBe(200);
    expect(JSON.stringify(chat.json())).toContain('Bea Private');
  });

  it('answers 404 for a storefront not matched and for another buyer, and shows a public buyer by name', async () => {
    const bea = await makeRfqBuyer(t, 'Bea Public');
    const outsider = await makeRfqSupplier(t, categoryId, ['BC'], 'Otto Outside');
    const { rfq } = await sendRfq(t, bea, rfqBody(categoryId));
    expect(codeOf(await openChat(bea, rfq.id, outsider.sellerId))).toBe('404 RFQ_NOT_FOUND');
    const other = await makeUser(t, ['buyer'], 'Olga Other');
    expect(codeOf(await openChat(other, rfq.id, first.sellerId))).toBe('404 RFQ_NOT_FOUND');
    const view = (await supplierView(t, first, rfq.id)).json();
    expect(view.rfq.private).toBe(false);
    expect(view.buyer).toEqual({ name: 'Bea Public', province: 'QC', revealed: true });
  });
});

describe('the award', () => {
  it('accepts one quote into the conversation and its quotation, once, and tells every supplier', async () => {
    const bea = await makeRfqBuyer(t, 'Bea Award');
    // Delivered in Ontario: the test storefronts have a GST/HST number, not a QST one.
    const ontario = { deliveryProvince: 'ON', deliveryPostalCode: 'M5H 2N2', private: true };
    const { rfq } = await sendRfq(t, bea, rfqBody(categoryId, ontario));
    const ids = await recipientIds(t, rfq.id);
    expect((await quoteRfq(t, first, rfq.id, 1500)).statusCode).toBe(201);
    expect((await quoteRfq(t, second, rfq.id, 1200)).statusCode).toBe(201);
    expect((await quoteRfq(t, second, rfq.id, 1100)).statusCode).toBe(201);
    // A supplier without a quote cannot be accepted.
    expect(codeOf(await accept(bea, rfq.id, ids.get(third.sellerId)!))).toBe('404 RFQ_QUOTE_NOT_FOUND');
    expect(codeOf(await accept(await makeUser(t, ['buyer'], 'X'), rfq.id, ids.get(second.sellerId)!))).toBe(
      '404 RFQ_NOT_FOUND',
    );

    const won = await accept(bea, rfq.id, ids.get(second.sellerId)!);
    expect(won.statusCode).toBe(200);
    const award = won.json();
    expect(award.rfq.status).toBe('accepted');
    expect(award.recipientId).toBe(ids.get(second.sellerId));
    expect(award.chatKind).toBe('product');
    // The same accept again answers the same award; another one is refused.
    expect((await accept(bea, rfq.id, ids.get(second.sellerId)!)).json()).toEqual(award);
    expect(codeOf(await accept(bea, rfq.id, ids.get(first.sellerId)!))).toBe('409 RFQ_NOT_OPEN');

    const compared = (
      await t.app.inject({ method: 'GET', url: `/api/v1/rfqs/${rfq.id}`, headers: as(bea) })
    ).json();
    const statusOf = (s: RfqSupplier) =>
      compared.suppliers.find((row: { storefrontId: string }) => row.storefrontId === String(s.sellerId));
    expect(statusOf(second).status).toBe('accepted');
    expect(statusOf(second).chatId).toBe(award.chatId);
    expect(statusOf(second).chatKind).toBe('product');
    expect(statusOf(first).chatKind).toBeNull();
    expect(statusOf(first).status).toBe('closed');
    expect(statusOf(third).status).toBe('closed');
    // The winner now sees the buyer; the others never did.
    expect((await supplierView(t, second, rfq.id)).json().buyer.name).toBe('Bea Award');
    expect((await supplierView(t, first, rfq.id)).json().buyer.name).toBeNull();

    // The conversation holds the request as an accepted quotation at the accepted unit price…
    expect(await chatActions(t, award.chatId)).toEqual(['quotation_created', 'quotation_accepted']);
    const quotation = await t.app.inject({
      method: 'GET',
      url: `/api/v1/quotation/${award.quotationId}`,
      headers: as(second.party, 'seller'),
    });
    expect(quotation.statusCode).toBe(200);
    expect(quotation.json().quotation).toMatchObject({
      status: 'accepted',
      quantity: 200,
      minPriceCents: 1100,
      maxPriceCents: 1100,
      deliveryProvince: 'ON',
      leadDays: 10,
    });
    // …from which the supplier issues the invoice as for any quotation.
    const invoice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chats/${award.chatId}/invoices`,
      headers: as(second.party, 'seller'),
      payload: { negotiatedPriceCents: 220_000, shippingCents: 5_000 },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json().invoice.subject.quantity).toBe(200);

    // The notices, once each, after commit: received ×3, quoted, revised, awarded, not chosen ×2.
    await t.app.events.drain();
    const keys = await mailKeys(rfq.id);
    const r = (s: RfqSupplier) => ids.get(s.sellerId)!;
    expect(keys).toEqual(
      [
        ...[first, second, third].map((s) => `rfq-received:${r(s)}`),
        `rfq-quoted:${r(first)}:1`,
        `rfq-quoted:${r(second)}:1`,
        `rfq-revised:${r(second)}:2`,
        `rfq-awarded:${r(second)}`,
        `rfq-not-chosen:${r(first)}`,
        `rfq-not-chosen:${r(third)}`,
      ].sort(),
    );
    // In the recipient's language, the buyer hidden from a supplier it was never revealed to.
    const notices = rowsOf<{ recipient_id: string; message: string }>(
      await t.database.db.execute(
        sql`SELECT recipient_id, message FROM notifications WHERE metadata->>'rfqId' = ${rfq.id}`,
      ),
    );
    expect(notices.filter((n) => n.recipient_id === second.party.id).map((n) => n.message)).toContain(
      'Votre prix pour « Laser-cut brackets » a été accepté',
    );
    expect(notices.filter((n) => n.recipient_id === bea.id)).toHaveLength(3);
    // The business-mail jobs send each e-mail once (decision 260).
    const mails = await waitFor('the three e-mails', async () => {
      const sent = rowsOf<{ mail_key: string; subject: string; body: string }>(
        await t.database.db.execute(
          sql`SELECT mail_key, subject, body FROM outbox_messages
              WHERE mail_key IN (${`rfq-received:${r(first)}`}, ${`rfq-awarded:${r(second)}`},
                                 ${`rfq-not-chosen:${r(third)}`})`,
        ),
      );
      return sent.length === 3 ? sent : null;
    });
    const mail = (key: string) => mails.find((m) => m.mail_key === key)!;
    expect(mail(`rfq-received:${r(first)}`).body).toContain('A verified buyer in Ontario asks for a quote');
    expect(mail(`rfq-received:${r(first)}`).body).not.toContain('Bea Award');
    expect(mail(`rfq-awarded:${r(second)}`).subject).toBe(
      'Votre prix pour « Laser-cut brackets » a été accepté',
    );
    expect(mail(`rfq-awarded:${r(second)}`).body).toContain('Bea Award a accepté votre prix');
    expect(mail(`rfq-not-chosen:${r(third)}`).body).toContain('The buyer chose another supplier');
  });

  it('makes exactly one award out of 20 concurrent accepts of the same and of different quotes', async () => {
    const bea = await makeRfqBuyer(t, 'Bea Race');
    const { rfq } = await sendRfq(t, bea, rfqBody(categoryId));
    const ids = await recipientIds(t, rfq.id);
    await quoteRfq(t, first, rfq.id, 1500);
    await quoteRfq(t, second, rfq.id, 1400);
    const targets = [ids.get(first.sellerId)!, ids.get(second.sellerId)!];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => accept(bea, rfq.id, targets[n % 2]!)),
    );
    const ok = results.filter((res) => res.statusCode === 200).map((res) => res.json());
    const winner = ok[0]!.recipientId as string;
    // Every success is the one award (repeats of the winning accept); every other accept is 409.
    expect(ok.every((award) => award.recipientId === winner && award.chatId === ok[0]!.chatId)).toBe(true);
    expect(ok).toHaveLength(10);
    expect(results.filter((res) => codeOf(res) === '409 RFQ_NOT_OPEN')).toHaveLength(10);
    const [counts] = rowsOf<{
      accepted: number | string;
      quotations: number | string;
      open: number | string;
    }>(
      await t.database.db.execute(
        sql`SELECT (SELECT count(*) FROM rfq_recipients WHERE rfq_id = ${rfq.id} AND status = 'accepted') AS accepted,
                   (SELECT count(*) FROM quotation_requests WHERE buyer_id = ${bea.id}) AS quotations,
                   (SELECT open_count FROM rfq_buyer_limits WHERE buyer_id = ${bea.id}) AS open`,
      ),
    );
    expect(Number(counts!.accepted)).toBe(1);
    expect(Number(counts!.quotations)).toBe(1);
    expect(Number(counts!.open)).toBe(0);
  });

  it('tells the suppliers still waiting when the buyer closes the request, and not those who declined', async () => {
    const bea = await makeRfqBuyer(t, 'Bea Close');
    const { rfq } = await sendRfq(t, bea, rfqBody(categoryId));
    const ids = await recipientIds(t, rfq.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/seller/${third.sellerId}/rfqs/${rfq.id}/decline`,
      headers: { ...as(third.party, 'seller'), 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'Too busy this month' }),
    });
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rfqs/${rfq.id}/close`,
      headers: as(bea),
    });
    expect(closed.statusCode).toBe(200);
    await t.app.events.drain();
    const keys = (await mailKeys(rfq.id)).filter((key) => key.startsWith('rfq-closed:'));
    expect(keys.sort()).toEqual(
      [`rfq-closed:${ids.get(first.sellerId)}`, `rfq-closed:${ids.get(second.sellerId)}`].sort(),
    );
  });
});

describe('the comparison', () => {
  it("shows each supplier's rating across its storefront's products and services (the reviews module)", async () => {
    const bea = await makeRfqBuyer(t, 'Bea Ratings');
    const { rfq } = await sendRfq(t, bea, rfqBody(categoryId));
    await t.database.db.execute(
      sql`INSERT INTO product_reviews (product_id, author_name, rating)
          VALUES (${first.productId}, 'Ann', 4), (${first.productId}, 'Ben', 5), (${first.productId}, 'Cy', 5)`,
    );
    const compared = await t.app.inject({ method: 'GET', url: `/api/v1/rfqs/${rfq.id}`, headers: as(bea) });
    const ratingOf = (s: RfqSupplier) =>
      compared
        .json()
        .suppliers.find((row: { storefrontId: string }) => row.storefrontId === String(s.sellerId)).rating;
    expect(ratingOf(first)).toEqual({ average: 4.7, count: 3 });
    expect(ratingOf(second)).toEqual({ average: null, count: 0 });
  });
});
