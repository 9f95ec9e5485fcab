import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dollarsToCents, type InvoiceTaxLine } from '@maplesource/contracts';
import { rowsOf } from '../../db/transaction';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { makeUser, type Party } from '../../../test/orders-helpers';
import {
  quickBooksBillHeader,
  quickBooksInvoiceHeader,
  xeroHeader,
  invoiceCsvHeader,
} from './invoices.export';

let t: TestApp;
let buyer: Party;
let seller: Party;
let otherBuyer: Party;

const gst = (cents: number): InvoiceTaxLine => ({ code: 'GST', ratePercent: '5', amountCents: cents });
const qst = (cents: number): InvoiceTaxLine => ({ code: 'QST', ratePercent: '9.975', amountCents: cents });
const hst = (cents: number): InvoiceTaxLine => ({ code: 'HST', ratePercent: '13', amountCents: cents });

async function insertInvoice(input: {
  buyer: Party;
  seller: Party;
  issuedOn: string;
  priceCents: number;
  shippingCents: number;
  taxLines: InvoiceTaxLine[];
  quantity?: number;
  status?: 'pending' | 'accepted';
  subject?: string;
}): Promise<string> {
  const id = randomUUID();
  const tax = input.taxLines.reduce((sum, line) => sum + line.amountCents, 0);
  const accepted = input.status === 'accepted';
  await t.database.db.execute(sql`
    INSERT INTO invoices (id, token, kind, chat_id, buyer_id, buyer_name, seller_user_id, seller_id, seller_slug,
      seller_name, seller_legal_name, seller_gst_hst_number, seller_qst_number, subject_id, subject_name,
      subject_category, quantity, negotiated_price_cents, shipping_cents, tax_lines, tax_cents, total_cents,
      delivery_province, delivery_postal_code, issued_on, due_on, expires_at, status, accepted_at, order_id)
    VALUES (${id}, ${`tok_${id.replace(/-/g, '')}`}, 'product', ${randomUUID()}, ${input.buyer.id},
      ${input.buyer.name}, ${input.seller.id}, 1, 'export-test', ${`${input.seller.name} Supply`},
      'Fournitures Érable Inc.', '123456789RT0001', '1234567890TQ0001', 1, ${input.subject ?? 'Équerres en acier'},
      'Quincaillerie', ${input.quantity ?? 10}, ${input.priceCents}, ${input.shippingCents},
      ${JSON.stringify(input.taxLines)}::jsonb, ${tax}, ${input.priceCents + input.shippingCents + tax}, 'QC',
      'H2X 1Y4', ${input.issuedOn}::date, ${input.issuedOn}::date + 7, now() + interval '7 days', ${accepted ? 'accepted' : 'pending'},
      ${accepted ? sql`now()` : sql`NULL`}, ${accepted ? randomUUID() : null})`);
  return id;
}

interface Exported {
  status: number;
  bytes: Buffer;
  header: string[];
  rows: Array<Record<string, string>>;
  json: { error?: { code: string; fields?: Record<string, string> } };
}

