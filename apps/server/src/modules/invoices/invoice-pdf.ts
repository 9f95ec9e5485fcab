import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatCad } from '@maplesource/contracts/money';
import {
  formatDocumentDate,
  formatDocumentDateTime,
  invoiceCategoryName,
  normalizePostalCode,
  provinceNames,
  shortRef,
  subjectNameIn,
  timeZoneName,
  unitText,
  type DocumentPaperSize,
  type Invoice,
} from '@maplesource/contracts';

/**
 * The invoice as a PDF (decision 134), with what a Canadian business buyer needs for input tax credits:
 * the supplier's legal name and GST/HST (and QST) registration numbers, the invoice date, the total, each tax
 * with its rate and amount, the buyer's name, a description and the payment terms. Every field is printed on
 * every invoice (the CRA's $100 and $500 thresholds only set a minimum). A Quebec delivery is printed in French
 * first, then in English (Charter of the French Language); otherwise in the viewer's language. Laid out as a business
 * document — header, parties, line-item table, totals, terms, numbered pages — on Letter or A4 (decision 258).
 * DejaVu Sans covers French accents and the narrow spaces French number formats use.
 */
const require = createRequire(import.meta.url);
const fontRegular = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const fontBold = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

type Language = 'en' | 'fr';

const labels = {
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
    zone: (name: string) => `Dates et heures en ${name}`,
  },
} as const;

const taxNames: Record<Language, Record<string, string>> = {
  en: { GST: 'GST', HST: 'HST', QST: 'QST', PST: 'PST', RST: 'RST' },
  fr: { GST: 'TPS', HST: 'TVH', QST: 'TVQ', PST: 'TVP', RST: 'TVD' },
};

/** Narrow and no-break spaces of French formats become plain spaces (text extraction and copy-paste stay clean). */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

export const money = (cents: number, language: Language) => plainSpaces(formatCad(cents, language));

