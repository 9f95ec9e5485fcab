import { shortRef } from '@maplesource/contracts/common';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { invoiceCategoryName, type DocumentAddress, type Invoice } from '@maplesource/contracts/invoices';
import { subjectNameIn } from '@maplesource/contracts/languages';
import { normalizePostalCode, provinceNames } from '@maplesource/contracts/provinces';
import {
  formatDocumentDate,
  formatDocumentDateTime,
  timeZoneName,
} from '@maplesource/contracts/document-time';
import { formatMoney } from '../../../lib/format';
import { quantityText } from '../../../lib/document-formats';

type Rows = [string, ReactNode][];

function Section({
  title,
  rows,
  children,
  className = '',
}: {
  title: string;
  rows?: Rows;
  children?: ReactNode;
  /** Where the block sits on paper (decision 293: the printed page follows the PDF's order). */
  className?: string;
}) {
  return (
    <section
      className={`rounded-lg border border-gray-200 p-4 break-inside-avoid print:rounded-none print:border-gray-400 print:p-3 ${className}`}
    >
      <h2 className="mb-2 text-base font-semibold text-gray-900">{title}</h2>
      {rows ? (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-gray-600">{label}</dt>
              <dd className="break-words whitespace-pre-wrap text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </section>
  );
}

/**
 * The invoice itself (docs/product.md §2 invoice page: summary, product details, terms, delivery info, seller, timeline) in
 * the document's language (`t` and `lang`), which may differ from the UI's (Quebec: French first).
 */
export function InvoiceDocument({ invoice, t, lang }: { invoice: Invoice; t: TFunction; lang: 'en' | 'fr' }) {
  const money = (cents: number) => formatMoney(cents, lang);
  // The invoice date and the timeline in the document's one zone, named (decision 248).
  const when = (instant: string) => formatDocumentDateTime(instant, lang, invoice.timeZone);
  const none = t('document.none');
  const summary: Rows = [
    [t('summary.negotiatedPrice'), money(invoice.negotiatedPriceCents)],
    ...invoice.taxLines.map((line): [string, ReactNode] => [
      t('summary.taxLine', { code: t(`taxCodes.${line.code}`), rate: line.ratePercent }),
      money(line.amountCents),
    ]),
  ];
  if (invoice.taxLines.length === 0) summary.push([t('summary.tax'), money(invoice.taxCents)]);
  summary.push([t('summary.shipping'), money(invoice.shippingCents)]);
  summary.push([t('summary.total'), <strong key="total">{money(invoice.totalCents)}</strong>]);
  if (invoice.taxOverrideCode)
    summary.push([t('summary.taxOverrideReason'), t(`summary.taxOverrideCodes.${invoice.taxOverrideCode}`)]);
  if (invoice.taxExemptionCertificate)
    summary.push([t('summary.taxExemptionCertificate'), invoice.taxExemptionCertificate]);
  // Invoices issued before decision 241 (and small suppliers) carry a free-text reason instead.
  if (!invoice.taxOverrideCode && invoice.taxOverrideReason)
    summary.push([t('summary.taxOverrideReason'), invoice.taxOverrideReason]);

  const product: Rows = [
    [t(`document.subject.${invoice.kind}`), subjectNameIn(invoice.subject, lang)],
    [t('document.category'), invoiceCategoryName(invoice.subject, lang) || none],
    [t('document.quantity'), quantityText(t, invoice.subject.quantity, invoice.subject.unit, lang)],
    [t('document.unitPrice'), money(invoice.unitPriceCents)],
    [t('document.totalPrice'), money(invoice.totalPriceCents)],
    [t('document.invoiceId'), shortRef(invoice.id)],
    [t('document.issuedOn'), formatDocumentDate(invoice.issuedOn, lang, invoice.timeZone)],
    [t('document.dueOn'), formatDocumentDate(invoice.dueOn, lang, invoice.timeZone)],
  ];
  const terms: Rows = [
    [t('document.paymentTerms'), invoice.paymentTerms || none],
    [t('document.deliveryTerms'), invoice.deliveryTerms || none],
    [t('document.notes'), invoice.notes || none],
  ];
  const delivery: Rows = [
    [t('document.province'), provinceNames[invoice.deliveryProvince][lang]],
    [t('document.postalCode'), normalizePostalCode(invoice.deliveryPostalCode)],
    [
      t('document.deadline'),
      invoice.deadline === null ? none : formatDocumentDate(invoice.deadline, lang, invoice.timeZone),
    ],
    [
      t('document.leadDays'),
      invoice.leadDays === null ? none : t('document.days', { count: invoice.leadDays }),
    ],
  ];
  const seller: Rows = [
    [t('document.sellerName'), invoice.seller.name],
    [t('document.legalName'), invoice.seller.legalName],
    [t('document.gstHstNumber'), invoice.seller.gstHstNumber ?? t('document.smallSupplier')],
  ];
  if (invoice.seller.qstNumber) seller.push([t('document.qstNumber'), invoice.seller.qstNumber]);
  // The parties' addresses as they were when the invoice was issued (decision 315), written as on the PDF.
  const addressText = (address: DocumentAddress) =>
    `${address.street}, ${address.city}, ${provinceNames[address.province][lang]} ${address.postalCode}`;
  if (invoice.seller.address) seller.push([t('document.sellerAddress'), addressText(invoice.seller.address)]);
  seller.push([t('document.buyer'), invoice.buyer.name]);
  if (invoice.buyer.address) seller.push([t('document.buyerAddress'), addressText(invoice.buyer.address)]);

  // On paper (decision 293) the page reads like the PDF (decision 258): a document header (seller, title, number,
  // dates and their zone), the seller and buyer, the line item across the page, the totals on the right, then the
  // terms, delivery and timeline; two columns whatever the paper's width.
  return (
    <div
      lang={lang}
      data-testid="invoice-document"
      className="grid gap-4 md:grid-cols-2 print:grid-cols-2 print:gap-3 print:text-black"
    >
      <header
        data-testid="invoice-print-header"
        className="hidden items-start justify-between gap-4 border-b border-gray-400 pb-3 print:order-first print:col-span-2 print:flex"
      >
        {/* The legal name and tax numbers are in the seller block printed right under it, as on the PDF. */}
        <p className="text-xl font-bold">{invoice.seller.name}</p>
        <div className="text-right text-sm">
          <p className="text-2xl font-bold tracking-wide">{t('document.printTitle')}</p>
          <p>{t('document.printNumber', { id: shortRef(invoice.id) })}</p>
          <p>
            {t('document.issuedOn')}: {formatDocumentDate(invoice.issuedOn, lang, invoice.timeZone)}
          </p>
          <p>
            {t('document.dueOn')}: {formatDocumentDate(invoice.dueOn, lang, invoice.timeZone)}
          </p>
          <p className="text-xs">{t('document.zoneNote', { zone: timeZoneName(invoice.timeZone, lang) })}</p>
        </div>
      </header>
      <Section title={t('sections.summary')} rows={summary} className="print:order-3 print:col-start-2" />
      <Section
        title={t(`sections.${invoice.kind}`)}
        rows={product}
        className="print:order-2 print:col-span-2"
      />
      <Section title={t('sections.terms')} rows={terms} className="print:order-4" />
      <Section title={t('sections.delivery')} rows={delivery} className="print:order-5" />
      <Section title={t('sections.seller')} rows={seller} className="print:order-1 print:col-span-2" />
      <Section title={t('sections.timeline')} className="print:order-6">
        <ol className="space-y-1 text-sm text-gray-900">
          <li>{t('timeline.created', { date: when(invoice.createdAt) })}</li>
          <li>
            {invoice.viewedAt
              ? t('timeline.viewed', { date: when(invoice.viewedAt) })
              : t('timeline.notViewed')}
          </li>
          {invoice.acceptedAt ? <li>{t('timeline.accepted', { date: when(invoice.acceptedAt) })}</li> : null}
          {invoice.rejectedAt ? <li>{t('timeline.rejected', { date: when(invoice.rejectedAt) })}</li> : null}
          <li>{t('timeline.expires', { date: when(invoice.expiresAt) })}</li>
        </ol>
      </Section>
    </div>
  );
}
