import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  computeCanadianTax,
  dateInTimeZone,
  formatDocumentDate,
  type DocumentTimeZone,
  type Invoice,
} from '@maplesource/contracts';
import { seedTestCatalog, createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { rowsOf, withTransaction } from '../../db/transaction';
import { devStorefront } from '../../../test/orders-helpers';
import { singletonJobId } from '../../plugins/jobs';
import { expireInvoiceJob } from '../../modules/invoices';
import { demoLegalNameOf, sellerTaxProfileSeedStep } from '../../modules/sellers';
import { invoiceDateOf } from './issue-invoice';
import { acceptedInvoiceCte } from './accept-invoice.sql';

/**
 * Invoices: the seller issues one from a conversation, both parties read it by token (others 404), the
 * buyer rejects it with a reason, it expires, its PDF carries the input tax credit fields, and the accept door
 * (`acceptedInvoiceCte` of accept-invoice.sql.ts + `acceptanceRefusal`) refuses what it must. Runs on PGlite and on PostgreSQL (races).
 */
let t: TestApp;
let seller: SignedUp;
let otherSeller: SignedUp;
let sellerId: number;
let productId: number;
let serviceId: number;

type Party = SignedUp | null;
const headers = (user: Party, role: 'buyer' | 'seller' = 'buyer', extra: Record<string, string> = {}) => ({
  role,
  ...(user ? { cookie: user.cookie } : {}),
  ...extra,
});
const tomorrow = () => new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);

/** A new buyer sends an inquiry about the seller's product (or service): a new conversation. */
async function newConversation(
  options: { province?: string; postal?: string; kind?: 'product' | 'service' } = {},
) {
  const buyer = await signUp(t.app, { fullName: 'Bea Buyer' });
  const kind = options.kind ?? 'product';
  const res = await t.app.inject({
    method: 'POST',
    url: kind === 'product' ? '/api/v1/quotation' : '/api/v1/service-quotation',
    headers: headers(buyer),
    payload: {
      ...(kind === 'product' ? { productId } : { serviceId }),
      quantity: 12,
      minPrice: 10,
      maxPrice: 20,
      deadline: tomorrow(),
      deliveryProvince: options.province ?? 'ON',
      deliveryPostalCode: options.postal ?? 'M5V 2T6',
      leadDays: 9,
      message: 'Need them soon.',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { buyer, chatId: res.json<{ chatId: string }>().chatId };
}

const issue = (
  user: Party,
  chatId: string,
  payload: object,
  options: { kind?: 'product' | 'service'; key?: string; role?: 'buyer' | 'seller' } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/${options.kind === 'service' ? 'service-chats' : 'chats'}/${chatId}/invoices`,
    headers: headers(user, options.role ?? 'seller', options.key ? { 'idempotency-key': options.key } : {}),
    payload,
  });
type Role = 'buyer' | 'seller';
const details = (user: Party, token: string, prefix = 'invoice', role: Role = 'buyer') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/${prefix}/details?invoiceToken=${encodeURIComponent(token)}`,
    headers: headers(user, role),
  });
const view = (user: Party, token: string, prefix = 'invoice', role: Role = 'buyer') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/${prefix}/view`,
    headers: headers(user, role),
    payload: { invoiceToken: token },
  });
const reject = (user: Party, token: string, reason: unknown, prefix = 'invoice', role: Role = 'buyer') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/${prefix}/reject`,
    headers: headers(user, role),
    payload: { invoiceToken: token, reason },
  });
const pdf = (user: Party, token: string, lang = 'en', prefix = 'invoice', role: Role = 'buyer') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/${prefix}/pdf?invoiceToken=${encodeURIComponent(token)}&lang=${lang}`,
    headers: headers(user, role),
  });
const listInvoices = (user: Party, chatId: string, kind: 'product' | 'service', role: Role = 'buyer') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/${kind === 'service' ? 'service-chats' : 'chats'}/${chatId}/invoices`,
    headers: headers(user, role),
  });

async function issued(chatId: string, payload: object = {}, kind: 'product' | 'service' = 'product') {
  const res = await issue(
    seller,
    chatId,
    { negotiatedPriceCents: 123_456, shippingCents: 5_000, ...payload },
    { kind },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ invoice: Invoice }>().invoice;
}

