import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CounterOffer, Invoice, InvoiceChange } from '@maplesource/contracts/invoices';
import { useFormat } from '../../../lib/format';
import { invoicePagePath } from '../../../lib/invoice-links';

const moneyFields = new Set<InvoiceChange['field']>([
  'negotiatedPriceCents',
  'unitPriceCents',
  'shippingCents',
  'taxCents',
  'totalCents',
]);
const dateFields = new Set<InvoiceChange['field']>(['deadline', 'dueOn']);

/** A calendar date (YYYY-MM-DD) as the reader writes it, without shifting it through a time zone. */
const calendarDate = (format: ReturnType<typeof useFormat>, value: string) =>
  format.date(`${value}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * What this version changed from the one it revises (decision 271), one row per field: old → new. Shown to both
 * parties above the document; nothing for a first version.
 */
export function InvoiceChanges({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const format = useFormat();
  if (invoice.version < 2 || !invoice.previousInvoiceToken) return null;
  const shown = (change: InvoiceChange, value: InvoiceChange['from']) => {
    if (value === null || value === '') return t('page.none');
    if (typeof value === 'number' && moneyFields.has(change.field)) return format.money(value);
    if (typeof value === 'string' && dateFields.has(change.field)) return calendarDate(format, value);
    return typeof value === 'number' ? format.number(value) : value;
  };
  const previous = invoice.version - 1;
  const headingId = `invoice-changes-${invoice.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm">
      <h2 id={headingId} className="font-semibold text-blue-950">
        {t('page.changesTitle', { version: previous })}
      </h2>
      {invoice.changes.length > 0 ? (
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          {invoice.changes.map((change) => (
            <div key={change.field} className="contents">
              <dt className="font-medium text-blue-950">{t(`changes.${change.field}`)}</dt>
              <dd className="break-words text-blue-950">
                {t('page.changeRow', { from: shown(change, change.from), to: shown(change, change.to) })}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Link
        className="mt-2 inline-block font-medium text-blue-900 underline"
        to={invoicePagePath(invoice.previousInvoiceToken, invoice.kind)}
      >
        {t('page.previousVersion', { version: previous })}
      </Link>
    </section>
  );
}

/** The buyer's counter-offer in one line (decision 272): the parts given, then the note. */
export function useCounterOfferText() {
  const { t } = useTranslation('invoices');
  const format = useFormat();
  return (offer: CounterOffer) =>
    [
      offer.negotiatedPriceCents === null
        ? null
        : t('counterOffer.price_part', { price: format.money(offer.negotiatedPriceCents) }),
      offer.quantity === null
        ? null
        : t('counterOffer.quantity_part', { quantity: format.number(offer.quantity) }),
      offer.deliveryDate === null
        ? null
        : t('counterOffer.date_part', { date: calendarDate(format, offer.deliveryDate) }),
      offer.note || null,
    ]
      .filter(Boolean)
      .join(' · ');
}
