import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { formatCad } from '@maplesource/contracts/money';
import {
  invoiceCategoryName,
  normalizePostalCode,
  provinceNames,
  subjectNameIn,
  timeZoneName,
  unitText,
  type DocumentAddress,
  type DocumentPaperSize,
  type DocumentTimeZone,
  type Invoice,
} from '@maplesource/contracts';

/**
 * The layout machinery of the business documents (decision 258): the invoice, and the payment receipt and order
 * confirmation of the order it became (decision 293). Header (logo, seller, title, number, dates in the named zone),
 * supplier and buyer side by side, the line-item table, the totals with one line per tax, text blocks, and a footer
 * with "Page n of N" on every page; Letter or A4; each language of a Quebec document on its own pages.
 * DejaVu Sans is embedded (text selectable) and covers French accents and the narrow spaces French number formats use.
 */
const require = createRequire(import.meta.url);
const fontRegular = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const fontBold = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type Language = 'en' | 'fr';

export const labels = {
  en: {
    title: 'INVOICE',
    number: 'Invoice number',
    date: 'Invoice date',
    expires: 'Expires',
    dueOn: 'Due date',
    deadline: 'Delivery deadline',
    unitPrice: 'Unit price',
    totalPrice: 'Total price',
    status: 'Status',
    statuses: {
      pending: 'Pending',
      accepted: 'Accepted',
      rejected: 'Rejected',
      expired: 'Expired',
      withdrawn: 'Withdrawn',
    },
    supplier: 'Supplier',
    tradeName: 'Trading as',
    gstHst: 'GST/HST registration no.',
    qst: 'QST registration no.',
    smallSupplier: 'Small supplier, not registered for GST/HST',
    buyer: 'Buyer',
    description: 'Description',
    quantity: 'Quantity',
    category: 'Category',
    negotiatedPrice: 'Negotiated price',
    shipping: 'Shipping',
    taxableAmount: 'Taxable amount',
    taxTotal: 'Total tax',
    total: 'Total (CAD)',
    taxOverride: 'Tax changed by the supplier',
    taxOverrideCodes: {
      zeroRated: 'Zero-rated supply',
      exempt: 'Exempt supply',
      export: 'Exported supply (zero-rated)',
      exemptionCertificate: 'Buyer’s exemption certificate',
    },
    taxExemptionCertificate: 'Exemption certificate no.',
    paymentTerms: 'Payment terms',
    deliveryTerms: 'Delivery terms',
    notes: 'Notes',
    delivery: 'Delivery',
    leadDays: 'Lead time (days)',
    rejectionReason: 'Rejection reason',
    none: '—',
    subtotal: 'Subtotal',
    amount: 'Amount',
    registration: 'Reg. no.',
    terms: 'Terms',
    page: (page: number, count: number) => `Page ${page} of ${count}`,
    issuedThrough: 'Issued through MapleSource',
    receiptTitle: 'PAYMENT RECEIPT',
    confirmationTitle: 'ORDER CONFIRMATION',
    receiptNumber: 'Receipt number',
    orderNumber: 'Order number',
    invoiceNumber: 'Invoice number',
    orderDate: 'Order date',
    paidOn: 'Payment date',
    paymentMethod: 'Payment method',
    card: (brand: string, last4: string) => `${brand} ending in ${last4}`,
    estimatedDelivery: 'Estimated delivery',
    orderStatus: 'Order status',
    paymentStatus: 'Payment',
    paymentStatuses: {
      unpaid: 'Not paid',
      processing: 'Processing',
      requires_action: 'Action required',
      paid: 'Paid',
      failed: 'Failed',
      refunded: 'Refunded',
      partially_refunded: 'Partly refunded',
    },
    orderStatuses: {
      pending: 'Pending payment',
      confirmed: 'Confirmed',
      processing: 'Processing',
      ready_to_ship: 'Ready to ship',
      shipped: 'Shipped',
      in_transit: 'In transit',
      out_for_delivery: 'Out for delivery',
      delivered: 'Delivered',
      cancelled: 'Cancelled',
      returned: 'Returned',
    },
    billTo: 'Bill to',
    shipTo: 'Ship to',
    amountPaid: 'Amount paid',
    refunded: 'Refunded',
    receiptNote:
      'Received with thanks. This receipt confirms the payment of the order above by card through MapleSource.',
    confirmationNote: 'Thank you for your order. The supplier fulfils it on the terms above.',
    zone: (name: string) => `All dates and times in ${name}`,
  },
  fr: {
    title: 'FACTURE',
    number: 'Numéro de facture',
    date: 'Date de la facture',
    expires: 'Expire le',
    dueOn: 'Date d’échéance',
    deadline: 'Date limite de livraison',
    unitPrice: 'Prix unitaire',
    totalPrice: 'Prix total',
    status: 'Statut',
    statuses: {
      pending: 'En attente',
      accepted: 'Acceptée',
      rejected: 'Refusée',
      expired: 'Expirée',
      withdrawn: 'Retirée',
    },
    supplier: 'Fournisseur',
    tradeName: 'Nom commercial',
    gstHst: 'N° d’inscription TPS/TVH',
    qst: 'N° d’inscription TVQ',
    smallSupplier: 'Petit fournisseur, non inscrit à la TPS/TVH',
    buyer: 'Acheteur',
    description: 'Description',
    quantity: 'Quantité',
    category: 'Catégorie',
    negotiatedPrice: 'Prix négocié',
    shipping: 'Livraison',
    taxableAmount: 'Montant taxable',
    taxTotal: 'Total des taxes',
    total: 'Total ($ CA)',
    taxOverride: 'Taxe modifiée par le fournisseur',
    taxOverrideCodes: {
      zeroRated: 'Fourniture détaxée',
      exempt: 'Fourniture exonérée',
      export: 'Fourniture exportée (détaxée)',
      exemptionCertificate: 'Certificat d’exemption de l’acheteur',
    },
    taxExemptionCertificate: 'N° du certificat d’exemption',
    paymentTerms: 'Conditions de paiement',
    deliveryTerms: 'Conditions de livraison',
    notes: 'Notes',
    delivery: 'Livraison à',
    leadDays: 'Délai (jours)',
    rejectionReason: 'Raison du refus',
    none: '—',
    subtotal: 'Sous-total',
    amount: 'Montant',
    registration: 'N° d’inscription',
    terms: 'Conditions',
    page: (page: number, count: number) => `Page ${page} de ${count}`,
    issuedThrough: 'Émise par MapleSource',
    receiptTitle: 'REÇU DE PAIEMENT',
    confirmationTitle: 'CONFIRMATION DE COMMANDE',
    receiptNumber: 'Numéro de reçu',
    orderNumber: 'Numéro de commande',
    invoiceNumber: 'Numéro de facture',
    orderDate: 'Date de la commande',
    paidOn: 'Date du paiement',
    paymentMethod: 'Mode de paiement',
    card: (brand: string, last4: string) => `${brand} se terminant par ${last4}`,
    estimatedDelivery: 'Livraison prévue',
    orderStatus: 'Statut de la commande',
    paymentStatus: 'Paiement',
    paymentStatuses: {
      unpaid: 'Non payée',
      processing: 'En cours',
      requires_action: 'Action requise',
      paid: 'Payée',
      failed: 'Échoué',
      refunded: 'Remboursée',
      partially_refunded: 'Remboursée en partie',
    },
    orderStatuses: {
      pending: 'En attente du paiement',
      confirmed: 'Confirmée',
      processing: 'En préparation',
      ready_to_ship: 'Prête à expédier',
      shipped: 'Expédiée',
      in_transit: 'En transit',
      out_for_delivery: 'En cours de livraison',
      delivered: 'Livrée',
      cancelled: 'Annulée',
      returned: 'Retournée',
    },
    billTo: 'Facturer à',
    shipTo: 'Livrer à',
    amountPaid: 'Montant payé',
    refunded: 'Remboursé',
    receiptNote:
      'Reçu avec nos remerciements. Ce reçu confirme le paiement par carte de la commande ci-dessus par MapleSource.',
    confirmationNote: 'Merci de votre commande. Le fournisseur l’exécute selon les conditions ci-dessus.',
    zone: (name: string) => `Dates et heures en ${name}`,
  },
} as const;

