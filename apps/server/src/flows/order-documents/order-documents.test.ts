import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceAcceptanceTerms, shortRef, type Order } from '@maplesource/contracts';
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

/**
 * The order's payment receipt and confirmation PDFs (decision 293): for the order's buyer and its seller user only,
 * the receipt once paid, laid out like the invoice (title, number, amounts, taxes), with the storefront's logo.
 */
let t: TestApp;
let buyer: Party;
let stranger: Party;
let seller: Party;
let sellerId: number;
let orderId: string;
let invoiceId: string;

const download = (party: Party | null, url: string, role: 'buyer' | 'seller' = 'buyer') =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: as(party, role) });

async function textOf(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const pages: string[] = [];
  const sizes: Array<{ width: number; height: number }> = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    sizes.push({ width, height });
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .filter((text) => text.trim())
        .join(' | '),
    );
  }
  return { pages, sizes, text: pages.join(' || ') };
}

const pay = (id: string) =>
  t.database.db.execute(sql`
    INSERT INTO order_payments (order_id, provider, intent_id, amount_cents, status, card_brand, card_last4, paid_at)
    SELECT id, 'sandbox', ${`pi_${id}`}, total_cents, 'paid', 'visa', '4242', now() FROM orders WHERE id = ${id}`);

beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 5);
  buyer = await makeUser(t, ['buyer'], 'Bea Buyer');
  stranger = await makeUser(t, ['buyer', 'seller'], 'Stan Stranger');
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  const made = await makeInvoicingSeller(t, seller);
  sellerId = made.sellerId;
  const productId = made.productId;
  const invoice = await issueInvoiceFor(t, { buyer, seller, productId });
  invoiceId = invoice.invoiceId;
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/invoice/accept',
    headers: { ...as(buyer), 'idempotency-key': `accept-${invoice.invoiceId}` },
    payload: {
      invoiceToken: invoice.token,
      shippingAddress,
      billingAddress: { ...shippingAddress, line1: '1 Billing Way', addressType: 'Billing' },
      isBillingSameAsShipping: false,
      signature: { fullName: 'Bea Buyer', svg: signatureSvg },
      termsVersion: invoiceAcceptanceTerms.version,
      termsLanguage: 'en',
    },
  });
  expect(accepted.statusCode, accepted.body).toBe(201);
  orderId = accepted.json<{ orderId: string }>().orderId;
});
afterAll(async () => t?.close());

