import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { taxAmountCents, type Invoice } from '@maplesource/contracts';
import { seedTestCatalog, createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';
import { devStorefront } from '../../../test/orders-helpers';

/**
 * The seller's tax override (decision 241): only what the law lets differ may differ — the delivery province's
 * taxes on the invoice date, each at the table's rate or 0 %, each amount its rate × the taxable base to the cent,
 * and a rate that differs needs a reason from the fixed list (the exemption certificate with its number). Each
 * refusal is a 400 with its code that stores nothing; each allowed override is stored and printed on the invoice
 * API and its PDF in both languages. Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
let seller: SignedUp;
let productId: number;
let serviceId: number;

const headers = (user: SignedUp, role: 'buyer' | 'seller', extra: Record<string, string> = {}) => ({
  role,
  cookie: user.cookie,
  ...extra,
});
const tomorrow = () => new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);

async function newConversation(province = 'ON', kind: 'product' | 'service' = 'product') {
  const buyer = await signUp(t.app, { fullName: 'Bea Buyer' });
  const res = await t.app.inject({
    method: 'POST',
    url: kind === 'product' ? '/api/v1/quotation' : '/api/v1/service-quotation',
    headers: headers(buyer, 'buyer'),
    payload: {
      ...(kind === 'product' ? { productId } : { serviceId }),
      quantity: 3,
      minPrice: 10,
      maxPrice: 200,
      deadline: tomorrow(),
      deliveryProvince: province,
      deliveryPostalCode: province === 'QC' ? 'H2X 1Y4' : province === 'BC' ? 'V6B 1A1' : 'M5V 2T6',
      leadDays: 5,
      message: 'Please quote.',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { buyer, chatId: res.json<{ chatId: string }>().chatId };
}

const issue = (chatId: string, payload: object, kind: 'product' | 'service' = 'product') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/${kind === 'service' ? 'service-chats' : 'chats'}/${chatId}/invoices`,
    headers: headers(seller, 'seller'),
    payload,
  });

const pdfText = async (buyer: SignedUp, token: string, lang: 'en' | 'fr') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/invoice/pdf?invoiceToken=${encodeURIComponent(token)}&lang=${lang}`,
    headers: headers(buyer, 'buyer'),
  });
  expect(res.statusCode).toBe(200);
  return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text as unknown as string;
};

const storedFor = async (chatId: string) => {
  const invoices = rowsOf<{ n: number | string }>(
    await t.database.db.execute(sql`SELECT count(*) AS n FROM invoices WHERE chat_id = ${chatId}`),
  );
  const sent = rowsOf<{ n: number | string }>(
    await t.database.db.execute(
      sql`SELECT count(*) AS n FROM chat_messages WHERE chat_id = ${chatId} AND business_action = 'invoice_sent'`,
    ),
  );
  return Number(invoices[0]!.n) + Number(sent[0]!.n);
};

const setTaxProfile = async (sellerId: number, profile: object) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/seller/${sellerId}/tax-profile`,
    headers: headers(seller, 'seller'),
    payload: profile,
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 10);
  seller = await signUp(t.app, { fullName: 'Sam Seller' });
  const made = await devStorefront(t, seller);
  productId = made.productId;
  await setTaxProfile(made.sellerId, {
    legalName: 'Sam Seller Manufacturing Inc.',
    gstHstNumber: '123456789RT0001',
    qstNumber: '1234567890TQ0001',
    smallSupplier: false,
  });
  // A second storefront of the same seller, registered for GST/HST but not for QST.
  const [service] = rowsOf<{ id: string; seller_id: string }>(
    await t.database.db.execute(
      sql`SELECT id, seller_id FROM services WHERE status = 'active' ORDER BY id LIMIT 1`,
    ),
  );
  serviceId = Number(service!.id);
  await t.database.db.execute(
    sql`UPDATE sellers SET owner_user_id = ${seller.id}, claimed = true WHERE id = ${service!.seller_id}`,
  );
  await setTaxProfile(Number(service!.seller_id), {
    legalName: 'Service Works Ltd.',
    gstHstNumber: '987654321RT0001',
    qstNumber: null,
    smallSupplier: false,
  });
});
afterAll(async () => t?.close());

/** $100.00 on the invoice, no shipping: HST 13 % in Ontario is $13.00. */
const price = { negotiatedPriceCents: 10_000, shippingCents: 0 };

describe('a tax override the law does not allow', () => {
  const refused: [string, object, string][] = [
    [
      'QST on an Ontario delivery',
      { reason: null, lines: [{ code: 'QST', ratePercent: '9.975', amountCents: 998 }] },
      'INVOICE_TAX_CODE_NOT_IN_PROVINCE',
    ],
    [
      'GST and QST instead of HST in Ontario, with a reason',
      {
        reason: 'zeroRated',
        lines: [
          { code: 'GST', ratePercent: '0', amountCents: 0 },
          { code: 'QST', ratePercent: '0', amountCents: 0 },
        ],
      },
      'INVOICE_TAX_CODE_NOT_IN_PROVINCE',
    ],
    [
      'HST twice',
      {
        reason: null,
        lines: [
          { code: 'HST', ratePercent: '13', amountCents: 1_300 },
          { code: 'HST', ratePercent: '13', amountCents: 1_300 },
        ],
      },
      'INVOICE_TAX_CODE_NOT_IN_PROVINCE',
    ],
    [
      'HST 13 % printed with $0.00',
      { reason: null, lines: [{ code: 'HST', ratePercent: '13', amountCents: 0 }] },
      'INVOICE_TAX_AMOUNT_MISMATCH',
    ],
    [
      'HST 13 % a cent off',
      { reason: null, lines: [{ code: 'HST', ratePercent: '13', amountCents: 1_301 }] },
      'INVOICE_TAX_AMOUNT_MISMATCH',
    ],
    [
      'HST 0 % with an amount',
      { reason: 'zeroRated', lines: [{ code: 'HST', ratePercent: '0', amountCents: 1_300 }] },
      'INVOICE_TAX_AMOUNT_MISMATCH',
    ],
    [
      'HST 99.999 % for $99,999.99 on a $100 sale',
      { reason: 'zeroRated', lines: [{ code: 'HST', ratePercent: '99.999', amountCents: 9_999_999 }] },
      'INVOICE_TAX_RATE_NOT_ALLOWED',
    ],
    [
      'HST 99.999 % at its exact amount',
      { reason: 'zeroRated', lines: [{ code: 'HST', ratePercent: '99.999', amountCents: 10_000 }] },
      'INVOICE_TAX_RATE_NOT_ALLOWED',
    ],
    [
      'HST 5 % (a different rate)',
      {
        reason: 'exemptionCertificate',
        certificateNumber: 'ABC-1',
        lines: [{ code: 'HST', ratePercent: '5', amountCents: 500 }],
      },
      'INVOICE_TAX_RATE_NOT_ALLOWED',
    ],
    [
      'HST 0 % without a reason',
      { reason: null, lines: [{ code: 'HST', ratePercent: '0', amountCents: 0 }] },
      'INVOICE_TAX_OVERRIDE_REASON_REQUIRED',
    ],
    ['no tax at all without a reason', { lines: [] }, 'INVOICE_TAX_OVERRIDE_REASON_REQUIRED'],
    [
      'a certificate reason without its number',
      { reason: 'exemptionCertificate', lines: [{ code: 'HST', ratePercent: '0', amountCents: 0 }] },
      'INVOICE_TAX_CERTIFICATE_REQUIRED',
    ],
    [
      'a certificate reason with a blank number',
      {
        reason: 'exemptionCertificate',
        certificateNumber: '   ',
        lines: [{ code: 'HST', ratePercent: '0', amountCents: 0 }],
      },
      'INVOICE_TAX_CERTIFICATE_REQUIRED',
    ],
    [
      'a certificate number with another reason',
      {
        reason: 'export',
        certificateNumber: 'X-1',
        lines: [{ code: 'HST', ratePercent: '0', amountCents: 0 }],
      },
      'INVOICE_TAX_CERTIFICATE_UNEXPECTED',
    ],
    [
      "a reason for the table's own tax",
      { reason: 'exempt', lines: [{ code: 'HST', ratePercent: '13', amountCents: 1_300 }] },
      'INVOICE_TAX_OVERRIDE_UNCHANGED',
    ],
  ];

  it.each(refused)(
    'refuses %s with 400 and its code, and stores nothing',
    async (_name, taxOverride, code) => {
      const { chatId } = await newConversation('ON');
      const res = await issue(chatId, { ...price, taxOverride });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe(code);
      expect(Object.values(res.json().error.fields ?? {})).toContain(`errors:${code}`);
      expect(await storedFor(chatId)).toBe(0);
      // The conversation is not blocked: the table's tax is issued right after.
      const fine = await issue(chatId, price);
      expect(fine.statusCode, fine.body).toBe(201);
      expect(fine.json<{ invoice: Invoice }>().invoice.taxCents).toBe(1_300);
    },
  );

  it('refuses a free-text reason, an unknown reason and a malformed certificate number as invalid fields', async () => {
    const { chatId } = await newConversation('ON');
    const zero = [{ code: 'HST', ratePercent: '0', amountCents: 0 }];
    for (const taxOverride of [
      { reason: 'Zero-rated export', lines: zero },
      { reason: 'charity', lines: zero },
      { reason: 'exemptionCertificate', certificateNumber: 'bad\u0000number', lines: zero },
      { reason: 'exemptionCertificate', certificateNumber: 'X'.repeat(41), lines: zero },
      { reason: 'zeroRated', lines: [{ code: 'VAT', ratePercent: '0', amountCents: 0 }] },
    ]) {
      const res = await issue(chatId, { ...price, taxOverride });
      expect(res.statusCode, JSON.stringify(taxOverride)).toBe(400);
      // A NUL byte is refused by the input guard before validation (INVALID_CHARACTERS).
      expect(['VALIDATION_FAILED', 'INVALID_CHARACTERS']).toContain(res.json().error.code);
    }
    expect(await storedFor(chatId)).toBe(0);
  });

  it('needs every tax of a Quebec delivery, and refuses the rates of another date', async () => {
    const { chatId } = await newConversation('QC');
    const onlyGst = await issue(chatId, {
      ...price,
      taxOverride: { reason: null, lines: [{ code: 'GST', ratePercent: '5', amountCents: 500 }] },
    });
    expect(onlyGst.statusCode).toBe(400);
    expect(onlyGst.json().error.code).toBe('INVOICE_TAX_CODE_NOT_IN_PROVINCE');
    // Nova Scotia's HST was 15 % before 2025-04-01: an invoice dated today is at 14 %.
    const novaScotia = await issue(chatId, {
      ...price,
      deliveryProvince: 'NS',
      taxOverride: { reason: null, lines: [{ code: 'HST', ratePercent: '15', amountCents: 1_500 }] },
    });
    expect(novaScotia.statusCode).toBe(400);
    expect(novaScotia.json().error.code).toBe('INVOICE_TAX_RATE_NOT_ALLOWED');
    expect(await storedFor(chatId)).toBe(0);
  });

  it('does not let a seller without a QST number charge QST through an override', async () => {
    const { chatId } = await newConversation('QC', 'service');
    const base = 10_000;
    const res = await issue(
      chatId,
      {
        ...price,
        taxOverride: {
          reason: null,
          lines: [
            { code: 'GST', ratePercent: '5', amountCents: taxAmountCents(base, '5') },
            { code: 'QST', ratePercent: '9.975', amountCents: taxAmountCents(base, '9.975') },
          ],
        },
      },
      'service',
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('INVOICE_SELLER_TAX_NUMBER_REQUIRED');
    expect(await storedFor(chatId)).toBe(0);
  });
});

describe('a tax override the law allows', () => {
  type Case = {
    name: string;
    province: string;
    taxOverride: object;
    taxCents: number;
    en: string[];
    fr: string[];
  };
  const cases: Case[] = [
    {
      name: 'a zero-rated supply',
      province: 'ON',
      taxOverride: { reason: 'zeroRated', lines: [{ code: 'HST', ratePercent: '0', amountCents: 0 }] },
      taxCents: 0,
      en: ['HST 0 %', 'Tax changed by the supplier: Zero-rated supply'],
      fr: ['TVH 0 %', 'Taxe modifiée par le fournisseur : Fourniture détaxée'],
    },
    {
      name: 'an exempt supply (no tax line)',
      province: 'ON',
      taxOverride: { reason: 'exempt', lines: [] },
      taxCents: 0,
      en: ['Tax changed by the supplier: Exempt supply'],
      fr: ['Taxe modifiée par le fournisseur : Fourniture exonérée'],
    },
    {
      name: 'an export',
      province: 'NS',
      taxOverride: { reason: 'export', lines: [{ code: 'HST', ratePercent: '0.0', amountCents: 0 }] },
      taxCents: 0,
      en: ['HST 0 %', 'Exported supply (zero-rated)'],
      fr: ['TVH 0 %', 'Fourniture exportée (détaxée)'],
    },
    {
      name: "the buyer's exemption certificate for PST, GST still charged",
      province: 'BC',
      taxOverride: {
        reason: 'exemptionCertificate',
        certificateNumber: ' PST-EX 1234-5678 ',
        lines: [
          { code: 'PST', ratePercent: '0', amountCents: 0 },
          { code: 'GST', ratePercent: '5.000', amountCents: 500 },
        ],
      },
      taxCents: 500,
      en: [
        'GST 5 %',
        'PST 0 %',
        'Buyer’s exemption certificate',
        'Exemption certificate no.: PST-EX 1234-5678',
      ],
      fr: [
        'TPS 5 %',
        'TVP 0 %',
        'Certificat d’exemption de l’acheteur',
        'N° du certificat d’exemption : PST-EX 1234-5678',
      ],
    },
  ];

  it.each(cases)('stores $name and prints it on the invoice and its PDF', async (c) => {
    const { buyer, chatId } = await newConversation(c.province);
    const res = await issue(chatId, { ...price, taxOverride: c.taxOverride });
    expect(res.statusCode, res.body).toBe(201);
    const issued = res.json<{ invoice: Invoice }>().invoice;
    expect(issued.taxCents).toBe(c.taxCents);
    expect(issued.totalCents).toBe(10_000 + c.taxCents);

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/details?invoiceToken=${encodeURIComponent(issued.token)}`,
      headers: headers(buyer, 'buyer'),
    });
    expect(details.statusCode).toBe(200);
    const invoice = details.json<{ invoice: Invoice }>().invoice;
    const override = c.taxOverride as { reason: string; certificateNumber?: string };
    expect(invoice).toMatchObject({
      taxOverrideCode: override.reason,
      taxExemptionCertificate: override.certificateNumber?.trim() ?? null,
      taxOverrideReason: null,
      taxCents: c.taxCents,
    });

    const english = await pdfText(buyer, invoice.token, 'en');
    for (const text of c.en) expect(english).toContain(text);
    const french = await pdfText(buyer, invoice.token, 'fr');
    for (const text of c.fr) expect(french).toContain(text);
  });

  it('stores the lines in the table’s order with the table’s rates (BC: GST then PST)', async () => {
    const { chatId } = await newConversation('BC');
    const res = await issue(chatId, {
      ...price,
      taxOverride: {
        reason: 'exemptionCertificate',
        certificateNumber: 'C-77',
        lines: [
          { code: 'PST', ratePercent: '0', amountCents: 0 },
          { code: 'GST', ratePercent: '5.0', amountCents: 500 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ invoice: Invoice }>().invoice.taxLines).toEqual([
      { code: 'GST', ratePercent: '5', amountCents: 500 },
      { code: 'PST', ratePercent: '0', amountCents: 0 },
    ]);
  });

  it('lets a seller without a QST number deliver to Quebec with QST at 0 % on a certificate', async () => {
    const { chatId } = await newConversation('QC', 'service');
    const res = await issue(
      chatId,
      {
        ...price,
        taxOverride: {
          reason: 'exemptionCertificate',
          certificateNumber: 'QC-123',
          lines: [
            { code: 'GST', ratePercent: '5', amountCents: 500 },
            { code: 'QST', ratePercent: '0', amountCents: 0 },
          ],
        },
      },
      'service',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ invoice: Invoice }>().invoice).toMatchObject({
      taxCents: 500,
      taxOverrideCode: 'exemptionCertificate',
      taxExemptionCertificate: 'QC-123',
    });
  });

  it('keeps invoices issued before decision 241 readable: their free-text reason and no code', async () => {
    const { buyer, chatId } = await newConversation('ON');
    const res = await issue(chatId, price);
    const token = res.json<{ invoice: Invoice }>().invoice.token;
    await t.database.db.execute(
      sql`UPDATE invoices SET tax_lines = '[]'::jsonb, tax_cents = 0, total_cents = 10000,
            tax_override_reason = 'Zero-rated export' WHERE token = ${token}`,
    );
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/details?invoiceToken=${encodeURIComponent(token)}`,
      headers: headers(buyer, 'buyer'),
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().invoice).toMatchObject({
      taxOverrideReason: 'Zero-rated export',
      taxOverrideCode: null,
      taxExemptionCertificate: null,
    });
    expect(await pdfText(buyer, token, 'en')).toContain('Tax changed by the supplier: Zero-rated export');
  });

  it('cannot store a certificate number without its reason, nor an unknown reason (database checks)', async () => {
    const { chatId } = await newConversation('ON');
    const token = (await issue(chatId, price)).json<{ invoice: Invoice }>().invoice.token;
    await expect(
      t.database.db.execute(
        sql`UPDATE invoices SET tax_exemption_certificate = 'X-1' WHERE token = ${token}`,
      ),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`UPDATE invoices SET tax_override_code = 'charity' WHERE token = ${token}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(
        sql`UPDATE invoices SET tax_override_code = 'exemptionCertificate' WHERE token = ${token}`,
      ),
    ).rejects.toThrow();
  });
});
