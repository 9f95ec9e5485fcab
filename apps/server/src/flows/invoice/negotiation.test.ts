import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatInvoicePayloadSchema,
  invoiceAcceptanceTerms,
  type AcceptInvoiceBody,
  type Invoice,
} from '@maplesource/contracts';
import { seedTestCatalog, createTestApp, type TestApp } from '../../../test/helpers';
import {
  as,
  chatActions,
  issueInvoiceFor,
  makeInvoicingSeller,
  makeUser,
  shippingAddress,
  signatureSvg,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';

/**
 * Negotiating an invoice (decisions 271, 272): the seller withdraws a pending invoice or issues its next version
 * (every version kept, what changed shown), only the latest can be accepted, an accept racing a withdrawal ends in
 * exactly one state, and the buyer rejects with a counter-offer the seller can answer with the next version.
 * Runs on PGlite and on PostgreSQL (the race).
 */
let t: TestApp;
let seller: Party;
let otherSeller: Party;
let stranger: Party;
let productId: number;

const acceptBody = (token: string): AcceptInvoiceBody => ({
  invoiceToken: token,
  shippingAddress,
  billingAddress: null,
  isBillingSameAsShipping: true,
  signature: { fullName: 'Bea Buyer', svg: signatureSvg },
  termsVersion: invoiceAcceptanceTerms.version,
  termsLanguage: 'en',
});
const post = (party: Party, role: 'buyer' | 'seller', url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: as(party, role), payload });
const accept = (buyer: Party, token: string) => post(buyer, 'buyer', 'invoice/accept', acceptBody(token));
const withdraw = (party: Party, token: string, role: 'buyer' | 'seller' = 'seller') =>
  post(party, role, 'invoice/withdraw', { invoiceToken: token });
const revise = (party: Party, token: string, payload: object) =>
  post(party, 'seller', 'invoice/revise', { invoiceToken: token, ...payload });