describe('order documents', () => {
  it('refuses the receipt of an unpaid order (409 ORDER_NOT_PAID) but gives its confirmation', async () => {
    const receipt = await download(buyer, `/orders/${orderId}/receipt.pdf`);
    expect(receipt.statusCode, receipt.body).toBe(409);
    expect(receipt.json()).toMatchObject({ error: { code: 'ORDER_NOT_PAID' } });

    const confirmation = await download(buyer, `/orders/${orderId}/confirmation.pdf`);
    expect(confirmation.statusCode, confirmation.body).toBe(200);
    expect(confirmation.headers['content-type']).toBe('application/pdf');
    expect(confirmation.headers['content-disposition']).toBe(
      `attachment; filename="confirmation-${orderId}.pdf"`,
    );
    const { text } = await textOf(confirmation.rawPayload);
    expect(text).toContain('ORDER CONFIRMATION');
    expect(text).toContain(shortRef(orderId));
    expect(text).toContain(shortRef(invoiceId)); // the invoice it came from
    expect(text).toContain('SHIP TO');
    expect(text).toContain('100 Queen St W');
    expect(text).toContain('Estimated delivery:');
    expect(text).toContain('Not paid');
  });

  it('gives the paid order’s receipt to its buyer and its seller user, with the amounts and taxes of the order', async () => {
    await pay(orderId);
    const order = (await download(buyer, `/orders/${orderId}`)).json<{ order: Order }>().order;
    expect(order.payment.status).toBe('paid');
    for (const party of [buyer, seller]) {
      const res = await download(party, `/orders/${orderId}/receipt.pdf?lang=en`);
      expect(res.statusCode, res.body).toBe(200);
      const { text } = await textOf(res.rawPayload);
      expect(text).toContain('PAYMENT RECEIPT');
      expect(text).toContain(shortRef(orderId));
      expect(text).toContain('BILL TO');
      expect(text).toContain('1 Billing Way');
      expect(text).toContain('VISA ending in 4242');
      expect(text).toContain('HST 13 %'); // the invoice's tax line (Ontario delivery) with its rate
      expect(text).toContain('Reg. no. 123456789RT0001');
      const amount = (cents: number) =>
        `$${(cents / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })}`;
      expect(text).toContain(`Total (CAD) | ${amount(order.totalCents)}`);
      expect(text).toContain(`Amount paid | ${amount(order.totalCents)}`);
      expect(text).toContain(amount(order.taxCents));
    }
  });

  it('answers 404 ORDER_NOT_FOUND to anyone else, to the other kind’s path and to visitors 401', async () => {
    for (const [party, url, role] of [
      [stranger, `/orders/${orderId}/receipt.pdf`, 'buyer'],
      [stranger, `/orders/${orderId}/confirmation.pdf`, 'seller'],
      [buyer, `/service-orders/${orderId}/receipt.pdf`, 'buyer'],
      [seller, `/service-orders/${orderId}/confirmation.pdf`, 'seller'],
      [buyer, `/orders/00000000-0000-4000-8000-000000000000/receipt.pdf`, 'buyer'],
    ] as const) {
      const res = await download(party, url, role);
      expect(res.statusCode, `${party.name} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'ORDER_NOT_FOUND' } });
    }
    expect((await download(null, `/orders/${orderId}/receipt.pdf`)).statusCode).toBe(401);
    const badPaper = await download(buyer, `/orders/${orderId}/receipt.pdf?paper=legal`);
    expect(badPaper.statusCode).toBe(400);
  });

  it('writes a Quebec delivery in French first, then English', async () => {
    await t.database.db.execute(sql`UPDATE invoices SET delivery_province = 'QC' WHERE id = ${invoiceId}`);
    try {
      const res = await download(buyer, `/orders/${orderId}/receipt.pdf?lang=en`);
      expect(res.statusCode, res.body).toBe(200);
      const { pages } = await textOf(res.rawPayload);
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain('REÇU DE PAIEMENT');
      expect(pages[0]).toContain('TVH 13 %');
      expect(pages[0]).toContain('Page 1 de 2');
      expect(pages[1]).toContain('PAYMENT RECEIPT');
      expect(pages[1]).toContain('Page 2 of 2');
    } finally {
      await t.database.db.execute(sql`UPDATE invoices SET delivery_province = 'ON' WHERE id = ${invoiceId}`);
    }
  });

  it('prints on Letter by default and on A4 when asked, the server setting deciding when nothing is asked', async () => {
    const size = async (url: string) => (await textOf((await download(buyer, url)).rawPayload)).sizes[0]!;
    const letter = { width: 612, height: 792 };
    const a4 = { width: 595.28, height: 841.89 };
    const expectSize = (actual: { width: number; height: number }, expected: typeof letter) => {
      expect(actual.width).toBeCloseTo(expected.width, 0);
      expect(actual.height).toBeCloseTo(expected.height, 0);
    };
    const invoiceToken = (await download(buyer, `/orders/${orderId}`)).json<{ order: Order }>().order
      .invoiceToken;
    const invoicePdf = `/invoice/pdf?invoiceToken=${invoiceToken}`;
    for (const url of [`/orders/${orderId}/confirmation.pdf`, `/orders/${orderId}/receipt.pdf`, invoicePdf]) {
      const asked = url.includes('?') ? '&' : '?';
      expectSize(await size(url), letter);
      expectSize(await size(`${url}${asked}paper=letter`), letter);
      expectSize(await size(`${url}${asked}paper=a4`), a4);
    }
    // DOCUMENT_PAPER=a4: A4 when nothing is asked; a request's choice still wins.
    const setting = t.app.config.DOCUMENT_PAPER;
    t.app.config.DOCUMENT_PAPER = 'a4';
    try {
      expectSize(await size(`/orders/${orderId}/confirmation.pdf`), a4);
      expectSize(await size(invoicePdf), a4);
      expectSize(await size(`/orders/${orderId}/confirmation.pdf?paper=letter`), letter);
    } finally {
      t.app.config.DOCUMENT_PAPER = setting;
    }
  });

  it('heads the documents with the storefront’s uploaded logo, and with no image when it has none', async () => {
    const hasImage = (pdf: Buffer) => pdf.includes('/Subtype /Image');
    const invoiceToken = (await download(buyer, `/orders/${orderId}`)).json<{ order: Order }>().order
      .invoiceToken;
    const urls = [
      `/orders/${orderId}/receipt.pdf`,
      `/orders/${orderId}/confirmation.pdf`,
      `/invoice/pdf?invoiceToken=${invoiceToken}`,
    ];
    for (const url of urls) {
      const res = await download(buyer, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(hasImage(res.rawPayload), url).toBe(false);
    }
    const logo = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#036' } })
      .webp()
      .toBuffer();
    await t.app.storage.put('order-documents-logo.webp', logo, {
      visibility: 'public',
      contentType: 'image/webp',
    });
    await t.database.db.execute(
      sql`UPDATE sellers SET logo_url = '/uploads/order-documents-logo.webp' WHERE id = ${sellerId}`,
    );
    for (const url of urls) {
      const res = await download(buyer, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(hasImage(res.rawPayload), url).toBe(true);
    }
  });
});
