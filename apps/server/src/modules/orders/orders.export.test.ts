import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dollarsToCents, invoiceAcceptanceTerms, type InvoiceTaxLine } from '@maplesource/contracts';
import { seedTestCatalog, createTestApp, type TestApp } from '../../../test/helpers';
import {
  as,
  issueInvoiceFor,
  makeInvoicingSeller,
  makeOrder,
  makeStorefront,
  makeUser,
  shippingAddress,
  signatureSvg,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';
import { orderCsvHeader } from './orders.export';

/**
 * The accountants' order export (decisions 251 and 256): own orders only, the period in Toronto days, one line per
 * tax component, totals as stored.
 */
let t: TestApp;
let buyer: Party;
let otherBuyer: Party;
let seller: Party;

async function exportAs(
  party: Party | null,
  path: string,
  query: string,
  role: 'buyer' | 'seller' = 'buyer',
) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${path}?${query}`, headers: as(party, role) });
  if (res.statusCode !== 200) return { status: res.statusCode, bytes: res.rawPayload, header: [], rows: [] };
  const [header = [], ...lines] = parse(res.rawPayload, { bom: true }) as string[][];
  const rows = lines.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i] ?? ''])));
  return { status: 200, bytes: res.rawPayload, header, rows };
}

const cents = (text: string | undefined) => {
  if (!/^\d+\.\d{2}$/.test(text ?? '')) throw new Error(`Not a dollar amount: ${text}`);
  return dollarsToCents(text!)!;
};

async function orderPlacedAt(
  party: Party,
  placedAt: string,
  subjectName: string,
  totalCents: number,
  taxLines?: InvoiceTaxLine[],
) {
  const storefront = await makeStorefront(t, seller, true);
  const { orderId } = await makeOrder(t.app, {
    buyer: party,
    seller,
    storefront,
    subjectName,
    totalCents,
    ...(taxLines ? { taxLines } : {}),
  });
  await t.database.db.execute(
    sql`UPDATE orders SET placed_at = ${placedAt}::timestamptz WHERE id = ${orderId}`,
  );
  return orderId;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 5);
  buyer = await makeUser(t, ['buyer'], 'Béatrice Acheteuse');
  otherBuyer = await makeUser(t, ['buyer'], 'Olga Other');
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  // 00:30 Toronto on March 1st is 05:30 UTC; 23:30 Toronto on March 31st is April 1st 03:30 UTC.
  // A Quebec delivery: GST and QST, each its own line.
  await orderPlacedAt(buyer, '2026-03-01T05:30:00Z', 'Équerres en acier', 11_423, [
    { code: 'GST', ratePercent: '5', amountCents: 475 },
    { code: 'QST', ratePercent: '9.975', amountCents: 948 },
  ]);
  await orderPlacedAt(buyer, '2026-04-01T03:30:00Z', 'Late March bolts', 22_600);
  await orderPlacedAt(buyer, '2026-03-01T04:30:00Z', 'February hinges', 5_650);
  await orderPlacedAt(otherBuyer, '2026-03-10T12:00:00Z', 'Other buyer item', 3_390);
});
afterAll(async () => t?.close());

describe('order export', () => {
  it('writes the buyer their orders of the period in Toronto days, with totals as stored', async () => {
    const out = await exportAs(buyer, '/orders/export', 'from=2026-03-01&to=2026-03-31');
    expect(out.status).toBe(200);
    expect([...out.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(out.header).toEqual([...orderCsvHeader]);
    expect(out.rows.map((row) => row.item)).toEqual([
      'Équerres en acier',
      'Équerres en acier',
      'Late March bolts',
    ]);
    expect(out.rows.map((row) => row.placed_at)).toEqual([
      '2026-03-01T05:30:00.000Z',
      '2026-03-01T05:30:00.000Z',
      '2026-04-01T03:30:00.000Z',
    ]);
    expect(out.rows.map((row) => [row.tax_code, row.tax_rate_percent, row.tax_amount])).toEqual([
      ['GST', '5', '4.75'],
      ['QST', '9.975', '9.48'],
      ['HST', '13', expect.stringMatching(/^\d+\.\d{2}$/)],
    ]);
    // Per order: the components add up to its tax, and subtotal + shipping + tax to its total.
    const orders = new Map<string, Array<Record<string, string>>>();
    for (const row of out.rows) orders.set(row.order_id!, [...(orders.get(row.order_id!) ?? []), row]);
    for (const lines of orders.values()) {
      const first = lines[0]!;
      expect(lines.reduce((sum, row) => sum + cents(row.tax_amount), 0)).toBe(cents(first.order_tax));
      expect(cents(first.subtotal) + cents(first.shipping) + cents(first.order_tax)).toBe(
        cents(first.order_total),
      );
      expect(first.buyer).toBe(buyer.name);
    }
    const [db] = rowsOf<{ total: string | number; tax: string | number }>(
      await t.database.db.execute(sql`
        SELECT sum(total_cents) AS total, sum(tax_cents) AS tax FROM orders WHERE buyer_user_id = ${buyer.id}
          AND placed_at >= '2026-03-01T05:00:00Z' AND placed_at < '2026-04-01T04:00:00Z'`),
    );
    expect([...orders.values()].reduce((sum, lines) => sum + cents(lines[0]!.order_total), 0)).toBe(
      Number(db!.total),
    );
    expect(out.rows.reduce((sum, row) => sum + cents(row.tax_amount), 0)).toBe(Number(db!.tax));
  });

  it("gives the seller their sales and nobody another user's orders", async () => {
    const sales = await exportAs(seller, '/seller/orders/export', 'from=2026-02-01&to=2026-04-30', 'seller');
    expect(sales.rows).toHaveLength(5);
    const other = await exportAs(otherBuyer, '/orders/export', 'from=2026-02-01&to=2026-04-30');
    expect(other.rows.map((row) => row.item)).toEqual(['Other buyer item']);
    expect(
      (await exportAs(buyer, '/seller/orders/export', 'from=2026-02-01&to=2026-04-30', 'seller')).status,
    ).toBe(403);
    expect((await exportAs(null, '/orders/export', 'from=2026-02-01&to=2026-04-30')).status).toBe(401);
  });

  it('copies the accepted invoice’s tax components onto the order, one export line each', async () => {
    const dealer = await makeUser(t, ['buyer', 'seller'], 'Dana Dealer');
    const { productId } = await makeInvoicingSeller(t, dealer);
    const invoice = await issueInvoiceFor(t, { buyer: otherBuyer, seller: dealer, productId });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoice/accept',
      headers: { ...as(otherBuyer), 'idempotency-key': `accept-${invoice.invoiceId}` },
      payload: {
        invoiceToken: invoice.token,
        shippingAddress,
        billingAddress: null,
        isBillingSameAsShipping: true,
        signature: { fullName: 'Olga Other', svg: signatureSvg },
        termsVersion: invoiceAcceptanceTerms.version,
        termsLanguage: 'en',
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { orderId } = accepted.json<{ orderId: string }>();
    const [copy] = rowsOf<{ order_lines: unknown; invoice_lines: unknown; tax_cents: number | string }>(
      await t.database.db.execute(sql`
        SELECT o.tax_lines AS order_lines, i.tax_lines AS invoice_lines, o.tax_cents
        FROM orders o JOIN invoices i ON i.id::text = o.invoice_id::text WHERE o.id = ${orderId}`),
    );
    const lines = (value: unknown) =>
      (typeof value === 'string' ? JSON.parse(value) : value) as InvoiceTaxLine[];
    expect(lines(copy!.order_lines)).toEqual(lines(copy!.invoice_lines));
    expect(lines(copy!.order_lines).length).toBeGreaterThan(0);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const sales = await exportAs(
      dealer,
      '/seller/orders/export',
      `from=${yesterday}&to=${tomorrow}`,
      'seller',
    );
    const rows = sales.rows.filter((row) => row.order_id === orderId);
    expect(rows.map((row) => [row.tax_code, row.tax_rate_percent, cents(row.tax_amount)])).toEqual(
      lines(copy!.order_lines).map((line) => [line.code, line.ratePercent, line.amountCents]),
    );
    expect(rows.reduce((sum, row) => sum + cents(row.tax_amount), 0)).toBe(Number(copy!.tax_cents));
  });

  it('writes a name that starts like a formula as text, so a spreadsheet never runs it', async () => {
    const formulaBuyer = await makeUser(t, ['buyer'], '@SUM(1+1)*cmd');
    await orderPlacedAt(formulaBuyer, '2026-05-02T12:00:00Z', '=1+2', 1_130);
    const out = await exportAs(formulaBuyer, '/orders/export', 'from=2026-05-01&to=2026-05-31');
    expect(out.rows.map((row) => [row.buyer, row.item])).toEqual([["'@SUM(1+1)*cmd", "'=1+2"]]);
    expect(out.rows[0]!.order_total).toBe('11.30');
  });

  it('refuses a bad period with 400', async () => {
    for (const query of [
      'from=2026-04-01&to=2026-03-01',
      'from=2025-01-01&to=2026-06-01',
      'from=x&to=2026-01-01',
      'to=2026-01-01',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/export?${query}`,
        headers: as(buyer, 'buyer'),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