const details = (party: Party, token: string, role: 'buyer' | 'seller' = 'buyer') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/invoice/details?invoiceToken=${encodeURIComponent(token)}`,
    headers: as(party, role),
  });
const code = (res: { json: () => unknown }) => (res.json() as { error?: { code?: string } }).error?.code;
const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await t.database.db.execute(query))[0]!.n);

/** A new buyer's conversation holding a pending version 1. */
async function pendingInvoice(extra: Record<string, unknown> = {}) {
  const buyer = await makeUser(t, ['buyer'], 'Bea Buyer');
  const invoice = await issueInvoiceFor(t, { buyer, seller, productId, extra });
  return { buyer, ...invoice };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 10);
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  otherSeller = await makeUser(t, ['buyer', 'seller'], 'Otto Seller');
  stranger = await makeUser(t, ['buyer'], 'Stan Stranger');
  ({ productId } = await makeInvoicingSeller(t, seller));
  await makeInvoicingSeller(t, otherSeller);
});
afterAll(async () => t?.close());

describe('withdrawing an invoice', () => {
  it('takes a pending invoice back once, tells the chat, and then it can be neither accepted nor rejected', async () => {
    const { buyer, token, chatId, invoiceId } = await pendingInvoice();
    // Only its seller user: another seller 404, the buyer (no seller role) 403, a buyer in the seller role 404.
    expect((await withdraw(otherSeller, token)).statusCode).toBe(404);
    expect((await withdraw(buyer, token, 'buyer')).statusCode).toBe(403);
    expect((await withdraw(stranger, token, 'buyer')).statusCode).toBe(403);
    expect((await withdraw(seller, 'x'.repeat(43))).statusCode).toBe(404);

    const res = await withdraw(seller, token);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json<{ invoice: Invoice }>().invoice;
    expect(invoice.status).toBe('withdrawn');
    expect(invoice.withdrawnAt).not.toBeNull();
    expect((await chatActions(t, chatId)).slice(-1)).toEqual(['invoice_withdrawn']);
    expect(
      await count(sql`SELECT count(*) AS n FROM domain_events WHERE name = 'invoice.withdrawn'
                      AND payload->>'invoiceId' = ${invoiceId}`),
    ).toBe(1);

    const again = await withdraw(seller, token);
    expect([again.statusCode, code(again)]).toEqual([409, 'INVOICE_WITHDRAWN']);
    const accepted = await accept(buyer, token);
    expect([accepted.statusCode, code(accepted)]).toEqual([409, 'INVOICE_WITHDRAWN']);
    const rejected = await post(buyer, 'buyer', 'invoice/reject', {
      invoiceToken: token,
      reason: 'Too late',
    });
    expect([rejected.statusCode, code(rejected)]).toEqual([409, 'INVOICE_WITHDRAWN']);
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE invoice_id = ${invoiceId}`)).toBe(0);

    // The conversation is free for a new invoice.
    const next = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chats/${chatId}/invoices`,
      headers: as(seller, 'seller'),
      payload: { negotiatedPriceCents: 14_000 },
    });
    expect(next.statusCode, next.body).toBe(201);
  });

  it('racing 20 accepts ends in exactly one state: withdrawn with no order, or accepted with one', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { buyer, token, invoiceId } = await pendingInvoice();
      const [withdrawal, ...accepts] = await Promise.all([
        withdraw(seller, token),
        ...Array.from({ length: 20 }, () => accept(buyer, token)),
      ]);
      const statuses = accepts.map((res) => res.statusCode);
      const orders = await count(sql`SELECT count(*) AS n FROM orders WHERE invoice_id = ${invoiceId}`);
      const [row] = rowsOf<{ status: string }>(
        await t.database.db.execute(sql`SELECT status FROM invoices WHERE id = ${invoiceId}`),
      );
      if (withdrawal!.statusCode === 200) {
        expect(row!.status).toBe('withdrawn');
        expect(orders).toBe(0);
        // An accept that ran before the withdrawal would have won it: none did.
        expect(statuses.every((status) => status === 409)).toBe(true);
        expect(new Set(accepts.map(code))).toEqual(new Set(['INVOICE_WITHDRAWN']));
      } else {
        expect([withdrawal!.statusCode, code(withdrawal!)]).toEqual([409, 'INVOICE_NOT_PENDING']);
        expect(row!.status).toBe('accepted');
        expect(orders).toBe(1);
        expect(statuses.filter((status) => status === 201)).toHaveLength(1);
        // Accepts after the first answer its order; any before it saw the invoice still pending and lost nothing.
        expect(statuses.filter((status) => status === 200)).toHaveLength(19);
      }
    }
  });
});

describe('revising an invoice', () => {
  it('withdraws the pending version and issues the next, showing what changed; only the latest can be accepted', async () => {
    const { buyer, token, chatId } = await pendingInvoice({ paymentTerms: 'Net 30' });
    const v1 = (await details(buyer, token)).json<{ invoice: Invoice }>().invoice;
    expect([v1.version, v1.previousInvoiceToken, v1.changes]).toEqual([1, null, []]);

    const deadline = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const res = await revise(seller, token, {
      negotiatedPriceCents: 12_000,
      shippingCents: 1_000,
      quantity: 8,
      paymentTerms: 'Net 15',
      deadline,
    });
    expect(res.statusCode, res.body).toBe(201);
    const v2 = res.json<{ invoice: Invoice }>().invoice;
    expect(v2.version).toBe(2);
    expect(v2.status).toBe('pending');
    expect(v2.previousInvoiceToken).toBe(token);
    const changed = new Map(v2.changes.map((change) => [change.field, [change.from, change.to]]));
    expect(changed.get('negotiatedPriceCents')).toEqual([15_000, 12_000]);
    expect(changed.get('quantity')).toEqual([10, 8]);
    expect(changed.get('paymentTerms')).toEqual(['Net 30', 'Net 15']);
    expect(changed.get('deadline')).toEqual([v1.deadline, deadline]);
    expect(changed.get('totalCents')).toEqual([v1.totalCents, v2.totalCents]);
    expect(changed.has('shippingCents')).toBe(false);
    // The buyer reads the same changes; a stranger reads nothing.
    expect((await details(buyer, v2.token)).json<{ invoice: Invoice }>().invoice.changes).toEqual(v2.changes);
    expect((await details(stranger, v2.token)).statusCode).toBe(404);

    // Every version is kept; the first is withdrawn and told so before the new one is sent.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chats/${chatId}/invoices`,
      headers: as(buyer),
    });
    expect(list.json<{ items: Invoice[] }>().items.map((item) => [item.version, item.status])).toEqual([
      [2, 'pending'],
      [1, 'withdrawn'],
    ]);
    expect((await chatActions(t, chatId)).slice(-2)).toEqual(['invoice_withdrawn', 'invoice_sent']);
    const [sent] = rowsOf<{ business_payload: unknown }>(
      await t.database.db.execute(sql`SELECT business_payload FROM chat_messages
        WHERE chat_id = ${chatId} AND business_action = 'invoice_sent' ORDER BY seq DESC LIMIT 1`),
    );
    const payload =
      typeof sent!.business_payload === 'string'
        ? JSON.parse(sent!.business_payload)
        : sent!.business_payload;
    expect(chatInvoicePayloadSchema.parse(payload).version).toBe(2);

    const stale = await accept(buyer, token);
    expect([stale.statusCode, code(stale)]).toEqual([409, 'INVOICE_SUPERSEDED']);
    const twice = await revise(seller, token, { negotiatedPriceCents: 11_000 });
    expect([twice.statusCode, code(twice)]).toEqual([409, 'INVOICE_ALREADY_REVISED']);
    expect((await accept(buyer, v2.token)).statusCode).toBe(201);
    const afterAccept = await revise(seller, v2.token, { negotiatedPriceCents: 11_000 });
    expect([afterAccept.statusCode, code(afterAccept)]).toEqual([409, 'INVOICE_NOT_REVISABLE']);
  });

  it("is the invoice's seller user's only, and changes nothing when refused", async () => {
    const { buyer, token, chatId } = await pendingInvoice();
    expect((await revise(otherSeller, token, { negotiatedPriceCents: 9_000 })).statusCode).toBe(404);
    expect(
      (await post(buyer, 'buyer', 'invoice/revise', { invoiceToken: token, negotiatedPriceCents: 9_000 }))
        .statusCode,
    ).toBe(403);
    // A bad body (no price) is refused before anything is withdrawn.
    expect((await revise(seller, token, {})).statusCode).toBe(400);
    expect((await details(buyer, token)).json<{ invoice: Invoice }>().invoice.status).toBe('pending');
    expect((await chatActions(t, chatId)).slice(-1)).toEqual(['invoice_sent']);
  });

  it('two concurrent revisions of one version make one new version', async () => {
    const { buyer, token, chatId } = await pendingInvoice();
    const answers = await Promise.all(
      [12_500, 13_500].map((price) => revise(seller, token, { negotiatedPriceCents: price })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chats/${chatId}/invoices`,
      headers: as(buyer),
    });
    expect(list.json<{ items: Invoice[] }>().items.map((item) => item.version)).toEqual([2, 1]);
  });
});

describe('rejecting with a counter-offer', () => {
  it('keeps the offer with the rejection, shows it in the chat, and the seller answers with the next version', async () => {
    const { buyer, token, chatId } = await pendingInvoice();
    const empty = await post(buyer, 'buyer', 'invoice/reject', {
      invoiceToken: token,
      reason: 'Too expensive',
      counterOffer: { note: 'Cheaper please' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('INVOICE_COUNTER_OFFER_EMPTY');

    const deliveryDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const offer = { negotiatedPriceCents: 12_000, quantity: 12, deliveryDate, note: 'We can wait a month.' };
    const res = await post(buyer, 'buyer', 'invoice/reject', {
      invoiceToken: token,
      reason: 'Too expensive',
      counterOffer: offer,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rejected = res.json<{ invoice: Invoice }>().invoice;
    expect([rejected.status, rejected.counterOffer]).toEqual(['rejected', offer]);
    const [message] = rowsOf<{ business_payload: unknown }>(
      await t.database.db.execute(sql`SELECT business_payload FROM chat_messages
        WHERE chat_id = ${chatId} AND business_action = 'invoice_rejected'`),
    );
    const payload =
      typeof message!.business_payload === 'string'
        ? JSON.parse(message!.business_payload)
        : message!.business_payload;
    expect(chatInvoicePayloadSchema.parse(payload).counterOffer).toEqual(offer);

    // The seller takes the offer: version 2 follows the rejected version, nothing is withdrawn.
    const next = await revise(seller, token, {
      negotiatedPriceCents: offer.negotiatedPriceCents,
      quantity: offer.quantity,
      deadline: offer.deliveryDate,
    });
    expect(next.statusCode, next.body).toBe(201);
    const v2 = next.json<{ invoice: Invoice }>().invoice;
    expect([v2.version, v2.subject.quantity, v2.negotiatedPriceCents, v2.deadline]).toEqual([
      2,
      12,
      12_000,
      deliveryDate,
    ]);
    expect((await chatActions(t, chatId)).slice(-2)).toEqual(['invoice_rejected', 'invoice_sent']);
  });
});