const setTaxProfile = (user: SignedUp, id: number, profile: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/seller/${id}/tax-profile`,
    headers: headers(user, 'seller'),
    payload: profile,
  });

const actionsIn = async (chatId: string) =>
  rowsOf<{ business_action: string | null; business_payload: Record<string, unknown> | string | null }>(
    await t.database.db.execute(
      sql`SELECT business_action, business_payload FROM chat_messages WHERE chat_id = ${chatId} ORDER BY seq`,
    ),
  );
const notificationsOf = async (userId: string, type: string) =>
  rowsOf<{ id: string }>(
    await t.database.db.execute(
      sql`SELECT id FROM notifications WHERE recipient_id = ${userId} AND type = ${type}`,
    ),
  ).length;
const pdfText = async (body: Buffer) =>
  (await extractText(new Uint8Array(body), { mergePages: true })).text as unknown as string;

beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 40);
  await sellerTaxProfileSeedStep.run({ database: t.database });
  seller = await signUp(t.app, { fullName: 'Sam Seller' });
  otherSeller = await signUp(t.app, { fullName: 'Otto Seller' });
  ({ productId, sellerId } = await devStorefront(t, seller));
  await devStorefront(t, otherSeller);
  const [service] = rowsOf<{ id: string; seller_id: string }>(
    await t.database.db.execute(
      sql`SELECT id, seller_id FROM services WHERE status = 'active' ORDER BY id LIMIT 1`,
    ),
  );
  serviceId = Number(service!.id);
  await t.database.db.execute(
    sql`UPDATE sellers SET owner_user_id = ${seller.id}, claimed = true WHERE id = ${service!.seller_id}`,
  );
  const serviceProfile = await setTaxProfile(seller, Number(service!.seller_id), {
    legalName: 'Service Works Ltd.',
    gstHstNumber: '987654321RT0001',
    qstNumber: null,
    smallSupplier: false,
  });
  expect(serviceProfile.statusCode, serviceProfile.body).toBe(200);
});
afterAll(async () => t?.close());

describe("the seller's company data for invoices", () => {
  it('is seeded with plausible numbers for the demo storefronts', async () => {
    const seeded = rowsOf<{
      name: string;
      legal_name: string;
      gst_hst_number: string;
      qst_number: string | null;
      province: string;
    }>(
      await t.database.db.execute(
        sql`SELECT name, legal_name, gst_hst_number, qst_number, province FROM sellers WHERE owner_user_id IS NULL`,
      ),
    );
    expect(seeded.length).toBeGreaterThan(0);
    for (const row of seeded) {
      // The PostgreSQL rule and the TypeScript one agree, and no legal form is ever doubled.
      expect(row.legal_name).toBe(demoLegalNameOf(row.name));
      expect(row.legal_name).not.toMatch(/\b(Inc\.|Ltd\.|Corp\.|Co\.|Ltée|Limited) Inc\.$/);
      expect(row.gst_hst_number).toMatch(/^\d{9}RT0001$/);
      if (row.province === 'QC') expect(row.qst_number).toMatch(/^\d{10}TQ0001$/);
    }
  });

  it('never doubles a legal form in a seeded legal name', async () => {
    const [demo] = rowsOf<{ legal_name: string }>(
      await t.database.db.execute(sql`SELECT legal_name FROM sellers ORDER BY id LIMIT 1`),
    );
    expect(demo!.legal_name).toBe('MapleSource Demo Fabrication Inc.');
    expect(demoLegalNameOf('MapleSource Demo Fabrication Inc.')).toBe('MapleSource Demo Fabrication Inc.');
    expect(demoLegalNameOf('Northern Steel Ltée')).toBe('Northern Steel Ltée');
    expect(demoLegalNameOf('Prairie Tools ltd')).toBe('Prairie Tools ltd');
    expect(demoLegalNameOf('Laurentian Works Limited')).toBe('Laurentian Works Limited');
    expect(demoLegalNameOf('Atlantic Metal Group')).toBe('Atlantic Metal Group Inc.');
    expect(demoLegalNameOf('Coast Incline Works')).toBe('Coast Incline Works Inc.');
  });

  it('cannot issue an invoice without a GST/HST number or the small-supplier declaration', async () => {
    const { chatId } = await newConversation();
    const res = await issue(seller, chatId, { negotiatedPriceCents: 10_000 });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('INVOICE_SELLER_TAX_NUMBER_REQUIRED');
  });

  it('is set by the storefront owner only, in the CRA formats', async () => {
    const profile = { legalName: 'Sam Seller Manufacturing Inc.', qstNumber: null, smallSupplier: false };
    expect((await setTaxProfile(seller, sellerId, { ...profile, gstHstNumber: '12345' })).statusCode).toBe(
      400,
    );
    const foreign = await setTaxProfile(otherSeller, sellerId, {
      ...profile,
      gstHstNumber: '123456789RT0001',
    });
    expect(foreign.statusCode).toBe(404);
    const res = await setTaxProfile(seller, sellerId, {
      ...profile,
      gstHstNumber: '123456789 RT 0001',
      qstNumber: '1234567890TQ0001',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      gstHstNumber: '123456789RT0001',
      qstNumber: '1234567890TQ0001',
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${sellerId}/tax-profile`,
      headers: headers(otherSeller, 'seller'),
    });
    expect(read.statusCode).toBe(404);
  });
});

