import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { subjectNameIn } from '@maplesource/contracts/languages';
import type { ChatQuotation } from '@maplesource/contracts/chat';
import { useFormat } from '../../../lib/format';

/**
 * docs/product.md §2 quotation details: request id, product, quantity, deadline, price range, delivery province and postal
 * code, description, additional requirements, timeline. `actions` is where the seller's accept/reject goes.
 */
export function QuotationPanel({ quotation, actions }: { quotation: ChatQuotation; actions?: ReactNode }) {
  const { t, i18n } = useTranslation('chat');
  const format = useFormat();
  const rows: [string, ReactNode][] = [
    [t('quotation.requestId'), quotation.requestId],
    [
      t('quotation.product'),
      subjectNameIn({ name: quotation.subjectName, nameFr: quotation.subjectNameFr ?? null }, i18n.language),
    ],
    [t('quotation.quantity'), quotation.quantity],
    [t('quotation.deadline'), format.date(quotation.deadline)],
    [
      t('quotation.priceRange'),
      `${format.money(quotation.minPriceCents)} – ${format.money(quotation.maxPriceCents)}`,
    ],
    [t('quotation.delivery'), `${quotation.deliveryProvince} ${quotation.deliveryPostalCode}`],
  ];
  if (quotation.leadDays !== null) rows.push([t('quotation.leadDays'), quotation.leadDays]);
  if (quotation.description) rows.push([t('quotation.description'), quotation.description]);
  if (quotation.additionalRequirements) {
    rows.push([t('quotation.additionalRequirements'), quotation.additionalRequirements]);
  }
  return (
    <details className="border-b border-gray-200 px-3 py-2 text-sm" open>
      <summary className="cursor-pointer font-medium text-gray-900">
        {t('quotation.title')} · {t(`quotation.decision.${quotation.decision}`)}
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-600">{label}</dt>
            <dd className="break-words text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <ol aria-label={t('quotation.timeline')} className="mt-2 space-y-0.5 text-xs text-gray-700">
        <li>{t('quotation.submittedAt', { date: format.dateTime(quotation.timeline.submittedAt) })}</li>
        {quotation.timeline.acceptedAt ? (
          <li>{t('quotation.acceptedAt', { date: format.dateTime(quotation.timeline.acceptedAt) })}</li>
        ) : null}
        {quotation.timeline.rejectedAt ? (
          <li>{t('quotation.rejectedAt', { date: format.dateTime(quotation.timeline.rejectedAt) })}</li>
        ) : null}
      </ol>
      {actions ? <div className="mt-2 flex flex-wrap gap-2">{actions}</div> : null}
    </details>
  );
}
