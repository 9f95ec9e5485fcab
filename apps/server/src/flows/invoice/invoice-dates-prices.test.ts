import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatDocumentDate,
  invoiceAcceptanceTerms,
  invoiceDueOn,
  invoiceUnitPriceCents,
  type Invoice,
  type Order,
} from '@maplesource/contracts';
import { seedTestCatalog, createTestApp, type TestApp } from '../../../test/helpers';
import {
  as,
  issueInvoiceFor,
  makeInvoicingSeller,
  makeUser,
  shippingAddress,
  signatureSvg,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';

/**
 * An invoice's due date, delivery deadline, unit price and total price, and the order's own copy of the payment
 * and delivery terms (docs/product.md §3 Invoice and Order, decision 255). Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
let buyer: Party;
let seller: Party;
let productId: number;

const details = async (party: Party, token: string, role: 'buyer' | 'seller' = 'buyer') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/invoice/details?invoiceToken=${encodeURIComponent(token)}`,
    headers: as(party, role),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ invoice: Invoice }>().invoice;
};
const issue = (chatId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/chats/${chatId}/invoices`,
    headers: as(seller, 'seller'),
    payload: { negotiatedPriceCents: 10_000, ...payload },
  });
const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 20);
  buyer = await makeUser(t, ['buyer'], 'Dana Buyer');
  seller = await makeUser(t, ['buyer', 'seller'], 'Dora Seller');
  ({ productId } = await makeInvoicingSeller(t, seller));
});
afterAll(async () => t?.close());

describe('invoice due date, deadline, unit and total price', () => {
  it('prices the unit as the total price over the quantity, dates the due day and copies the quotation deadline', async () => {
    // 10 units for $150.05: $15.005 a unit, rounded half up to $15.01.
    const issued = await issueInvoiceFor(t, {
      buyer,
      seller,
      productId,
      negotiatedPriceCents: 15_005,
      extra: { expiresInHours: 72 },
    });
    for (const [party, role] of [
      [buyer, 'buyer'],
      [seller, 'seller'],
    ] as const) {
      const invoice = await details(party, issued.token, role);
      expect(invoice.subject.quantity).toBe(10);
      expect(invoice.totalPriceCents).toBe(15_005);
      expect(invoice.unitPriceCents).toBe(1_501);
      expect(invoice.totalCents).toBe(15_005 + 1_000 + invoice.taxCents);
      expect(invoice.deadline).toBe(issued.deadline);
      // Due by the last day it may be accepted and paid, in the invoice's own time zone.
      const expiryDay = new Intl.DateTimeFormat('en-CA', { timeZone: invoice.timeZone }).format(
        new Date(Date.parse(invoice.expiresAt) - 1),
      );
      expect(invoice.dueOn).toBe(expiryDay);
      // The database's derivation and the contracts' agree.
      expect(invoice.dueOn).toBe(invoiceDueOn(new Date(invoice.expiresAt), invoice.timeZone));
      expect(invoice.unitPriceCents).toBe(invoiceUnitPriceCents(15_005, 10));
      expect(invoice.dueOn >= invoice.issuedOn).toBe(true);
    }
    // The PDF prints them too, the dates in the document's zone.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/pdf?invoiceToken=${encodeURIComponent(issued.token)}&lang=en`,
      headers: as(buyer),
    });
    expect(res.statusCode).toBe(200);
    const text = (await extractText(new Uint8Array(res.rawPayload), { mergePages: true }))
      .text as unknown as string;
    const invoice = await details(buyer, issued.token);
    const long = (date: string) => formatDocumentDate(date, 'en', invoice.timeZone, 'long');
    // The line-item table's row: quantity, unit price, then the amount (the total price); the subtotal repeats it.
    expect(text).toMatch(/Quantity Unit price Amount\n[\s\S]*\n10 units \$15\.01 \$150\.05\n/);
    expect(text).toContain('Subtotal $150.05');
    expect(text).toContain(`Due date: ${long(invoice.dueOn)}`);
    expect(text).toContain(`Delivery deadline: ${long(issued.deadline)}`);
  });

  it('takes the seller’s deadline, and refuses one before the invoice date or not a date (400, nothing stored)', async () => {
    // One conversation per buyer and product: a buyer of its own.
    buyer = await makeUser(t, ['buyer'], 'Dale Buyer');
    const first = await issueInvoiceFor(t, { buyer, seller, productId });
    const rejected = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoice/reject',
      headers: as(buyer),
      payload: { invoiceToken: first.token, reason: 'Need another date' },
    });
    expect(rejected.statusCode, rejected.body).toBeLessThan(300);
    const today = (await details(buyer, first.token)).issuedOn;

    const before = await issue(first.chatId, { deadline: dayAfter(today, -1) });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ error: { code: 'INVOICE_DEADLINE_BEFORE_ISSUE' } });
    const notADate = await issue(first.chatId, { deadline: '2026-02-30' });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const pending = rowsOf<{ n: number | string }>(
      await t.database.db.execute(
        sql`SELECT count(*) AS n FROM invoices WHERE chat_id = ${first.chatId} AND status = 'pending'`,
      ),
    );
    expect(Number(pending[0]!.n)).toBe(0);

    const chosen = dayAfter(today, 30);
    const ok = await issue(first.chatId, { deadline: chosen });
    expect(ok.statusCode, ok.body).toBe(201);
    const invoice = ok.json<{ invoice: Invoice }>().invoice;
    expect(invoice.deadline).toBe(chosen);
    expect((await details(buyer, invoice.token)).deadline).toBe(chosen);
  });
});

describe('the order’s own payment and delivery terms', () => {
  it('copies the terms at acceptance, shows them to the buyer and the seller, and keeps them whatever the invoice says', async () => {
    buyer = await makeUser(t, ['buyer'], 'Dina Buyer');
    const issued = await issueInvoiceFor(t, {
      buyer,
      seller,
      productId,
      extra: { paymentTerms: 'Net 30 by card', deliveryTerms: 'FOB Toronto, pallets' },
    });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoice/accept',
      headers: { ...as(buyer), 'user-agent': 'vitest-agent/1.0' },
      payload: {
        invoiceToken: issued.token,
        shippingAddress,
        billingAddress: null,
        isBillingSameAsShipping: true,
        signature: { fullName: 'Dina Buyer', svg: signatureSvg },
        termsVersion: invoiceAcceptanceTerms.version,
        termsLanguage: 'en',
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { orderId } = accepted.json<{ orderId: string }>();
    // The copy is the order's: a later change to the invoice row does not reach it.
    await t.database.db.execute(
      sql`UPDATE invoices SET payment_terms = 'changed', delivery_terms = 'changed' WHERE token = ${issued.token}`,
    );
    for (const [url, headers] of [
      [`/api/v1/orders/${orderId}`, as(buyer)],
      [`/api/v1/seller/orders/${orderId}`, as(seller, 'seller')],
    ] as const) {
      const read = await t.app.inject({ method: 'GET', url, headers });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<{ order: Order }>().order).toMatchObject({
        paymentTerms: 'Net 30 by card',
        deliveryTerms: 'FOB Toronto, pallets',
      });
    }
  });
});