async function exportAs(who: Party, path: string, query: string, role = 'buyer'): Promise<Exported> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1${path}?${query}`,
    headers: { cookie: who.cookie, role },
  });
  if (res.statusCode !== 200) {
    return { status: res.statusCode, bytes: res.rawPayload, header: [], rows: [], json: res.json() };
  }
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const records = parse(res.rawPayload, { bom: true }) as string[][];
  const [header = [], ...lines] = records;
  const rows = lines.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i] ?? ''])));
  return { status: 200, bytes: res.rawPayload, header, rows, json: {} };
}

const cents = (text: string | undefined) => {
  const value = dollarsToCents(text ?? '');
  if (value === null || !/^-?\d+\.\d{2}$/.test(text ?? '')) throw new Error(`Not a dollar amount: ${text}`);
  return value;
};

beforeAll(async () => {
  t = await createTestApp();
  buyer = await makeUser(t, ['buyer'], 'Béatrice Acheteuse');
  otherBuyer = await makeUser(t, ['buyer'], 'Other Buyer');
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  // In the period: a Québec invoice (GST + QST), an Ontario one (HST), an exempt one; one outside, another buyer's.
  await insertInvoice({
    buyer,
    seller,
    issuedOn: '2026-03-01',
    priceCents: 100_000,
    shippingCents: 2_500,
    taxLines: [gst(5_125), qst(10_224)],
    status: 'accepted',
  });
  await insertInvoice({
    buyer,
    seller,
    issuedOn: '2026-03-31',
    priceCents: 33_333,
    shippingCents: 0,
    taxLines: [hst(4_333)],
    quantity: 7,
  });
  await insertInvoice({
    buyer,
    seller,
    issuedOn: '2026-03-15',
    priceCents: 5_000,
    shippingCents: 100,
    taxLines: [],
    status: 'accepted',
  });
  await insertInvoice({
    buyer,
    seller,
    issuedOn: '2026-04-01',
    priceCents: 9_999,
    shippingCents: 0,
    taxLines: [hst(1_300)],
  });
  await insertInvoice({
    buyer: otherBuyer,
    seller,
    issuedOn: '2026-03-10',
    priceCents: 7_777,
    shippingCents: 0,
    taxLines: [gst(389)],
    subject: 'Other buyer item',
  });
});

afterAll(async () => {
  await t.close();
});

describe('invoice export as plain CSV', () => {
  it('writes UTF-8 with a BOM, one line per tax component, amounts that add up to the database', async () => {
    const out = await exportAs(buyer, '/invoices/export', 'from=2026-03-01&to=2026-03-31');
    expect(out.status).toBe(200);
    expect([...out.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(out.bytes.toString('utf8')).toContain('Équerres en acier');
    expect(out.header).toEqual([...invoiceCsvHeader]);
    // 2 tax lines + 1 tax line + 1 line for the exempt invoice.
    expect(out.rows).toHaveLength(4);
    const byInvoice = new Map<string, Array<Record<string, string>>>();
    for (const row of out.rows)
      byInvoice.set(row.invoice_id!, [...(byInvoice.get(row.invoice_id!) ?? []), row]);
    expect(byInvoice.size).toBe(3);
    for (const lines of byInvoice.values()) {
      const first = lines[0]!;
      const taxSum = lines.reduce((sum, row) => sum + cents(row.tax_amount), 0);
      expect(taxSum).toBe(cents(first.invoice_tax));
      expect(cents(first.subtotal) + cents(first.shipping) + cents(first.invoice_tax)).toBe(
        cents(first.invoice_total),
      );
      expect(first.issued_on).toMatch(/^2026-03-\d{2}$/);
      expect(first.currency).toBe('CAD');
    }
    const quebec = out.rows.filter((row) => row.tax_code === 'GST' || row.tax_code === 'QST');
    expect(quebec.map((row) => [row.tax_code, row.tax_rate_percent, row.tax_amount])).toEqual([
      ['GST', '5', '51.25'],
      ['QST', '9.975', '102.24'],
    ]);

    const [db] = rowsOf<{ total: string | number; tax: string | number; n: string | number }>(
      await t.database.db.execute(sql`
        SELECT sum(total_cents) AS total, sum(tax_cents) AS tax, count(*) AS n FROM invoices
        WHERE buyer_id = ${buyer.id} AND issued_on BETWEEN '2026-03-01' AND '2026-03-31'`),
    );
    const totals = [...byInvoice.values()].reduce((sum, lines) => sum + cents(lines[0]!.invoice_total), 0);
    const taxes = out.rows.reduce((sum, row) => sum + cents(row.tax_amount), 0);
    expect(totals).toBe(Number(db!.total));
    expect(taxes).toBe(Number(db!.tax));
    expect(byInvoice.size).toBe(Number(db!.n));
  });

  it("never shows another user's invoices, and the seller's export holds all of their buyers'", async () => {
    const mine = await exportAs(buyer, '/invoices/export', 'from=2026-01-01&to=2026-12-31');
    expect(mine.rows.every((row) => row.buyer === buyer.name)).toBe(true);
    expect(mine.rows.some((row) => row.item === 'Other buyer item')).toBe(false);

    const other = await exportAs(otherBuyer, '/invoices/export', 'from=2026-01-01&to=2026-12-31');
    expect(other.rows.map((row) => row.item)).toEqual(['Other buyer item']);

    const sales = await exportAs(
      seller,
      '/seller/invoices/export',
      'from=2026-01-01&to=2026-12-31',
      'seller',
    );
    expect(new Set(sales.rows.map((row) => row.invoice_id)).size).toBe(5);
    // The seller as a buyer bought nothing.
    const asBuyer = await exportAs(seller, '/invoices/export', 'from=2026-01-01&to=2026-12-31');
    expect(asBuyer.rows).toEqual([]);
    expect(asBuyer.header).toEqual([...invoiceCsvHeader]);
    // A buyer cannot ask for the seller's export.
    expect(
      (await exportAs(buyer, '/seller/invoices/export', 'from=2026-01-01&to=2026-12-31', 'seller')).status,
    ).toBe(403);
  });

  it('writes a name that starts like a formula as text, so a spreadsheet never runs it', async () => {
    const formulaBuyer = await makeUser(t, ['buyer'], '=HYPERLINK("http://evil.example","Pay")');
    await insertInvoice({
      buyer: formulaBuyer,
      seller,
      issuedOn: '2026-05-02',
      priceCents: 1_000,
      shippingCents: 0,
      taxLines: [],
      subject: '+cmd|calc',
    });
    const out = await exportAs(formulaBuyer, '/invoices/export', 'from=2026-05-01&to=2026-05-31');
    expect(out.rows.map((row) => [row.buyer, row.item])).toEqual([
      [`'=HYPERLINK("http://evil.example","Pay")`, "'+cmd|calc"],
    ]);
    // Amounts stay numbers.
    expect(out.rows[0]!.invoice_total).toBe('10.00');
  });

  it('refuses a bad period with 400 and a code, and a visitor with 401', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-03-31&to=2026-03-01', 'errors:EXPORT_PERIOD_INVALID'],
      ['from=2026-02-30&to=2026-03-01', 'errors:EXPORT_PERIOD_INVALID'],
      ['from=2026-3-1&to=2026-03-31', 'errors:EXPORT_PERIOD_INVALID'],
      ['from=2025-01-01&to=2026-01-02', 'errors:EXPORT_PERIOD_TOO_LONG'],
    ];
    for (const [query, message] of cases) {
      const out = await exportAs(buyer, '/invoices/export', query);
      expect(out.status).toBe(400);
      expect(out.json.error?.code).toBe('VALIDATION_FAILED');
      expect(Object.values(out.json.error?.fields ?? {})).toContain(message);
    }
    expect(
      (await exportAs(buyer, '/invoices/export', 'from=2026-01-01&to=2026-12-31&format=pdf')).status,
    ).toBe(400);
    // 2024 is a leap year: 366 days is allowed.
    expect((await exportAs(buyer, '/invoices/export', 'from=2024-01-01&to=2024-12-31')).status).toBe(200);
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/api/v1/invoices/export?from=2026-01-01&to=2026-01-31',
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('invoice export for QuickBooks Online and Xero', () => {
  const lineSums = (rows: Array<Record<string, string>>, number: string, amount: string) => {
    const sums = new Map<string, number>();
    for (const row of rows) sums.set(row[number]!, (sums.get(row[number]!) ?? 0) + cents(row[amount]));
    return sums;
  };
  const acceptedTotals = async (column: 'buyer_id' | 'seller_user_id', userId: string) =>
    rowsOf<{ id: string; total_cents: string | number }>(
      await t.database.db.execute(sql`
        SELECT id, total_cents FROM invoices WHERE ${sql.raw(column)} = ${userId} AND status = 'accepted'
          AND issued_on BETWEEN '2026-03-01' AND '2026-03-31'`),
    ).map((row) => [String(row.id).slice(0, 8).toUpperCase(), Number(row.total_cents)] as const);

  it("writes the seller's accepted sales invoices in QuickBooks' layout, each tax on its own line", async () => {
    const out = await exportAs(
      seller,
      '/seller/invoices/export',
      'from=2026-03-01&to=2026-03-31&format=quickbooks',
      'seller',
    );
    expect(out.header).toEqual([...quickBooksInvoiceHeader]);
    const expected = await acceptedTotals('seller_user_id', seller.id);
    expect(expected).toHaveLength(2);
    expect(lineSums(out.rows, 'InvoiceNo', 'ItemAmount')).toEqual(new Map(expected));
    const taxLines = out.rows.filter((row) => row['Item(Product/Service)'] === 'Sales Tax');
    expect(taxLines.map((row) => [row.ItemDescription, row.ItemAmount])).toEqual([
      ['GST 5%', '51.25'],
      ['QST 9.975%', '102.24'],
    ]);
    for (const row of out.rows) {
      expect(cents(row.ItemRate) * Number(row.ItemQuantity)).toBe(cents(row.ItemAmount));
      expect(row.Customer).toBe(buyer.name);
    }
  });

  it("writes the buyer's accepted invoices as QuickBooks bills", async () => {
    const out = await exportAs(buyer, '/invoices/export', 'from=2026-03-01&to=2026-03-31&format=quickbooks');
    expect(out.header).toEqual([...quickBooksBillHeader]);
    expect(lineSums(out.rows, 'BillNo', 'LineAmount')).toEqual(
      new Map(await acceptedTotals('buyer_id', buyer.id)),
    );
    expect(out.rows.every((row) => row.Supplier === 'Fournitures Érable Inc.')).toBe(true);
  });

  it("writes Xero's sales invoice and bill layouts whose lines add up to the invoice totals", async () => {
    for (const [who, path, role, column, account] of [
      [seller, '/seller/invoices/export', 'seller', 'seller_user_id', '200'],
      [buyer, '/invoices/export', 'buyer', 'buyer_id', '300'],
    ] as const) {
      const out = await exportAs(who, path, 'from=2026-03-01&to=2026-03-31&format=xero', role);
      expect(out.header).toEqual([...xeroHeader]);
      const sums = new Map<string, number>();
      for (const row of out.rows) {
        const amount = cents(row['*UnitAmount']) * Number(row['*Quantity']);
        sums.set(row['*InvoiceNumber']!, (sums.get(row['*InvoiceNumber']!) ?? 0) + amount);
        expect(row['*AccountCode']).toBe(/^(GST|QST|HST)/.test(row['*Description']!) ? '820' : account);
      }
      expect(sums).toEqual(new Map(await acceptedTotals(column, who.id)));
      expect(out.rows.filter((row) => /^(GST|QST) /.test(row['*Description']!))).toHaveLength(2);
    }
  });
});