describe('issuing an invoice', () => {
  it('computes the tax from the delivery province and date, prefills from the quotation and tells the chat', async () => {
    const { buyer, chatId } = await newConversation({ province: 'NS', postal: 'B3H 1A1' });
    const invoice = await issued(chatId, { paymentTerms: 'Net 30', deliveryTerms: 'FOB Halifax' });
    const expected = computeCanadianTax({
      province: 'NS',
      date: invoiceDateOf(new Date()),
      taxableCents: 128_456,
    });
    expect(invoice.taxLines).toEqual(expected.lines);
    expect(invoice.taxLines).toEqual([{ code: 'HST', ratePercent: '14', amountCents: 17_984 }]);
    expect(invoice).toMatchObject({
      status: 'pending',
      kind: 'product',
      taxCents: 17_984,
      totalCents: 123_456 + 5_000 + 17_984,
      deliveryProvince: 'NS',
      deliveryPostalCode: 'B3H1A1',
      leadDays: 9,
      subject: { id: productId, quantity: 12 },
      buyer: { userId: buyer.id, name: 'Bea Buyer' },
      seller: { legalName: 'Sam Seller Manufacturing Inc.', gstHstNumber: '123456789RT0001' },
      documentLanguage: 'en',
      viewedAt: null,
    });
    expect(invoice.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Default expiry: 7 days (decision 131).
    const days = (new Date(invoice.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const actions = await actionsIn(chatId);
    const sent = actions.find((row) => row.business_action === 'invoice_sent');
    const payload =
      typeof sent?.business_payload === 'string' ? JSON.parse(sent.business_payload) : sent?.business_payload;
    expect(payload).toMatchObject({
      invoiceToken: invoice.token,
      totalCents: invoice.totalCents,
      expiresAt: invoice.expiresAt,
      issuedAt: invoice.createdAt,
    });
    await t.app.events.drain();
    expect(await notificationsOf(buyer.id, 'invoice_sent')).toBe(1);
    // The expiry job waits for expiresAt.
    const [job] = rowsOf<{ start_after: Date | string }>(
      await t.database.db.execute(
        sql`SELECT start_after FROM pgboss.job WHERE id = ${singletonJobId(expireInvoiceJob, invoice.id)}::uuid`,
      ),
    );
    expect(new Date(job!.start_after).toISOString()).toBe(invoice.expiresAt);
  });

  it('is idempotent by Idempotency-Key and keeps one pending invoice per conversation', async () => {
    const { chatId } = await newConversation();
    const payload = { negotiatedPriceCents: 50_000 };
    const first = await issue(seller, chatId, payload, { key: 'issue-key-0001' });
    const again = await issue(seller, chatId, payload, { key: 'issue-key-0001' });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().invoice.id).toBe(first.json().invoice.id);
    const second = await issue(seller, chatId, payload, { key: 'issue-key-0002' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('INVOICE_ALREADY_PENDING');
    const sentCount = (await actionsIn(chatId)).filter(
      (row) => row.business_action === 'invoice_sent',
    ).length;
    expect(sentCount).toBe(1);
  });

  it('of 20 concurrent issues with different keys, exactly one invoice is stored', async () => {
    const { chatId } = await newConversation();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        issue(seller, chatId, { negotiatedPriceCents: 10_000 + index }, { key: `race-key-${index}-x` }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    const [row] = rowsOf<{ n: number | string }>(
      await t.database.db.execute(sql`SELECT count(*) AS n FROM invoices WHERE chat_id = ${chatId}`),
    );
    expect(Number(row!.n)).toBe(1);
  });

  it('refuses bad amounts, NUL bytes, huge numbers and an override without a reason with 400', async () => {
    const { chatId } = await newConversation();
    const bodies: object[] = [
      {},
      { negotiatedPriceCents: 0 },
      { negotiatedPriceCents: 12.5 },
      { negotiatedPriceCents: '100' },
      { negotiatedPriceCents: 2 ** 31 * 1000 },
      { negotiatedPriceCents: Number.MAX_SAFE_INTEGER + 2 },
      { negotiatedPriceCents: 100, shippingCents: -1 },
      { negotiatedPriceCents: 100, notes: 'bad\u0000note' },
      { negotiatedPriceCents: 100, expiresInHours: 0 },
      { negotiatedPriceCents: 100, expiresInHours: 24 * 31 },
      { negotiatedPriceCents: 100, taxOverride: { reason: '', lines: [] } },
      { negotiatedPriceCents: 100, deliveryProvince: 'ZZ' },
    ];
    for (const body of bodies) {
      const res = await issue(seller, chatId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
    const huge = await issue(seller, chatId, {
      negotiatedPriceCents: 100_000_000_000,
      shippingCents: 100_000_000_000,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.code).toBe('INVOICE_AMOUNT_TOO_LARGE');
  });

  it('takes a tax override with its reason (zero-rated supply; decision 241)', async () => {
    const { chatId } = await newConversation();
    const invoice = await issued(chatId, {
      taxOverride: {
        reason: 'zeroRated',
        lines: [{ code: 'HST', ratePercent: '0', amountCents: 0 }],
      },
    });
    expect(invoice).toMatchObject({
      taxCents: 0,
      totalCents: 128_456,
      taxOverrideCode: 'zeroRated',
      taxOverrideReason: null,
    });
  });

  it('for Quebec charges GST and QST and prints the PDF in French first', async () => {
    const { buyer, chatId } = await newConversation({ province: 'QC', postal: 'H2X 1Y4' });
    const invoice = await issued(chatId);
    expect(invoice.taxLines).toEqual([
      { code: 'GST', ratePercent: '5', amountCents: 6_423 },
      { code: 'QST', ratePercent: '9.975', amountCents: 12_813 },
    ]);
    expect(invoice.documentLanguage).toBe('fr');
    const res = await pdf(buyer, invoice.token, 'en');
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text.indexOf('FACTURE')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('FACTURE')).toBeLessThan(text.indexOf('INVOICE'));
    for (const field of [
      'TPS 5 %',
      'TVQ 9,975 %',
      'GST 5 %',
      'QST 9.975 %',
      '1234567890TQ0001',
      '123456789RT0001',
    ])
      expect(text).toContain(field);
    expect(text).toContain('64,23 $');
    expect(text).toContain('$128.13');
  });

  it('works the same in a service conversation', async () => {
    const { buyer, chatId } = await newConversation({ kind: 'service' });
    const invoice = await issued(chatId, {}, 'service');
    expect(invoice.kind).toBe('service');
    expect(invoice.seller.legalName).toBe('Service Works Ltd.');
    expect((await details(buyer, invoice.token, 'service-invoice')).statusCode).toBe(200);
    expect((await details(buyer, invoice.token, 'invoice')).statusCode).toBe(404);
    const servicePdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/service-invoice/pdf?invoiceToken=${invoice.token}`,
      headers: headers(buyer),
    });
    expect(servicePdf.statusCode).toBe(200);
    expect(await pdfText(servicePdf.rawPayload)).toContain('Service Works Ltd.');
    const list = await listInvoices(buyer, chatId, 'service');
    expect(list.json().items).toHaveLength(1);
    expect((await reject(buyer, invoice.token, 'Not this time', 'service-invoice')).statusCode).toBe(200);
  });
});

describe('reading, PDF and who may see an invoice', () => {
  it('answers the buyer and the seller; reading records nothing, the buyer’s first POST view is recorded once', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    const bySeller = await details(seller, invoice.token);
    expect(bySeller.statusCode).toBe(200);
    expect(bySeller.json().invoice.viewedAt).toBeNull();
    const read = await details(buyer, invoice.token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    // Decision 246: a GET (which a cross-site link can make) never records the view, nor does the PDF.
    expect(read.json().invoice.viewedAt).toBeNull();
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/pdf?invoiceToken=${encodeURIComponent(invoice.token)}`,
      headers: headers(buyer),
    });
    expect(pdf.statusCode).toBe(200);
    expect((await details(buyer, invoice.token)).json().invoice.viewedAt).toBeNull();
    // The seller's own view, a stranger's and one without the role header (the CSRF rule) record nothing.
    expect((await view(seller, invoice.token, 'invoice', 'seller')).json().invoice.viewedAt).toBeNull();
    expect((await view(otherSeller, invoice.token)).statusCode).toBe(404);
    const noRole = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoice/view',
      headers: { cookie: buyer!.cookie },
      payload: { invoiceToken: invoice.token },
    });
    expect(noRole.statusCode).toBe(403);
    expect((await view(buyer, invoice.token, 'service-invoice')).statusCode).toBe(404);
    expect((await details(buyer, invoice.token)).json().invoice.viewedAt).toBeNull();
    const first = await view(buyer, invoice.token);
    expect(first.statusCode).toBe(200);
    const viewedAt = first.json().invoice.viewedAt;
    expect(viewedAt).not.toBeNull();
    expect((await view(buyer, invoice.token)).json().invoice.viewedAt).toBe(viewedAt);
    expect((await details(buyer, invoice.token)).json().invoice.viewedAt).toBe(viewedAt);
    expect((await details(seller, invoice.token, 'invoice', 'seller')).json().invoice.viewedAt).toBe(
      viewedAt,
    );
    const list = await listInvoices(seller, chatId, 'product', 'seller');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: Invoice) => item.id)).toEqual([invoice.id]);
  });

  it.each(['product', 'service'] as const)(
    'is a 404 for a second buyer and a foreign seller on every %s invoice route, changes nothing, and 401 for a visitor',
    async (kind) => {
      const prefix = kind === 'service' ? 'service-invoice' : 'invoice';
      const { buyer, chatId } = await newConversation({ kind });
      const invoice = await issued(chatId, {}, kind);
      const stranger = await signUp(t.app, { fullName: 'Nosy Buyer' });
      // The foreign seller is not party to the conversation, whichever role it acts in.
      for (const [user, role] of [
        [stranger, 'buyer'],
        [otherSeller, 'buyer'],
        [otherSeller, 'seller'],
      ] as const) {
        for (const res of [
          await details(user, invoice.token, prefix, role),
          await pdf(user, invoice.token, 'en', prefix, role),
          await reject(user, invoice.token, 'Not mine but let me try', prefix, role),
          await listInvoices(user, chatId, kind, role),
        ])
          expect(res.statusCode, `${role}: ${res.body}`).toBe(404);
      }
      const foreignIssue = await issue(otherSeller, chatId, { negotiatedPriceCents: 100 }, { kind });
      expect(foreignIssue.statusCode).toBe(404);
      // The seller of the invoice cannot reject it either: only its buyer can.
      expect((await reject(seller, invoice.token, 'Seller changed mind', prefix)).statusCode).toBe(404);
      for (const res of [
        await details(null, invoice.token, prefix),
        await pdf(null, invoice.token, 'en', prefix),
        await reject(null, invoice.token, 'Visitor', prefix),
        await issue(null, chatId, { negotiatedPriceCents: 100 }, { kind }),
      ])
        expect(res.statusCode).toBe(401);
      // Nothing the strangers did changed it: still pending, unseen, alone in its conversation.
      const [stored] = rowsOf<{ status: string; viewed_at: unknown; rejection_reason: string | null }>(
        await t.database.db.execute(
          sql`SELECT status, viewed_at, rejection_reason FROM invoices WHERE id = ${invoice.id}`,
        ),
      );
      expect(stored).toEqual({ status: 'pending', viewed_at: null, rejection_reason: null });
      expect((await listInvoices(buyer, chatId, kind)).json().items).toHaveLength(1);
      expect(
        (await actionsIn(chatId)).filter((row) => row.business_action === 'invoice_rejected'),
      ).toHaveLength(0);
      // Malformed tokens are refused before any lookup.
      expect((await details(stranger, 'x', prefix)).statusCode).toBe(400);
      expect((await details(stranger, `${'a'.repeat(30)}%00`, prefix)).statusCode).toBe(400);
    },
  );

  it('prints the PDF on Letter unless A4 is asked, and refuses another paper size with 400', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    const pageSize = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/invoice/pdf?invoiceToken=${encodeURIComponent(invoice.token)}${query}`,
        headers: headers(buyer),
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const page = await (await getDocumentProxy(new Uint8Array(res.rawPayload))).getPage(1);
      return (page.view as number[]).slice(2).map(Math.round);
    };
    expect(await pageSize('')).toEqual([612, 792]);
    expect(await pageSize('&paper=letter')).toEqual([612, 792]);
    expect(await pageSize('&paper=a4')).toEqual([595, 842]);
    const legal = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/pdf?invoiceToken=${encodeURIComponent(invoice.token)}&paper=legal`,
      headers: headers(buyer),
    });
    expect(legal.statusCode).toBe(400);
    expect(legal.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('serves the PDF as a private attachment with the input tax credit fields', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId, { paymentTerms: 'Net 30 days' });
    const res = await pdf(buyer, invoice.token, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoice-[0-9a-f-]+\.pdf"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    // ITC: supplier, registration number, date, total; ≥ $100 each tax; ≥ $500 buyer, description, payment terms.
    for (const field of [
      'Sam Seller Manufacturing Inc.',
      '123456789RT0001',
      formatDocumentDate(invoice.issuedOn, 'en', invoice.timeZone, 'long'),
      '$1,451.55',
      'HST 13 %',
      '$166.99',
      'Bea Buyer',
      invoice.subject.name,
      'Net 30 days',
    ])
      expect(text).toContain(field);
    expect(text).not.toContain('FACTURE');
    // Its number is the short reference every screen shows (decision 213), not the full id.
    expect(text).toContain(`#${invoice.id.slice(0, 8).toUpperCase()}`);
    expect(text).not.toContain(invoice.id);
    const french = await pdfText((await pdf(buyer, invoice.token, 'fr')).rawPayload);
    expect(french).toContain('FACTURE');
    expect(french).toContain('1 451,55 $');
    // Without `lang`, the viewer's browser language decides: French for a browser preferring French.
    const inBrowserLanguage = async (acceptLanguage: string) =>
      pdfText(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/invoice/pdf?invoiceToken=${encodeURIComponent(invoice.token)}`,
            headers: { ...headers(buyer, 'buyer'), 'accept-language': acceptLanguage },
          })
        ).rawPayload,
      );
    expect(await inBrowserLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toContain('FACTURE');
    expect(await inBrowserLanguage('en-CA,en;q=0.9,fr;q=0.8')).not.toContain('FACTURE');
  });
});

describe('one date rule, units and postal codes on the invoice (decision 248)', () => {
  beforeAll(async () => {
    // Registered for GST/HST (and QST), as the tests above leave it, so this block also runs alone.
    const res = await setTaxProfile(seller, sellerId, {
      legalName: 'Sam Seller Manufacturing Inc.',
      gstHstNumber: '123456789RT0001',
      qstNumber: '1234567890TQ0001',
      smallSupplier: false,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  const setSellerProvince = async (province: string) => {
    const [row] = rowsOf<{ seller_id: number }>(
      await t.database.db.execute(sql`SELECT seller_id FROM products WHERE id = ${productId}`),
    );
    await t.database.db.execute(sql`UPDATE sellers SET province = ${province} WHERE id = ${row!.seller_id}`);
    await t.database.db.execute(
      sql`UPDATE catalog_seller_cards SET province = ${province} WHERE seller_id = ${row!.seller_id}`,
    );
  };
  const issuedIn = async (zone: DocumentTimeZone) => {
    const before = dateInTimeZone(new Date(), zone);
    const { buyer, chatId } = await newConversation({ postal: 'm5v2t6' });
    const invoice = await issued(chatId);
    expect(invoice.timeZone).toBe(zone);
    expect([before, dateInTimeZone(new Date(), zone)]).toContain(invoice.issuedOn);
    return { buyer, invoice };
  };

  it('dates an Ontario seller’s invoice in Eastern time and names the zone in the PDF, in both languages', async () => {
    const { buyer, invoice } = await issuedIn('America/Toronto');
    const english = await pdfText((await pdf(buyer, invoice.token, 'en')).rawPayload);
    expect(english).toContain(
      `Invoice date: ${formatDocumentDate(invoice.issuedOn, 'en', invoice.timeZone, 'long')}`,
    );
    expect(english).toMatch(/Invoice date: [A-Z][a-z]+ \d{1,2}, \d{4} \(ET\)/);
    expect(english).toMatch(/Expires: .+ ET/);
    // The catalogue's unit names, pluralised (the table's quantity cell, before the unit price), and the postal code
    // as Canada Post writes it.
    expect(english).toMatch(/\n12 units \$[\d,]+\.\d\d /);
    expect(english).toContain('M5V 2T6');
    expect(english).not.toContain('M5V2T6');
    const french = await pdfText((await pdf(buyer, invoice.token, 'fr')).rawPayload);
    expect(french).toMatch(/Date de la facture ?: \d{1,2} [a-zéû]+ \d{4} \(HE\)/);
    expect(french).toMatch(/\n12 unités [\d ]+,\d\d \$ /);
    expect(french).toContain('M5V 2T6');
  });

  it('dates a Nova Scotia seller’s invoice in Atlantic time', async () => {
    await setSellerProvince('NS');
    try {
      const { buyer, invoice } = await issuedIn('America/Halifax');
      const english = await pdfText((await pdf(buyer, invoice.token, 'en')).rawPayload);
      expect(english).toMatch(/Invoice date: .+ \(AT\)/);
      expect(english).toMatch(/Expires: .+ AT/);
      const stored = (await details(buyer, invoice.token)).json<{ invoice: Invoice }>().invoice;
      expect(stored.timeZone).toBe('America/Halifax');
    } finally {
      await setSellerProvince('ON');
    }
  });

  it('the invoice date is the calendar date in the document’s zone', () => {
    // 23:30 in Toronto is already the next day in Halifax.
    const instant = new Date('2026-11-28T04:30:00Z');
    expect(invoiceDateOf(instant)).toBe('2026-11-27');
    expect(invoiceDateOf(instant, 'America/Toronto')).toBe('2026-11-27');
    expect(invoiceDateOf(instant, 'America/Halifax')).toBe('2026-11-28');
    expect(invoiceDateOf(instant, 'America/Vancouver')).toBe('2026-11-27');
  });
});

describe("the invoice's category in the reader's language (decision 212)", () => {
  const categoryOf = async (productId: number) =>
    rowsOf<{ name_en: string; name_fr: string }>(
      await t.database.db.execute(
        sql`SELECT c.name_en, c.name_fr FROM products p JOIN categories c ON c.id = p.category_id
            WHERE p.id = ${productId}`,
      ),
    )[0]!;

  it('stores both names when issued; the French PDF prints the French one', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    const category = await categoryOf(invoice.subject.id);
    expect(category.name_fr).not.toBe(category.name_en);
    expect(invoice.subject).toMatchObject({ category: category.name_en, categoryFr: category.name_fr });
    const english = await pdfText((await pdf(buyer, invoice.token, 'en')).rawPayload);
    expect(english).toContain(`Category: ${category.name_en}`);
    const french = await pdfText((await pdf(buyer, invoice.token, 'fr')).rawPayload);
    expect(french).toContain(category.name_fr);
    expect(french).not.toContain(`: ${category.name_en}`);
  });

  it("migration 0680 gives older invoices the French name only where the catalogue's is unambiguous", async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0680_invoices_category_in_both_languages.sql', import.meta.url),
      'utf8',
    );
    const backfill = sql.raw(migration.slice(migration.indexOf('UPDATE invoices')));
    const { chatId } = await newConversation();
    const first = await issued(chatId);
    const category = await categoryOf(first.subject.id);
    const forget = (id: string) =>
      t.database.db.execute(sql`UPDATE invoices SET subject_category_fr = NULL WHERE id = ${id}`);
    const stored = async (id: string) =>
      rowsOf<{ fr: string | null }>(
        await t.database.db.execute(sql`SELECT subject_category_fr AS fr FROM invoices WHERE id = ${id}`),
      )[0]!.fr;
    await forget(first.id);
    await t.database.db.execute(backfill);
    expect(await stored(first.id)).toBe(category.name_fr);

    // A second category with the same English name: which French name is meant cannot be told, none is given.
    await withTransaction(t.database.db, async (tx) => {
      await tx.execute(sql`
        INSERT INTO categories (kind, slug, name_en, name_fr)
        VALUES ('product', ${`same-name-${first.id}`}, ${category.name_en}, 'Autre nom')`);
      await tx.execute(sql`UPDATE invoices SET subject_category_fr = NULL WHERE id = ${first.id}`);
      await tx.execute(backfill);
      expect(
        rowsOf<{ fr: string | null }>(
          await tx.execute(sql`SELECT subject_category_fr AS fr FROM invoices WHERE id = ${first.id}`),
        )[0]!.fr,
      ).toBeNull();
      throw new Error('rolled back');
    }).catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'rolled back') throw error;
    });
  });
});

describe("the invoice's product or service name in the reader's language (decision 232)", () => {
  const namesOf = async (kind: 'product' | 'service', id: number) =>
    rowsOf<{ name_en: string; name_fr: string }>(
      await t.database.db.execute(
        kind === 'product'
          ? sql`SELECT name_en, name_fr FROM products WHERE id = ${id}`
          : sql`SELECT name_en, name_fr FROM services WHERE id = ${id}`,
      ),
    )[0]!;
  const storedNames = async (id: string) =>
    rowsOf<{ name: string; fr: string | null }>(
      await t.database.db.execute(
        sql`SELECT subject_name AS name, subject_name_fr AS fr FROM invoices WHERE id = ${id}`,
      ),
    )[0]!;

  it('stores both names when issued and the details answer both; the French PDF prints the French one', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    const names = await namesOf('product', invoice.subject.id);
    expect(names.name_fr).not.toBe(names.name_en);
    expect(invoice.subject).toMatchObject({ name: names.name_en, nameFr: names.name_fr });
    expect(await storedNames(invoice.id)).toEqual({ name: names.name_en, fr: names.name_fr });
    const read = await details(buyer, invoice.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ invoice: Invoice }>().invoice.subject).toMatchObject({
      name: names.name_en,
      nameFr: names.name_fr,
    });

    const english = await pdfText((await pdf(buyer, invoice.token, 'en')).rawPayload);
    expect(english).toContain(names.name_en);
    expect(english).not.toContain(names.name_fr);
    const french = await pdfText((await pdf(buyer, invoice.token, 'fr')).rawPayload);
    expect(french).toContain(names.name_fr);
    expect(french).not.toContain(names.name_en);
  });

  it('prints each language of a Quebec PDF with its own name, and does the same for a service', async () => {
    const quebec = await newConversation({ province: 'QC', postal: 'H2X 1Y4' });
    const invoice = await issued(quebec.chatId);
    const names = await namesOf('product', invoice.subject.id);
    const both = await pdfText((await pdf(quebec.buyer, invoice.token, 'en')).rawPayload);
    // French first, then English (decision 152): the French part names the product in French.
    expect(both.indexOf(names.name_fr)).toBeGreaterThanOrEqual(0);
    expect(both.indexOf(names.name_fr)).toBeLessThan(both.indexOf('INVOICE'));
    expect(both.indexOf(names.name_en)).toBeGreaterThan(both.indexOf('INVOICE'));

    const { buyer, chatId } = await newConversation({ kind: 'service' });
    const service = await issued(chatId, {}, 'service');
    const serviceNames = await namesOf('service', service.subject.id);
    expect(serviceNames.name_fr).not.toBe(serviceNames.name_en);
    const read = await details(buyer, service.token, 'service-invoice');
    expect(read.json<{ invoice: Invoice }>().invoice.subject).toMatchObject({
      name: serviceNames.name_en,
      nameFr: serviceNames.name_fr,
    });
    const servicePdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/service-invoice/pdf?invoiceToken=${service.token}&lang=fr`,
      headers: headers(buyer),
    });
    expect(await pdfText(servicePdf.rawPayload)).toContain(serviceNames.name_fr);
  });

  it('shows the English name it was issued with when the invoice has no French name', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    await t.database.db.execute(sql`UPDATE invoices SET subject_name_fr = NULL WHERE id = ${invoice.id}`);
    const read = await details(buyer, invoice.token);
    expect(read.json<{ invoice: Invoice }>().invoice.subject.nameFr).toBeNull();
    const french = await pdfText((await pdf(buyer, invoice.token, 'fr')).rawPayload);
    expect(french).toContain(invoice.subject.name);
  });
});

