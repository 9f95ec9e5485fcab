import { describe, expect, it } from 'vitest';
import { getDocumentProxy } from 'unpdf';
import type { Invoice } from '@maplesource/contracts';
import { sampleInvoice } from '../../../test/sample-invoice';
import { pdfLanguages, renderInvoicePdf } from './invoice-pdf';

/**
 * The invoice PDF's layout (decision 258), read back with the text's positions: the table's figures under their
 * headings, the totals after the line, the French section before the English one for Quebec, and the page numbers.
 */
const invoice = sampleInvoice;

interface Item {
  page: number;
  text: string;
  /** Left edge, points from the left. */
  x: number;
  /** Right edge. */
  right: number;
  /** Baseline, points from the TOP of the page (so later lines have larger values). */
  y: number;
}

async function read(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const items: Item[] = [];
  const sizes: Array<{ width: number; height: number }> = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    sizes.push({ width, height });
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [, , , , x, y] = item.transform as number[];
      items.push({ page: number, text: item.str, x: x!, right: x! + item.width, y: height - y! });
    }
  }
  const find = (text: string | RegExp, page?: number) => {
    const found = items.find(
      (item) =>
        (page === undefined || item.page === page) &&
        (typeof text === 'string' ? item.text === text : text.test(item.text)),
    );
    if (!found)
      throw new Error(`"${String(text)}" not in the PDF: ${items.map((item) => item.text).join(' | ')}`);
    return found;
  };
  return { items, sizes, find, pages: document.numPages };
}

