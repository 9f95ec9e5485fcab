import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import {
  invoiceCategoryName,
  provinceNames,
  shortRef,
  subjectNameIn,
  type Invoice,
} from '@maplesource/contracts';

/**
 * The invoice as a PDF (issue 12, decision 134), with what a Canadian business buyer needs for input tax credits:
 * the supplier's legal name and GST/HST (and QST) registration numbers, the invoice date, the total, each tax
 * with its rate and amount, the buyer's name, a description and the payment terms. Every field is printed on
 * every invoice (the CRA's $100 and $500 thresholds only set a minimum). A Quebec delivery is printed in French
 * first, then in English (Charter of the French Language); otherwise in the viewer's language.
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
    status: 'Status',
    statuses: { pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected', expired: 'Expired' },
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
    paymentTerms: 'Payment terms',
    deliveryTerms: 'Delivery terms',
    notes: 'Notes',
    delivery: 'Delivery',
    leadDays: 'Lead time (days)',
    rejectionReason: 'Rejection reason',
    none: '—',
  },
  fr: {
    title: 'FACTURE',
    number: 'Numéro de facture',
    date: 'Date de la facture',
    expires: 'Expire le',
    status: 'Statut',
    statuses: { pending: 'En attente', accepted: 'Acceptée', rejected: 'Refusée', expired: 'Expirée' },
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
    paymentTerms: 'Conditions de paiement',
    deliveryTerms: 'Conditions de livraison',
    notes: 'Notes',
    delivery: 'Livraison à',
    leadDays: 'Délai (jours)',
    rejectionReason: 'Raison du refus',
    none: '—',
  },
} as const;

const taxNames: Record<Language, Record<string, string>> = {
  en: { GST: 'GST', HST: 'HST', QST: 'QST', PST: 'PST', RST: 'RST' },
  fr: { GST: 'TPS', HST: 'TVH', QST: 'TVQ', PST: 'TVP', RST: 'TVD' },
};

/** Narrow and no-break spaces of French formats become plain spaces (text extraction and copy-paste stay clean). */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

export const money = (cents: number, language: Language) =>
  plainSpaces(
    new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
      style: 'currency',
      currency: 'CAD',
    }).format(cents / 100),
  );

const dateTime = (iso: string, language: Language) =>
  plainSpaces(
    new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'America/Toronto',
    }).format(new Date(iso)),
  );

const rate = (ratePercent: string, language: Language) =>
  `${language === 'fr' ? ratePercent.replace('.', ',') : ratePercent} %`;

/** The languages of the document, in order: French then English for a Quebec delivery. */
export function pdfLanguages(invoice: Invoice, viewerLanguage: Language): Language[] {
  return invoice.deliveryProvince === 'QC' ? ['fr', 'en'] : [viewerLanguage];
}

function writeInvoice(doc: PDFKit.PDFDocument, invoice: Invoice, language: Language) {
  const l = labels[language];
  const line = (label: string, value: string) => {
    doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  };
  doc.font('bold').fontSize(20).text(l.title);
  doc.fontSize(10).moveDown(0.5);
  line(l.number, shortRef(invoice.id));
  line(l.date, invoice.issuedOn);
  line(l.expires, dateTime(invoice.expiresAt, language));
  line(l.status, l.statuses[invoice.status]);

  doc.moveDown().font('bold').fontSize(12).text(l.supplier).fontSize(10);
  doc.font('regular').text(invoice.seller.legalName);
  if (invoice.seller.name !== invoice.seller.legalName) line(l.tradeName, invoice.seller.name);
  if (invoice.seller.gstHstNumber) line(l.gstHst, invoice.seller.gstHstNumber);
  else doc.text(l.smallSupplier);
  if (invoice.seller.qstNumber) line(l.qst, invoice.seller.qstNumber);

  doc.moveDown().font('bold').fontSize(12).text(l.buyer).fontSize(10);
  doc.font('regular').text(invoice.buyer.name);
  line(
    l.delivery,
    `${provinceNames[invoice.deliveryProvince]?.[language] ?? invoice.deliveryProvince}, ${invoice.deliveryPostalCode}`,
  );

  doc.moveDown().font('bold').fontSize(12).text(l.description).fontSize(10);
  doc.font('regular').text(subjectNameIn(invoice.subject, language));
  line(l.category, invoiceCategoryName(invoice.subject, language));
  line(l.quantity, `${invoice.subject.quantity}${invoice.subject.unit ? ` ${invoice.subject.unit}` : ''}`);
  if (invoice.leadDays !== null) line(l.leadDays, String(invoice.leadDays));

  doc.moveDown();
  line(l.negotiatedPrice, money(invoice.negotiatedPriceCents, language));
  line(l.shipping, money(invoice.shippingCents, language));
  line(l.taxableAmount, money(invoice.negotiatedPriceCents + invoice.shippingCents, language));
  for (const tax of invoice.taxLines)
    line(
      `${taxNames[language][tax.code] ?? tax.code} ${rate(tax.ratePercent, language)}`,
      money(tax.amountCents, language),
    );
  line(l.taxTotal, money(invoice.taxCents, language));
  if (invoice.taxOverrideReason) line(l.taxOverride, invoice.taxOverrideReason);
  doc
    .font('bold')
    .fontSize(12)
    .text(`${l.total}: ${money(invoice.totalCents, language)}`)
    .fontSize(10);

  doc.moveDown();
  line(l.paymentTerms, invoice.paymentTerms || l.none);
  line(l.deliveryTerms, invoice.deliveryTerms || l.none);
  if (invoice.notes) line(l.notes, invoice.notes);
  if (invoice.rejectionReason) line(l.rejectionReason, invoice.rejectionReason);
}

export function renderInvoicePdf(invoice: Invoice, languages: Language[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
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
  languages.forEach((language, index) => {
    if (index > 0) doc.addPage();
    writeInvoice(doc, invoice, language);
  });
  doc.end();
  return done;
}