describe('rejecting an invoice', () => {
  it('needs a reason of 3 to 1000 characters', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    for (const reason of [undefined, '', '  no ', 'x'.repeat(1001), 'bad\u0000reason', 42]) {
      const res = await reject(buyer, invoice.token, reason);
      expect(res.statusCode, String(reason)).toBe(400);
    }
  });

  it('records the reason, tells the chat and the seller, and is not done twice', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    const res = await reject(buyer, invoice.token, '  Shipping is too expensive  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Shipping is too expensive',
    });
    const again = await reject(buyer, invoice.token, 'Again please');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVOICE_NOT_PENDING');
    const rejected = (await actionsIn(chatId)).filter((row) => row.business_action === 'invoice_rejected');
    expect(rejected).toHaveLength(1);
    await t.app.events.drain();
    expect(await notificationsOf(seller.id, 'invoice_rejected')).toBeGreaterThanOrEqual(1);
    // A new invoice can follow a rejected one.
    expect((await issue(seller, chatId, { negotiatedPriceCents: 100_000 })).statusCode).toBe(201);
  });

  it('of 50 concurrent rejections, exactly one changes the invoice', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => reject(buyer, invoice.token, `Reason number ${index}`)),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(
      (await actionsIn(chatId)).filter((row) => row.business_action === 'invoice_rejected'),
    ).toHaveLength(1);
  });
});

