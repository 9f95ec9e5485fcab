import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { sampleInvoice } from '../../../test/sample-invoice';
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
const invoice = sampleInvoice;

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
