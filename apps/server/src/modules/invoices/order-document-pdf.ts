import {
  formatDocumentDate,
  formatDocumentDateTime,
  provinceNames,
  shortRef,
  type DocumentPaperSize,
  type Invoice,
  type Order,
  type OrderAddress,
} from '@maplesource/contracts';
import {
  labels,
  money,
  plainSpaces,
  renderDocument,
  writeBlock,
  writeHeader,
  writeLineItems,
  writeParties,
  writeTotals,
  type DocumentLogo,
  type Language,
} from './document-layout';
import { renderPdfInWorker } from '../../plugins/pdf-pool';

/**
 * The payment receipt and the order confirmation of an order (decision 293), laid out as the invoice it came from
 * (decision 258): the same header, parties, line-item table and taxes (the invoice's lines, which the order copied),
 * with the order's own number, dates and address. The receipt adds the payment (date, card, amount paid, refunds);
 * the confirmation the estimated delivery and the delivery terms. French first for a Quebec delivery, like the invoice.
 */
export type OrderDocumentKind = 'receipt' | 'confirmation';

const addressLines = (address: OrderAddress, language: Language) =>
  [
    address.fullName,
    address.line1,
    address.line2,
    `${address.city}, ${provinceNames[address.province]?.[language] ?? address.province} ${address.postalCode}`,
    address.phone,
  ].filter((line): line is string => Boolean(line));

function writeOrderDocument(
  doc: PDFKit.PDFDocument,
  kind: OrderDocumentKind,
  invoice: Invoice,
  order: Order,
  language: Language,
  logo: DocumentLogo | null,
) {
  const l = labels[language];
  const zone = order.timeZone;
  const dateTime = (instant: string) => plainSpaces(formatDocumentDateTime(instant, language, zone, 'long'));
  const facts: Array<[string, string]> = [
    [l.orderNumber, shortRef(order.id)],
    [l.invoiceNumber, shortRef(invoice.id)],
    [l.orderDate, dateTime(order.placedAt)],
  ];
  if (kind === 'receipt') {
    facts.push([l.paidOn, order.payment.paidAt ? dateTime(order.payment.paidAt) : l.none]);
    if (order.payment.cardBrand && order.payment.cardLast4)
      facts.push([l.paymentMethod, l.card(order.payment.cardBrand.toUpperCase(), order.payment.cardLast4)]);
  } else {
    facts.push([
      l.estimatedDelivery,
      plainSpaces(formatDocumentDate(order.estimatedDeliveryOn, language, zone, 'long')),
    ]);
    facts.push([l.orderStatus, l.orderStatuses[order.status]]);
  }
  facts.push([l.paymentStatus, l.paymentStatuses[order.payment.status]]);
  writeHeader(
    doc,
    invoice,
    {
      title: kind === 'receipt' ? l.receiptTitle : l.confirmationTitle,
      number: shortRef(order.id),
      timeZone: zone,
      facts,
    },
    language,
    logo,
  );
  writeParties(doc, invoice, language, {
    heading: kind === 'receipt' ? l.billTo : l.shipTo,
    lines: addressLines(kind === 'receipt' ? order.billingAddress : order.shippingAddress, language),
  });
  writeLineItems(doc, invoice, language);
  const after: Array<[string, string]> = [];
  if (kind === 'receipt') {
    after.push([l.amountPaid, money(order.totalCents, language)]);
    if (order.payment.refundedCents > 0)
      after.push([l.refunded, money(-order.payment.refundedCents, language)]);
  }
  writeTotals(doc, invoice, language, after);
  writeBlock(doc, l.paymentTerms, order.paymentTerms || l.none);
  writeBlock(doc, l.deliveryTerms, order.deliveryTerms || l.none);
  if (kind === 'confirmation')
    writeBlock(doc, l.billTo, addressLines(order.billingAddress, language).join('\n'));
  doc
    .font('regular')
    .fontSize(9.5)
    .text(kind === 'receipt' ? l.receiptNote : l.confirmationNote);
}

export interface OrderDocumentPdfInput {
  kind: OrderDocumentKind;
  invoice: Invoice;
  order: Order;
  languages: Language[];
  paper?: DocumentPaperSize;
  logo?: DocumentLogo | null;
}

/** The order's receipt or confirmation, drawn in the PDF thread (decision 342). */
export function renderOrderDocumentPdf(input: OrderDocumentPdfInput): Promise<Buffer> {
  return renderPdfInWorker('order-document', input);
}

/** Draws the document with PDFKit: run in the PDF thread (`pdf-worker.ts`). */
export function drawOrderDocumentPdf(input: OrderDocumentPdfInput): Promise<Buffer> {
  const { kind, invoice, order, languages } = input;
  const title = (language: Language) =>
    kind === 'receipt' ? labels[language].receiptTitle : labels[language].confirmationTitle;
  return renderDocument({
    invoice,
    languages,
    paper: input.paper ?? 'letter',
    metadataTitle: `${title(languages[0]!)} ${order.id}`,
    footer: (language) => `${title(language)} ${shortRef(order.id)}`,
    write: (doc, language) => writeOrderDocument(doc, kind, invoice, order, language, input.logo ?? null),
  });
}