describe('expiry', () => {
  const pushPast = (invoiceId: string) =>
    t.database.db.execute(
      sql`UPDATE invoices SET expires_at = now() - interval '1 minute' WHERE id = ${invoiceId}`,
    );

  it('shows expired as soon as the time passed, refuses rejection, and tells both parties once', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    await pushPast(invoice.id);
    expect((await details(buyer, invoice.token)).json().invoice.status).toBe('expired');
    const res = await reject(buyer, invoice.token, 'Too late now');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INVOICE_EXPIRED');

    const expired = await withTransaction(t.app.db, (tx) =>
      t.app.invoices.expireDue(tx, { now: new Date() }),
    );
    expect(expired.map((item) => item.id)).toContain(invoice.id);
    const twice = await withTransaction(t.app.db, (tx) => t.app.invoices.expireDue(tx, { now: new Date() }));
    expect(twice.map((item) => item.id)).not.toContain(invoice.id);
    await t.app.events.drain();
    expect(await notificationsOf(buyer.id, 'invoice_expired')).toBe(1);
    expect(await notificationsOf(seller.id, 'invoice_expired')).toBeGreaterThanOrEqual(1);
    // Said once in the conversation (decision 167), from the seller's side, with the invoice's card data; the
    // conversation is back to negotiating, as after a rejection.
    const said = (await actionsIn(chatId)).filter((row) => row.business_action === 'invoice_expired');
    expect(said).toHaveLength(1);
    const payload =
      typeof said[0]!.business_payload === 'string'
        ? JSON.parse(said[0]!.business_payload)
        : said[0]!.business_payload;
    expect(payload).toMatchObject({ invoiceId: invoice.id, invoiceToken: invoice.token, kind: 'product' });
    expect(typeof payload.totalCents).toBe('number');
    const [chat] = rowsOf<{ phase: string }>(
      await t.database.db.execute(sql`SELECT phase FROM chats WHERE id = ${chatId}`),
    );
    expect(chat!.phase).toBe('negotiation');
  });

  it('told after a newer invoice was sent, leaves the conversation invoiced', async () => {
    const { chatId } = await newConversation();
    const invoice = await issued(chatId);
    await pushPast(invoice.id);
    // Issuing the next invoice expires the old one in its transaction; its chat message comes after.
    const next = await issue(seller, chatId, { negotiatedPriceCents: 98_00 });
    expect(next.statusCode, next.body).toBe(201);
    await t.app.events.drain();
    const rows = await actionsIn(chatId);
    const actions = rows.map((row) => row.business_action).filter(Boolean);
    expect(actions.filter((action) => action === 'invoice_expired')).toHaveLength(1);
    // Each invoice action carries its invoice's own creation time, so the chat can tell the newest invoice
    // whatever order the actions arrive in (decision 194): the late expiry's invoice is the older one.
    const payloadOf = (action: string) => {
      const row = rows.filter((item) => item.business_action === action).at(-1)!;
      return (
        typeof row.business_payload === 'string' ? JSON.parse(row.business_payload) : row.business_payload
      ) as { invoiceId: string; issuedAt: string };
    };
    const newer = next.json<{ invoice: { id: string; createdAt: string } }>().invoice;
    expect(payloadOf('invoice_expired')).toMatchObject({
      invoiceId: invoice.id,
      issuedAt: invoice.createdAt,
    });
    expect(payloadOf('invoice_sent')).toMatchObject({ invoiceId: newer.id, issuedAt: newer.createdAt });
    expect(Date.parse(newer.createdAt)).toBeGreaterThan(Date.parse(invoice.createdAt));
    const [chat] = rowsOf<{ phase: string }>(
      await t.database.db.execute(sql`SELECT phase FROM chats WHERE id = ${chatId}`),
    );
    expect(chat!.phase).toBe('invoiced');
  });

  it('is marked expired by the queued expiry job', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    await pushPast(invoice.id);
    await t.app.jobs.send(expireInvoiceJob, { invoiceId: invoice.id });
    await expect
      .poll(
        async () =>
          rowsOf<{ status: string }>(
            await t.database.db.execute(sql`SELECT status FROM invoices WHERE id = ${invoice.id}`),
          )[0]!.status,
      )
      .toBe('expired');
    await t.app.events.drain();
    await expect.poll(() => notificationsOf(buyer.id, 'invoice_expired')).toBe(1);
  });

  it('lets the seller issue a new invoice once the pending one is past its time', async () => {
    const { chatId } = await newConversation();
    const invoice = await issued(chatId);
    await pushPast(invoice.id);
    const next = await issue(seller, chatId, { negotiatedPriceCents: 99_00 });
    expect(next.statusCode, next.body).toBe(201);
    const [row] = rowsOf<{ status: string }>(
      await t.database.db.execute(sql`SELECT status FROM invoices WHERE id = ${invoice.id}`),
    );
    expect(row!.status).toBe('expired');
  });
});