export const taxNames: Record<Language, Record<string, string>> = {
  en: { GST: 'GST', HST: 'HST', QST: 'QST', PST: 'PST', RST: 'RST' },
  fr: { GST: 'TPS', HST: 'TVH', QST: 'TVQ', PST: 'TVP', RST: 'TVD' },
};

/** Narrow and no-break spaces of French formats become plain spaces (text extraction and copy-paste stay clean). */
export const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

export const money = (cents: number, language: Language) => plainSpaces(formatCad(cents, language));

/** "50 pieces", "1 pièce", "2 000 mètres": the catalogue's unit names (contracts `unitText`), as the web pages show. */
const quantity = (count: number, unit: string | null, language: Language) => {
  const amount = plainSpaces(new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA').format(count));
  return unit ? `${amount} ${unitText(unit, language, count)}` : amount;
};

const rate = (ratePercent: string, language: Language) =>
  `${language === 'fr' ? ratePercent.replace('.', ',') : ratePercent} %`;

/** pdfkit's names of the paper sizes (decisions 258, 293: Letter, Canada's usual size, unless A4 is asked). */
const paperSizes: Record<DocumentPaperSize, string> = { letter: 'LETTER', a4: 'A4' };

const MARGIN = 50;
/** Room kept at the bottom of every page for the footer line and the page number. */
const FOOTER_ROOM = 40;
const grey = '#555555';
const rule = '#bbbbbb';
const headerFill = '#eeeeee';
/** The logo's box in the header (points): wide logos are scaled to the width, tall ones to the height. */
const LOGO_BOX = { width: 140, height: 48 } as const;

/**
 * The table's columns as shares of the content width: the description takes the rest; the three number columns are
 * right-aligned so their figures line up under their headings.
 */
const columns = { description: 0.46, quantity: 0.18, unitPrice: 0.18, amount: 0.18 } as const;

interface Layout {
  left: number;
  width: number;
  right: number;
  bottom: number;
}

const layoutOf = (doc: PDFKit.PDFDocument): Layout => ({
  left: MARGIN,
  width: doc.page.width - 2 * MARGIN,
  right: doc.page.width - MARGIN,
  bottom: doc.page.height - MARGIN - FOOTER_ROOM,
});

/** A new page when fewer than `height` points are left above the footer. */
export function keepTogether(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > layoutOf(doc).bottom) doc.addPage();
}