/** "50 pieces", "1 pièce", "2 000 mètres": the catalogue's unit names (contracts `unitText`), as the web pages show. */
const quantity = (count: number, unit: string | null, language: Language) => {
  const amount = plainSpaces(new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA').format(count));
  return unit ? `${amount} ${unitText(unit, language, count)}` : amount;
};

const rate = (ratePercent: string, language: Language) =>
  `${language === 'fr' ? ratePercent.replace('.', ',') : ratePercent} %`;

/** The languages of the document, in order: French then English for a Quebec delivery. */
export function pdfLanguages(invoice: Invoice, viewerLanguage: Language): Language[] {
  return invoice.deliveryProvince === 'QC' ? ['fr', 'en'] : [viewerLanguage];
}

/** pdfkit's names of the paper sizes (decision 258: Letter, Canada's usual size, unless A4 is asked). */
const paperSizes: Record<DocumentPaperSize, string> = { letter: 'LETTER', a4: 'A4' };

const MARGIN = 50;
/** Room kept at the bottom of every page for the footer line and the page number. */
const FOOTER_ROOM = 40;
const grey = '#555555';
const rule = '#bbbbbb';
const headerFill = '#eeeeee';

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
function keepTogether(doc: PDFKit.PDFDocument, height: number) {
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
function labelled(
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

function writeHeader(doc: PDFKit.PDFDocument, invoice: Invoice, language: Language) {
  const l = labels[language];
  const { left, width, right } = layoutOf(doc);
  const top = MARGIN;
  // Left (40 %): who issues the document. Right: what it is, its number and its dates, in the document's zone
  // (decision 248), wide enough for a date and time on one line.
  const sellerWidth = width * 0.4;
  const meta = width - sellerWidth;
  const metaX = left + sellerWidth;
  doc
    .font('bold')
    .fontSize(16)
    .text(invoice.seller.name, left, top, { width: sellerWidth - 10 });
  if (invoice.seller.legalName !== invoice.seller.name)
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(grey)
      .text(invoice.seller.legalName, { width: sellerWidth - 10 });
  doc.fillColor('black');
  const leftBottom = doc.y;

  doc.font('bold').fontSize(22).text(l.title, metaX, top, { width: meta, align: 'right' });
  doc.font('regular').fontSize(11).text(shortRef(invoice.id), { width: meta, align: 'right' });
  doc.moveDown(0.4).fontSize(9);
  const facts: Array<[string, string]> = [
    [l.date, plainSpaces(formatDocumentDate(invoice.issuedOn, language, invoice.timeZone, 'long'))],
    [l.dueOn, plainSpaces(formatDocumentDate(invoice.dueOn, language, invoice.timeZone, 'long'))],
    [l.expires, plainSpaces(formatDocumentDateTime(invoice.expiresAt, language, invoice.timeZone, 'long'))],
    [
      l.deadline,
      invoice.deadline === null
        ? l.none
        : plainSpaces(formatDocumentDate(invoice.deadline, language, invoice.timeZone, 'long')),
    ],
    [l.status, l.statuses[invoice.status]],
  ];
  // Label and value in two columns (pdfkit cannot right-align a line of mixed fonts).
  const labelWidth = meta * 0.38;
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('bold').text(withColon(label, language), metaX, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc.font('regular').text(value, metaX + labelWidth, y, { width: meta - labelWidth, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 1;
  }
  doc
    .fillColor(grey)
    .fontSize(8)
    .text(l.zone(timeZoneName(invoice.timeZone, language)), metaX, doc.y + 2, {
      width: meta,
      align: 'right',
    })
    .fillColor('black');

  const y = Math.max(leftBottom, doc.y) + 10;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(rule).stroke();
  doc.y = y + 10;
}

function writeParties(doc: PDFKit.PDFDocument, invoice: Invoice, language: Language) {
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
  if (invoice.seller.name !== invoice.seller.legalName)
    labelled(doc, language, l.tradeName, invoice.seller.name);
  if (invoice.seller.gstHstNumber) labelled(doc, language, l.gstHst, invoice.seller.gstHstNumber);
  else doc.text(l.smallSupplier, { width: half - 10 });
  if (invoice.seller.qstNumber) labelled(doc, language, l.qst, invoice.seller.qstNumber);
  const supplierBottom = doc.y;

  heading(doc, l.buyer, left + half, top, half);
  doc.font('bold').fontSize(10).text(invoice.buyer.name, { width: half });
  doc.font('regular').fontSize(9);
  labelled(
    doc,
    language,
    l.delivery,
    `${provinceNames[invoice.deliveryProvince]?.[language] ?? invoice.deliveryProvince}, ${normalizePostalCode(invoice.deliveryPostalCode)}`,
    { width: half },
  );
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

function writeLineItems(doc: PDFKit.PDFDocument, invoice: Invoice, language: Language) {
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

function writeTotals(doc: PDFKit.PDFDocument, invoice: Invoice, language: Language) {
  const l = labels[language];
  const { left, width } = layoutOf(doc);
  const labelX = left + width * 0.46;
  const labelWidth = width * 0.36;
  const valueX = labelX + labelWidth;
  const valueWidth = left + width - valueX - 6;
  keepTogether(doc, 40 + 28 * invoice.taxLines.length + 60);

  const row = (label: string, value: string, note?: string) => {
    const y = doc.y;
    doc.font('regular').fontSize(9.5).text(label, labelX, y, { width: labelWidth });
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
  doc.x = left;
  doc.y = boxY + 40;
}

function writeTerms(doc: PDFKit.PDFDocument, invoice: Invoice, language: Language) {
  const l = labels[language];
  const { left, width } = layoutOf(doc);
  const block = (title: string, body: string) => {
    keepTogether(doc, 40);
    heading(doc, title, left, doc.y, width);
    doc
      .font('regular')
      .fontSize(9.5)
      .text(body, left, doc.y + 2, { width });
    doc.moveDown(0.8);
  };
  doc.fontSize(9);
  if (invoice.taxOverrideCode || invoice.taxExemptionCertificate || invoice.taxOverrideReason) {
    keepTogether(doc, 40);
    if (invoice.taxOverrideCode)
      labelled(doc, language, l.taxOverride, l.taxOverrideCodes[invoice.taxOverrideCode], { width });
    if (invoice.taxExemptionCertificate)
      labelled(doc, language, l.taxExemptionCertificate, invoice.taxExemptionCertificate, { width });
    if (invoice.taxOverrideReason)
      labelled(doc, language, l.taxOverride, invoice.taxOverrideReason, { width });
    doc.moveDown(0.8);
  }
  block(l.paymentTerms, invoice.paymentTerms || l.none);
  block(l.deliveryTerms, invoice.deliveryTerms || l.none);
  if (invoice.notes) block(l.notes, invoice.notes);
  if (invoice.rejectionReason) block(l.rejectionReason, invoice.rejectionReason);
}

function writeInvoice(doc: PDFKit.PDFDocument, invoice: Invoice, language: Language) {
  writeHeader(doc, invoice, language);
  writeParties(doc, invoice, language);
  writeLineItems(doc, invoice, language);
  writeTotals(doc, invoice, language);
  writeTerms(doc, invoice, language);
}

/**
 * Footer of every page, written once the page count is known: the supplier, the document's number, where it was
 * issued and "Page n of N" in the language of that page's section.
 */
function writeFooters(doc: PDFKit.PDFDocument, invoice: Invoice, pageLanguages: Language[]) {
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
      .text(
        `${invoice.seller.legalName} · ${l.title} ${shortRef(invoice.id)} · ${l.issuedThrough}`,
        left,
        y,
        {
          width: width * 0.75,
          lineBreak: false,
        },
      );
    doc.text(l.page(index - range.start + 1, range.count), left + width * 0.75, y, {
      width: width * 0.25,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('black');
    doc.page.margins.bottom = bottomMargin;
  }
}

export function renderInvoicePdf(
  invoice: Invoice,
  languages: Language[],
  paper: DocumentPaperSize = 'letter',
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: paperSizes[paper],
    // The bottom margin keeps the footer's room, so flowing text (long notes) breaks to a new page above it.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_ROOM },
    bufferPages: true,
    lang: languages[0] === 'fr' ? 'fr-CA' : 'en-CA',
    info: { Title: `${labels[languages[0]!].title} ${invoice.id}`, Author: invoice.seller.legalName },
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
    writeInvoice(doc, invoice, language);
    for (let page = first; page < doc.bufferedPageRange().count; page++) pageLanguages[page] = language;
  });
  writeFooters(doc, invoice, pageLanguages);
  doc.end();
  return done;
}