describe('invoice PDF layout', () => {
  it('prints the line items as a table whose figures stand under their headings, the totals after it', async () => {
    const pdf = await read(await renderInvoicePdf(invoice, ['en']));
    const quantityHeading = pdf.find('Quantity');
    const unitHeading = pdf.find('Unit price');
    const amountHeading = pdf.find('Amount');
    const description = pdf.find('Description');
    // The headings are one row.
    for (const heading of [quantityHeading, unitHeading, amountHeading])
      expect(heading.y).toBeCloseTo(description.y, 0);

    const item = pdf.find('Galvanized steel brackets');
    const quantity = pdf.find('1,200 pieces');
    const unitPrice = pdf.find('$10.68');
    const amount = pdf.find('$12,813.00');
    // One row, below the headings, each figure right-aligned with its heading.
    expect(item.y).toBeGreaterThan(description.y);
    for (const cell of [quantity, unitPrice, amount]) expect(cell.y).toBeCloseTo(item.y, 0);
    expect(quantity.right).toBeCloseTo(quantityHeading.right, 0);
    expect(unitPrice.right).toBeCloseTo(unitHeading.right, 0);
    expect(amount.right).toBeCloseTo(amountHeading.right, 0);
    expect(item.x).toBeLessThan(quantityHeading.x);
    expect(quantityHeading.right).toBeLessThan(unitHeading.x);
    expect(unitHeading.right).toBeLessThan(amountHeading.x);

    // Subtotal, shipping, each tax with its rate and registration number, then the total: after the line, in order,
    // their amounts in the Amount column.
    const subtotal = pdf.find('Subtotal');
    const shipping = pdf.find('Shipping');
    const gst = pdf.find('GST 5 %');
    const qst = pdf.find('QST 9.975 %');
    const total = pdf.find('Total (CAD)');
    expect(subtotal.y).toBeGreaterThan(item.y);
    expect(shipping.y).toBeGreaterThan(subtotal.y);
    expect(gst.y).toBeGreaterThan(shipping.y);
    expect(qst.y).toBeGreaterThan(gst.y);
    expect(total.y).toBeGreaterThan(qst.y);
    expect(pdf.find('Reg. no. 123456789RT0001').y).toBeGreaterThan(gst.y);
    expect(pdf.find('Reg. no. 1234567890TQ0001').y).toBeGreaterThan(qst.y);
    const totalAmount = pdf.find('$14,731.75');
    expect(totalAmount.y).toBeCloseTo(total.y, 0);
    expect(totalAmount.right).toBeCloseTo(amount.right, 0);
    for (const figure of ['$640.65', '$1,278.10', '$0.00'])
      expect(pdf.find(figure).right).toBeCloseTo(amount.right, 0);
  });

  it('sets the supplier and the buyer side by side, with the dates in the named zone of the document', async () => {
    const pdf = await read(await renderInvoicePdf(invoice, ['en']));
    const supplier = pdf.find('SUPPLIER');
    const buyer = pdf.find('BUYER');
    expect(buyer.y).toBeCloseTo(supplier.y, 0);
    expect(buyer.x).toBeGreaterThan(supplier.right);
    expect(pdf.find('Northwind Fabrication Inc.').x).toBeCloseTo(buyer.x, 0);
    expect(pdf.find('Maple Steel Works Ltd.', 1).y).toBeLessThan(supplier.y); // under the seller's name, in the header
    expect(pdf.find('INVOICE').y).toBeLessThan(supplier.y);
    expect(pdf.find('#3F2A9C1E').y).toBeLessThan(supplier.y);
    const text = pdf.items.map((item) => item.text).join(' ');
    // The expiry instant 01:14 UTC on Dec 5 is Dec 4, 8:14 p.m. in Toronto, and says so.
    expect(text).toMatch(/Expires: +December 4, 2026 at 8:14 p\.m\. ET/);
    expect(text).toMatch(/Invoice date: +November 27, 2026 \(ET\)/);
    expect(text).toContain('All dates and times in ET');
    expect(text).toContain('Ontario, M5V 2T6');
  });

  it("prints the seller's business address and the buyer's billing address in their blocks", async () => {
    const addressed: Invoice = {
      ...invoice,
      seller: {
        ...invoice.seller,
        address: { street: '1200 Industrial Rd', city: 'Hamilton', province: 'ON', postalCode: 'L8P 4R5' },
      },
      buyer: {
        ...invoice.buyer,
        address: { street: '45 Rue Principale', city: 'Laval', province: 'QC', postalCode: 'H7N 1A1' },
      },
    };
    const pdf = await read(await renderInvoicePdf(addressed, ['en']));
    const supplier = pdf.find('SUPPLIER');
    const buyer = pdf.find('BUYER');
    const sellerStreet = pdf.find('1200 Industrial Rd');
    expect(sellerStreet.x).toBeCloseTo(supplier.x, 0);
    expect(sellerStreet.y).toBeGreaterThan(pdf.find('Maple Steel Works Ltd.', 1).y);
    expect(pdf.find('Hamilton, Ontario L8P 4R5').y).toBeGreaterThan(sellerStreet.y);
    const buyerStreet = pdf.find('45 Rue Principale');
    expect(buyerStreet.x).toBeCloseTo(buyer.x, 0);
    expect(buyerStreet.y).toBeGreaterThan(pdf.find('Northwind Fabrication Inc.').y);
    expect(pdf.find('Laval, Quebec H7N 1A1').y).toBeGreaterThan(buyerStreet.y);
    // The delivery place still follows the billing address.
    expect(pdf.items.map((item) => item.text).join(' ')).toContain('Ontario, M5V 2T6');
    const french = await read(await renderInvoicePdf(addressed, ['fr']));
    expect(french.find('Laval, Québec H7N 1A1').x).toBeCloseTo(french.find('ACHETEUR').x, 0);
  });

  it('writes a Quebec invoice in French first, then English, each section numbered in its language', async () => {
    const quebec = { ...invoice, deliveryProvince: 'QC' as const, documentLanguage: 'fr' as const };
    const languages = pdfLanguages(quebec, 'en');
    expect(languages).toEqual(['fr', 'en']);
    const pdf = await read(await renderInvoicePdf(quebec, languages));
    expect(pdf.pages).toBe(2);
    expect(pdf.find('FACTURE').page).toBe(1);
    expect(pdf.find('INVOICE').page).toBe(2);
    expect(pdf.find('Supports en acier galvanisé').page).toBe(1);
    expect(pdf.find('Galvanized steel brackets').page).toBe(2);
    expect(pdf.find('Page 1 de 2').page).toBe(1);
    expect(pdf.find('Page 2 of 2').page).toBe(2);
    // French figures: the amount column and the tax names of the French section.
    expect(pdf.find('1 200 pièces').page).toBe(1);
    expect(pdf.find('TPS 5 %').page).toBe(1);
    expect(pdf.find('TVQ 9,975 %').page).toBe(1);
    expect(pdf.find('14 731,75 $').page).toBe(1);
  });

  it('numbers the pages of a long invoice and keeps every footer on its page, on Letter and on A4', async () => {
    const notes = Array.from(
      { length: 60 },
      (_, line) => `Note ${line + 1}: deliver to bay ${line + 1}.`,
    ).join('\n');
    for (const [paper, width, height] of [
      ['letter', 612, 792],
      ['a4', 595.28, 841.89],
    ] as const) {
      const pdf = await read(await renderInvoicePdf({ ...invoice, notes }, ['en'], paper));
      expect(pdf.sizes[0]!.width).toBeCloseTo(width, 0);
      expect(pdf.sizes[0]!.height).toBeCloseTo(height, 0);
      expect(pdf.pages).toBeGreaterThanOrEqual(2);
      for (let page = 1; page <= pdf.pages; page++) {
        const number = pdf.find(`Page ${page} of ${pdf.pages}`, page);
        // The footer is the lowest text of its page, and nothing runs into it.
        const lowest = Math.max(...pdf.items.filter((item) => item.page === page).map((item) => item.y));
        expect(number.y).toBe(lowest);
        const body = pdf.items.filter((item) => item.page === page && !/Page \d|MapleSource/.test(item.text));
        for (const item of body) expect(item.y).toBeLessThan(number.y - 12);
      }
      expect(pdf.find('Note 60: deliver to bay 60.').page).toBe(pdf.pages);
    }
  });
});