function heading(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number) {
  doc
    .font('bold')
    .fontSize(8.5)
    .fillColor(grey)
    .text(text.toUpperCase(), x, y, { width, characterSpacing: 0.5 });
  doc.fillColor('black');
}

/** "Label:", "Libellé :" (French puts a space before the colon). */
const withColon = (label: string, language: Language) => `${label}${language === 'fr' ? ' :' : ':'}`;

/** "Label: value" in one flowing line (bold label). */
export function labelled(
  doc: PDFKit.PDFDocument,
  language: Language,
  label: string,
  value: string,
  options: PDFKit.Mixins.TextOptions = {},
) {
  doc
    .font('bold')
    .text(`${withColon(label, language)} `, { ...options, continued: true })
    .font('regular')
    .text(value);
}

/** What the header says on the right: the title, the document's number and its facts (dates already in its zone). */
export interface DocumentHeading {
  title: string;
  number: string;
  facts: Array<[string, string]>;
  timeZone: DocumentTimeZone;
}

export function writeHeader(
  doc: PDFKit.PDFDocument,
  invoice: Invoice,
  heading: DocumentHeading,
  language: Language,
  logo: DocumentLogo | null,
) {
  const l = labels[language];
  const { left, width, right } = layoutOf(doc);
  const top = MARGIN;
  // Left (40 %): who issues the document, under the storefront's logo when it has one. Right: what it is, its number
  // and its dates, in the document's zone (decision 248), wide enough for a date and time on one line.
  const sellerWidth = width * 0.4;
  const meta = width - sellerWidth;
  const metaX = left + sellerWidth;
  let sellerTop = top;
  if (logo) {
    const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height, 1);
    // In the PDF thread the logo's Buffer arrives as a plain Uint8Array (structured clone), which pdfkit would take
    // for a file name: a Buffer over the same memory again (decision 342).
    const data = Buffer.from(logo.data.buffer, logo.data.byteOffset, logo.data.byteLength);
    doc.image(data, left, top, { width: logo.width * scale, height: logo.height * scale });
    sellerTop = top + logo.height * scale + 8;
  }
  doc
    .font('bold')
    .fontSize(16)
    .text(invoice.seller.name, left, sellerTop, { width: sellerWidth - 10 });
  if (invoice.seller.legalName !== invoice.seller.name)
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(grey)
      .text(invoice.seller.legalName, { width: sellerWidth - 10 });
  doc.fillColor('black');
  const leftBottom = doc.y;

  doc.font('bold').fontSize(22).text(heading.title, metaX, top, { width: meta, align: 'right' });
  doc.font('regular').fontSize(11).text(heading.number, { width: meta, align: 'right' });
  doc.moveDown(0.4).fontSize(9);
  // Label and value in two columns (pdfkit cannot right-align a line of mixed fonts).
  const labelWidth = meta * 0.38;
  for (const [label, value] of heading.facts) {
    const y = doc.y;
    doc.font('bold').text(withColon(label, language), metaX, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc.font('regular').text(value, metaX + labelWidth, y, { width: meta - labelWidth, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 1;
  }
  doc
    .fillColor(grey)
    .fontSize(8)
    .text(l.zone(timeZoneName(heading.timeZone, language)), metaX, doc.y + 2, {
      width: meta,
      align: 'right',
    })
    .fillColor('black');

  const y = Math.max(leftBottom, doc.y) + 10;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(rule).stroke();
  doc.y = y + 10;
}

/** The buyer's block: a heading and address lines (the order's billing or shipping address). */
/** A party's street address as printed (decision 315): the street, then city, province and postal code. */
export const documentAddressLines = (address: DocumentAddress, language: Language) => [
  address.street,
  `${address.city}, ${provinceNames[address.province]?.[language] ?? address.province} ${address.postalCode}`,
];

export interface BuyerAddress {
  heading: string;
  lines: string[];
}

export function writeParties(
  doc: PDFKit.PDFDocument,
  invoice: Invoice,
  language: Language,
  address?: BuyerAddress,
) {
  const l = labels[language];
  const { left, width } = layoutOf(doc);
  const half = width / 2;
  const top = doc.y;

  heading(doc, l.supplier, left, top, half - 10);
  doc
    .font('bold')
    .fontSize(10)
    .text(invoice.seller.legalName, { width: half - 10 });
  doc.font('regular').fontSize(9);
  if (invoice.seller.address)
    for (const line of documentAddressLines(invoice.seller.address, language))
      doc.text(line, { width: half - 10 });
  if (invoice.seller.name !== invoice.seller.legalName)
    labelled(doc, language, l.tradeName, invoice.seller.name);
  if (invoice.seller.gstHstNumber) labelled(doc, language, l.gstHst, invoice.seller.gstHstNumber);
  else doc.text(l.smallSupplier, { width: half - 10 });
  if (invoice.seller.qstNumber) labelled(doc, language, l.qst, invoice.seller.qstNumber);
  const supplierBottom = doc.y;

  heading(doc, address?.heading ?? l.buyer, left + half, top, half);
  doc.font('bold').fontSize(10).text(invoice.buyer.name, { width: half });
  doc.font('regular').fontSize(9);
  // An order's document names its address; an invoice the buyer's billing address when it was issued (decision 315)
  // and, always, where it is delivered.
  if (address) for (const line of address.lines) doc.text(line, { width: half });
  else {
    if (invoice.buyer.address)
      for (const line of documentAddressLines(invoice.buyer.address, language))
        doc.text(line, { width: half });
    labelled(
      doc,
      language,
      l.delivery,
      `${provinceNames[invoice.deliveryProvince]?.[language] ?? invoice.deliveryProvince}, ${normalizePostalCode(invoice.deliveryPostalCode)}`,
      { width: half },
    );
  }
  doc.x = left;
  doc.y = Math.max(supplierBottom, doc.y) + 16;
}

/** Column x positions and widths from the shares above. */
function tableColumns(doc: PDFKit.PDFDocument) {
  const { left, width } = layoutOf(doc);
  let x = left;
  const at = (share: number) => {
    const column = { x, width: width * share };
    x += column.width;
    return column;
  };
  return {
    description: at(columns.description),
    quantity: at(columns.quantity),
    unitPrice: at(columns.unitPrice),
    amount: at(columns.amount),
  };
}

export function writeLineItems(doc: PDFKit.PDFDocument, invoice: Invoice, language: Language) {
  const l = labels[language];
  const { left, width, right } = layoutOf(doc);
  const c = tableColumns(doc);
  const pad = 6;
  keepTogether(doc, 80);

  const headerTop = doc.y;
  doc.rect(left, headerTop, width, 20).fill(headerFill).fillColor('black');
  doc.font('bold').fontSize(9);
  const headerY = headerTop + 6;
  doc.text(l.description, c.description.x + pad, headerY, { width: c.description.width - 2 * pad });
  doc.text(l.quantity, c.quantity.x, headerY, { width: c.quantity.width - pad, align: 'right' });
  doc.text(l.unitPrice, c.unitPrice.x, headerY, { width: c.unitPrice.width - pad, align: 'right' });
  doc.text(l.amount, c.amount.x, headerY, { width: c.amount.width - pad, align: 'right' });

  const rowY = headerTop + 26;
  doc.font('bold').fontSize(10);
  doc.text(subjectNameIn(invoice.subject, language), c.description.x + pad, rowY, {
    width: c.description.width - 2 * pad,
  });
  doc.font('regular').fontSize(8.5).fillColor(grey);
  labelled(doc, language, l.category, invoiceCategoryName(invoice.subject, language), {
    width: c.description.width - 2 * pad,
  });
  if (invoice.leadDays !== null)
    labelled(doc, language, l.leadDays, String(invoice.leadDays), { width: c.description.width - 2 * pad });
  doc.fillColor('black');
  const descriptionBottom = doc.y;

  doc.font('regular').fontSize(10);
  doc.text(quantity(invoice.subject.quantity, invoice.subject.unit, language), c.quantity.x, rowY, {
    width: c.quantity.width - pad,
    align: 'right',
  });
  // The unit price is informative; the amount charged is the total price (decision 255).
  doc.text(money(invoice.unitPriceCents, language), c.unitPrice.x, rowY, {
    width: c.unitPrice.width - pad,
    align: 'right',
  });
  doc.text(money(invoice.totalPriceCents, language), c.amount.x, rowY, {
    width: c.amount.width - pad,
    align: 'right',
  });

  const y = Math.max(descriptionBottom, doc.y) + 8;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(rule).stroke();
  doc.x = left;
  doc.y = y + 10;
}

/**
 * Subtotal, shipping, taxable amount, one line per tax, total tax and the total in a box; `after` rows (the
 * receipt's amount paid and refunds) follow the box in the same columns.
 */
export function writeTotals(
  doc: PDFKit.PDFDocument,
  invoice: Invoice,
  language: Language,
  after: Array<[string, string]> = [],
) {
  const l = labels[language];
  const { left, width } = layoutOf(doc);
  const labelX = left + width * 0.46;
  const labelWidth = width * 0.36;
  const valueX = labelX + labelWidth;
  const valueWidth = left + width - valueX - 6;
  keepTogether(doc, 40 + 28 * invoice.taxLines.length + 60 + 16 * after.length);

  const row = (label: string, value: string, note?: string, font: 'regular' | 'bold' = 'regular') => {
    const y = doc.y;
    doc.font(font).fontSize(9.5).text(label, labelX, y, { width: labelWidth });
    if (note)
      doc.fontSize(8).fillColor(grey).text(note, labelX, doc.y, { width: labelWidth }).fillColor('black');
    const labelBottom = doc.y;
    doc.fontSize(9.5).text(value, valueX, y, { width: valueWidth, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 3;
  };
  row(l.subtotal, money(invoice.totalPriceCents, language));
  row(l.shipping, money(invoice.shippingCents, language));
  row(l.taxableAmount, money(invoice.negotiatedPriceCents + invoice.shippingCents, language));
  // One line per tax with its rate and the supplier's registration number for that tax (CRA input tax credits).
  for (const tax of invoice.taxLines) {
    const number =
      tax.code === 'QST'
        ? invoice.seller.qstNumber
        : tax.code === 'PST' || tax.code === 'RST'
          ? null
          : invoice.seller.gstHstNumber;
    row(
      `${taxNames[language][tax.code] ?? tax.code} ${rate(tax.ratePercent, language)}`,
      money(tax.amountCents, language),
      number ? `${l.registration} ${number}` : undefined,
    );
  }
  row(l.taxTotal, money(invoice.taxCents, language));

  const boxY = doc.y + 4;
  doc
    .rect(labelX - 6, boxY, left + width - labelX + 6, 26)
    .lineWidth(1.25)
    .strokeColor('black')
    .stroke();
  doc
    .font('bold')
    .fontSize(11.5)
    .text(l.total, labelX, boxY + 8, { width: labelWidth });
  doc.text(money(invoice.totalCents, language), valueX, boxY + 8, { width: valueWidth, align: 'right' });
  doc.y = boxY + 34;
  for (const [label, value] of after) row(label, value, undefined, 'bold');
  doc.x = left;
  doc.y += 6;
}

/** A titled block of text (terms, notes), kept off the footer. */
export function writeBlock(doc: PDFKit.PDFDocument, title: string, body: string) {
  const { left, width } = layoutOf(doc);
  keepTogether(doc, 40);
  heading(doc, title, left, doc.y, width);
  doc
    .font('regular')
    .fontSize(9.5)
    .text(body, left, doc.y + 2, { width });
  doc.moveDown(0.8);
}

/** Labelled lines at the left margin (the invoice's tax change). */
export function writeLabelledLines(
  doc: PDFKit.PDFDocument,
  language: Language,
  lines: Array<[string, string]>,
) {
  if (lines.length === 0) return;
  const { width } = layoutOf(doc);
  doc.fontSize(9);
  keepTogether(doc, 40);
  for (const [label, value] of lines) labelled(doc, language, label, value, { width });
  doc.moveDown(0.8);
}

/**
 * Footer of every page, written once the page count is known: the supplier, the document's title and number, where
 * it was issued and "Page n of N" in the language of that page's section.
 */
function writeFooters(
  doc: PDFKit.PDFDocument,
  invoice: Invoice,
  footer: (language: Language) => string,
  pageLanguages: Language[],
) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const language = pageLanguages[index] ?? pageLanguages[0]!;
    const l = labels[language];
    const { left, width, right } = layoutOf(doc);
    const y = doc.page.height - MARGIN - 14;
    // Below the bottom margin pdfkit would open a new page for the text: the margin is lifted while writing it.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(left, y - 6)
      .lineTo(right, y - 6)
      .lineWidth(0.5)
      .strokeColor(rule)
      .stroke();
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(grey)
      .text(`${invoice.seller.legalName} · ${footer(language)} · ${l.issuedThrough}`, left, y, {
        width: width * 0.75,
        lineBreak: false,
      });
    doc.text(l.page(index - range.start + 1, range.count), left + width * 0.75, y, {
      width: width * 0.25,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('black');
    doc.page.margins.bottom = bottomMargin;
  }
}

export interface DocumentSpec {
  invoice: Invoice;
  languages: Language[];
  paper: DocumentPaperSize;
  /** The document's title in its metadata (first language). */
  metadataTitle: string;
  /** "INVOICE #3F2A9C1E" in the footer, in the language of the page. */
  footer: (language: Language) => string;
  /** Writes the whole document in one language, from the top of a fresh page. */
  write: (doc: PDFKit.PDFDocument, language: Language) => void;
}

/** Renders a document: one section per language, each from a new page, then the footers once the pages are known. */
export function renderDocument(spec: DocumentSpec): Promise<Buffer> {
  const { invoice, languages } = spec;
  const doc = new PDFDocument({
    size: paperSizes[spec.paper],
    // The bottom margin keeps the footer's room, so flowing text (long notes) breaks to a new page above it.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_ROOM },
    bufferPages: true,
    lang: languages[0] === 'fr' ? 'fr-CA' : 'en-CA',
    info: { Title: spec.metadataTitle, Author: invoice.seller.legalName },
  });
  doc.registerFont('regular', fontRegular);
  doc.registerFont('bold', fontBold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // The language of each page, for its footer: a Quebec document's French section, then its English one.
  const pageLanguages: Language[] = [];
  languages.forEach((language, index) => {
    if (index > 0) doc.addPage();
    const first = doc.bufferedPageRange().count - 1;
    spec.write(doc, language);
    for (let page = first; page < doc.bufferedPageRange().count; page++) pageLanguages[page] = language;
  });
  writeFooters(doc, invoice, spec.footer, pageLanguages);
  doc.end();
  return done;
}

/** A logo ready for pdfkit: PNG bytes and their size in pixels. */
export interface DocumentLogo {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * A storefront's logo for a document (decision 293): only an uploaded one (`/uploads/<key>`, WebP since decision
 * 261; the generated placeholder is not a logo), re-encoded as PNG, which pdfkit can embed. Null when there is none
 * or it cannot be read: a document is never refused for its logo.
 */
export async function documentLogo(
  storage: { get(key: string): Promise<{ data: Buffer } | null> },
  logoUrl: string | null | undefined,
): Promise<DocumentLogo | null> {
  const key = logoUrl?.startsWith('/uploads/') ? logoUrl.slice('/uploads/'.length) : null;
  if (!key) return null;
  try {
    const file = await storage.get(key);
    if (!file) return null;
    // Loaded here, not with the layout: the PDF thread draws documents and never re-encodes a logo (decision 342).
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(file.data, { limitInputPixels: 50_000_000 })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** A document's bytes as a private download (errors keep the usual JSON shape). */
export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
