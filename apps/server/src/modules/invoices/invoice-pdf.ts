import {
  formatDocumentDate,
  formatDocumentDateTime,
  shortRef,
  type DocumentPaperSize,
  type Invoice,
} from '@maplesource/contracts';
import {
  labels,
  plainSpaces,
  renderDocument,
  writeBlock,
  writeHeader,
  writeLabelledLines,
  writeLineItems,
  writeParties,
  writeTotals,
  type DocumentLogo,
  type Language,
} from './document-layout';
import { renderPdfInWorker } from '../../plugins/pdf-pool';

export { money } from './document-layout';

/**
 * The invoice as a PDF (decision 134), with what a Canadian business buyer needs for input tax credits:
 * the supplier's legal name and GST/HST (and QST) registration numbers, the invoice date, the total, each tax
 * with its rate and amount, the buyer's name, a description and the payment terms. Every field is printed on
 * every invoice (the CRA's $100 and $500 thresholds only set a minimum). A Quebec delivery is printed in French
 * first, then in English (Charter of the French Language); otherwise in the viewer's language. Laid out as a business
 * document — header, parties, line-item table, totals, terms, numbered pages — on Letter or A4 (decision 258), by the
 * layout it shares with the order's receipt and confirmation (`document-layout.ts`, decision 293).
 */

/** The viewer's language: the `lang` asked for, else the browser's (French when it prefers French). */
export function viewerLanguage(
  request: { headers: Record<string, string | string[] | undefined> },
  asked: Language | undefined,
): Language {
  if (asked) return asked;
  return /^\s*fr\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'fr' : 'en';
}

/** The languages of the document, in order: French then English for a Quebec delivery. */
export function pdfLanguages(
  invoice: Pick<Invoice, 'deliveryProvince'>,
  viewerLanguage: Language,
): Language[] {
  return invoice.deliveryProvince === 'QC' ? ['fr', 'en'] : [viewerLanguage];
}

function writeInvoice(
  doc: PDFKit.PDFDocument,
  invoice: Invoice,
  language: Language,
  logo: DocumentLogo | null,
) {
  const l = labels[language];
  const date = (value: string) => plainSpaces(formatDocumentDate(value, language, invoice.timeZone, 'long'));
  writeHeader(
    doc,
    invoice,
    {
      title: l.title,
      number: shortRef(invoice.id),
      timeZone: invoice.timeZone,
      facts: [
        [l.date, date(invoice.issuedOn)],
        [l.dueOn, date(invoice.dueOn)],
        [
          l.expires,
          plainSpaces(formatDocumentDateTime(invoice.expiresAt, language, invoice.timeZone, 'long')),
        ],
        [l.deadline, invoice.deadline === null ? l.none : date(invoice.deadline)],
        [l.status, l.statuses[invoice.status]],
      ],
    },
    language,
    logo,
  );
  writeParties(doc, invoice, language);
  writeLineItems(doc, invoice, language);
  writeTotals(doc, invoice, language);
  const taxChange: Array<[string, string]> = [];
  if (invoice.taxOverrideCode) taxChange.push([l.taxOverride, l.taxOverrideCodes[invoice.taxOverrideCode]]);
  if (invoice.taxExemptionCertificate)
    taxChange.push([l.taxExemptionCertificate, invoice.taxExemptionCertificate]);
  if (invoice.taxOverrideReason) taxChange.push([l.taxOverride, invoice.taxOverrideReason]);
  writeLabelledLines(doc, language, taxChange);
  writeBlock(doc, l.paymentTerms, invoice.paymentTerms || l.none);
  writeBlock(doc, l.deliveryTerms, invoice.deliveryTerms || l.none);
  if (invoice.notes) writeBlock(doc, l.notes, invoice.notes);
  if (invoice.rejectionReason) writeBlock(doc, l.rejectionReason, invoice.rejectionReason);
}

export interface InvoicePdfInput {
  invoice: Invoice;
  languages: Language[];
  paper: DocumentPaperSize;
  logo: DocumentLogo | null;
}

/** The invoice's PDF, drawn in the PDF thread (decision 342): the event loop serves other requests meanwhile. */
export function renderInvoicePdf(
  invoice: Invoice,
  languages: Language[],
  paper: DocumentPaperSize = 'letter',
  logo: DocumentLogo | null = null,
): Promise<Buffer> {
  return renderPdfInWorker('invoice', { invoice, languages, paper, logo } satisfies InvoicePdfInput);
}

/** Draws the invoice with PDFKit, synchronously but for the stream's end: run in the PDF thread (`pdf-worker.ts`). */
export function drawInvoicePdf({ invoice, languages, paper, logo }: InvoicePdfInput): Promise<Buffer> {
  return renderDocument({
    invoice,
    languages,
    paper,
    metadataTitle: `${labels[languages[0]!].title} ${invoice.id}`,
    footer: (language) => `${labels[language].title} ${shortRef(invoice.id)}`,
    write: (doc, language) => writeInvoice(doc, invoice, language, logo),
  });
}