describe('a large invoice export', () => {
  it('streams thousands of invoices in keyset batches without losing or repeating one', async () => {
    const bulkBuyer = await makeUser(t, ['buyer'], 'Bulk Buyer');
    const count = 5_200;
    // Many rows share one created_at, so the batches must break ties by id.
    await t.database.db.execute(sql`
      INSERT INTO invoices (id, token, kind, chat_id, buyer_id, buyer_name, seller_user_id, seller_id, seller_slug,
        seller_name, seller_legal_name, subject_id, subject_name, subject_category, quantity, negotiated_price_cents,
        shipping_cents, tax_lines, tax_cents, total_cents, delivery_province, delivery_postal_code, issued_on,
        due_on, expires_at, created_at)
      SELECT gen_random_uuid(), 'bulk_' || md5(g::text || ${bulkBuyer.id}), 'product', gen_random_uuid(),
        ${bulkBuyer.id}, 'Bulk Buyer', ${seller.id}, 1, 's', 'S', 'S Inc.', 1, 'Bolt ' || g, 'Hardware', 1,
        1000 + g, 0, jsonb_build_array(jsonb_build_object('code', 'HST', 'ratePercent', '13', 'amountCents', 130)),
        130, 1130 + g, 'ON', 'K1A 0B1', DATE '2026-06-01' + (g % 30), DATE '2026-07-08', now() + interval '7 days',
        TIMESTAMPTZ '2026-06-01T12:00:00Z' + (g % 7) * interval '1 second'
      FROM generate_series(1, ${count}) AS g`);
    const out = await exportAs(bulkBuyer, '/invoices/export', 'from=2026-06-01&to=2026-06-30');
    expect(out.rows).toHaveLength(count);
    expect(new Set(out.rows.map((row) => row.invoice_id)).size).toBe(count);
    const total = out.rows.reduce((sum, row) => sum + cents(row.invoice_total), 0);
    expect(total).toBe(count * 1130 + (count * (count + 1)) / 2);
  });
});