describe('the accept door for the accept-invoice workflow', () => {
  const signature =
    '<svg viewBox="0 0 300 100"><path d="M10 10 L 50 60 C 60 70 80 20 90 40" stroke="#123" stroke-width="2"/></svg>';
  type AcceptancePart = ReturnType<typeof acceptedInvoiceCte>;
  /** Runs the invoices part of the accept statement alone: the accepted invoice's id, or null. */
  const run = async (part: AcceptancePart) =>
    rowsOf<{ id: string | null }>(
      await t.app.db.execute(sql`WITH ${part.cte} SELECT ${part.column('id')}::text AS id`),
    )[0]!.id;
  const acceptanceInput = (
    invoice: Invoice,
    buyerUserId: string,
    overrides: { kind?: 'product' | 'service'; at?: Date; orderId?: string } = {},
  ) => ({
    token: invoice.token,
    kind: overrides.kind ?? ('product' as const),
    buyerUserId,
    orderId: overrides.orderId ?? 'order-2',
    signerName: 'Bea Buyer',
    signatureSvg: signature,
    termsVersion: '2026-11-23',
    termsLanguage: 'en' as const,
    termsText: 'Terms',
    ip: '203.0.113.7',
    userAgent: null,
    at: overrides.at ?? new Date(),
  });
  /** The invoices module's part with one accept's values (each slot a parameter of that value). */
  const statementFor = (input: Parameters<TestApp['app']['invoices']['acceptanceValues']>[0]) => {
    const values = t.app.invoices.acceptanceValues(input);
    return acceptedInvoiceCte((name) => sql`${values[name]}`);
  };
  const refusal = (
    invoice: Invoice,
    buyerUserId: string,
    now = new Date(),
    kind: 'product' | 'service' = 'product',
  ) => t.app.invoices.acceptanceRefusal(t.app.db, { token: invoice.token, kind, buyerUserId, now });

  it('accepts a pending invoice for its buyer only, once, with one acceptance record', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    const stranger = await signUp(t.app, { fullName: 'Other Buyer' });
    expect(await run(statementFor(acceptanceInput(invoice, stranger.id)))).toBeNull();
    await expect(refusal(invoice, stranger.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'INVOICE_NOT_FOUND',
    });
    expect(await run(statementFor(acceptanceInput(invoice, buyer.id, { kind: 'service' })))).toBeNull();
    await expect(refusal(invoice, buyer.id, new Date(), 'service')).rejects.toMatchObject({
      statusCode: 404,
    });

    const accepted = await run(
      statementFor({
        ...acceptanceInput(invoice, buyer.id, { orderId: 'order-1' }),
        signerName: ' Bea Buyer ',
        termsText: 'Terms text',
        userAgent: 'vitest',
      }),
    );
    expect(accepted).toBe(invoice.id);
    // Again: nothing matches, and the refusal answers the order already made.
    expect(await run(statementFor(acceptanceInput(invoice, buyer.id)))).toBeNull();
    expect(await refusal(invoice, buyer.id)).toEqual({ orderId: 'order-1' });
    const acceptance = await t.app.invoices.acceptanceOf(t.app.db, invoice.id);
    expect(acceptance).toMatchObject({
      orderId: 'order-1',
      signerName: 'Bea Buyer',
      termsText: 'Terms text',
      ip: '203.0.113.7',
      userAgent: 'vitest',
    });
    expect(acceptance!.signatureSvg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><path d="M10 10 L 50 60 C 60 70 80 20 90 40" stroke="#123" stroke-width="2" fill="none"/></svg>',
    );
    // An accepted invoice can no longer be rejected.
    expect((await reject(buyer, invoice.token, 'Changed my mind')).json().error.code).toBe(
      'INVOICE_NOT_PENDING',
    );
  });

  it('refuses expired and rejected invoices and signatures that are not paths', async () => {
    const { buyer, chatId } = await newConversation();
    const invoice = await issued(chatId);
    for (const svg of [
      '<svg><script>alert(1)</script><path d="M0 0 L1 1"/></svg>',
      '<svg><path d="M0 0" onload="x()"/><image href="x"/></svg>',
      '<svg><path d="javascript:alert(1)"/></svg>',
      'not an svg',
      `<svg>${'<path d="M0 0 L1 1"/>'.repeat(4000)}</svg>`,
    ])
      expect(() =>
        t.app.invoices.acceptanceValues({ ...acceptanceInput(invoice, buyer.id), signatureSvg: svg }),
      ).toThrow(expect.objectContaining({ statusCode: 400, code: 'INVOICE_SIGNATURE_INVALID' }));
    expect(() =>
      t.app.invoices.acceptanceValues({ ...acceptanceInput(invoice, buyer.id), signerName: ' B ' }),
    ).toThrow(expect.objectContaining({ statusCode: 400, code: 'INVOICE_SIGNATURE_INVALID' }));
    const later = new Date(new Date(invoice.expiresAt).getTime() + 1000);
    expect(await run(statementFor(acceptanceInput(invoice, buyer.id, { at: later })))).toBeNull();
    await expect(refusal(invoice, buyer.id, later)).rejects.toMatchObject({
      statusCode: 409,
      code: 'INVOICE_EXPIRED',
    });
    expect((await reject(buyer, invoice.token, 'No thanks')).statusCode).toBe(200);
    expect(await run(statementFor(acceptanceInput(invoice, buyer.id)))).toBeNull();
    await expect(refusal(invoice, buyer.id)).rejects.toMatchObject({
      statusCode: 409,
      code: 'INVOICE_NOT_PENDING',
    });
    expect(await t.app.invoices.acceptanceOf(t.app.db, invoice.id)).toBeNull();
  });
});
