import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Invoice } from '@maplesource/contracts';
import pdfPool, {
  closePdfPool,
  pdfPoolThreads,
  PdfRenderTimeout,
  setPdfRenderTimeLimitForTests,
} from '../../plugins/pdf-pool';
import type { Language } from './document-layout';
import { renderInvoicePdf } from './invoice-pdf';

/**
 * Documents are drawn in the PDF thread (decision 342): the event loop is free while an invoice renders, a render
 * that fails or takes too long rejects instead of hanging, and the thread ends with the app.
 */
const invoice: Invoice = {
  id: '3f2a9c1e-7b4d-4e8a-9f10-2b3c4d5e6f70',
  token: 'tok',
  kind: 'product',
  chatId: '8d1b2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  status: 'pending',
  buyer: { userId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Northwind Fabrication Inc.' },
  seller: {
    sellerId: 7,
    slug: 'maple-steel',
    name: 'Maple Steel',
    legalName: 'Maple Steel Works Ltd.',
    gstHstNumber: '123456789RT0001',
    qstNumber: null,
  },
  subject: {
    id: 4,
    name: 'Galvanized steel brackets',
    nameFr: 'Supports en acier galvanisé',
    category: 'Metal parts',
    categoryFr: 'Pièces métalliques',
    quantity: 1200,
    unit: 'piece',
  },
  negotiatedPriceCents: 1_281_300,
  unitPriceCents: 1_068,
  totalPriceCents: 1_281_300,
  shippingCents: 0,
  taxLines: [{ code: 'HST', ratePercent: '13', amountCents: 166_569 }],
  taxCents: 166_569,
  taxOverrideReason: null,
  taxOverrideCode: null,
  taxExemptionCertificate: null,
  totalCents: 1_447_869,
  paymentTerms: 'Paid in full when the invoice is accepted.',
  deliveryTerms: 'FOB destination, delivered to the dock.',
  notes: '',
  leadDays: 14,
  deliveryProvince: 'ON',
  deliveryPostalCode: 'm5v2t6',
  issuedOn: '2026-11-27',
  timeZone: 'America/Toronto',
  dueOn: '2026-12-04',
  deadline: '2026-12-18',
  expiresAt: '2026-12-05T01:14:00.000Z',
  viewedAt: null,
  acceptedAt: null,
  rejectedAt: null,
  rejectionReason: null,
  orderId: null,
  documentLanguage: 'en',
  createdAt: '2026-11-28T01:14:00.000Z',
  version: 1,
  previousInvoiceToken: null,
  changes: [],
  withdrawnAt: null,
  counterOffer: null,
};

const textOf = async (pdf: Buffer) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
};

afterAll(closePdfPool);

describe('the PDF thread', () => {
  it('keeps the event loop free while an invoice renders, and gives back the same document as a Buffer', async () => {
    // The first render starts the thread; the second is the one measured against the loop.
    await renderInvoicePdf(invoice, ['en']);
    const order: string[] = [];
    setImmediate(() => order.push('immediate'));
    const pdf = await renderInvoicePdf(invoice, ['en']).then((bytes) => {
      order.push('rendered');
      return bytes;
    });
    // Drawn on the event loop, the render's promise settled before the loop reached its next turn.
    expect(order).toEqual(['immediate', 'rendered']);
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await textOf(pdf);
    expect(text).toContain('INVOICE');
    expect(text).toContain('Maple Steel Works Ltd.');
    expect(text).toContain('Galvanized steel brackets');
  });

  it('rejects with the error a render throws in the thread, and renders the next document as before', async () => {
    // No labels for this language: the layout throws a TypeError while drawing.
    const failing = renderInvoicePdf(invoice, ['de' as Language]);
    await expect(failing).rejects.toThrow(TypeError);
    await expect(failing).rejects.toThrow(/title/);
    expect(await textOf(await renderInvoicePdf(invoice, ['fr']))).toContain('FACTURE');
  });

  it('rejects a render past its time limit with PdfRenderTimeout, and the next one gets a new thread', async () => {
    await renderInvoicePdf(invoice, ['en']);
    const previous = setPdfRenderTimeLimitForTests(1);
    try {
      await expect(renderInvoicePdf(invoice, ['en'])).rejects.toThrow(PdfRenderTimeout);
    } finally {
      setPdfRenderTimeLimitForTests(previous);
    }
    expect(await textOf(await renderInvoicePdf(invoice, ['en']))).toContain('INVOICE');
  });

  it('ends its thread when the app closes, after the render under way has finished', async () => {
    await closePdfPool();
    const app = Fastify();
    await app.register(pdfPool);
    await app.ready();
    expect(pdfPoolThreads()).toBe(0);
    await renderInvoicePdf(invoice, ['en']);
    expect(pdfPoolThreads()).toBe(1);
    const underWay = renderInvoicePdf(invoice, ['en']);
    await app.close();
    expect(pdfPoolThreads()).toBe(0);
    expect(await textOf(await underWay)).toContain('INVOICE');
  });
});
