import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { provinceNames, type ProvinceCode } from '@maplesource/contracts/province-names';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/query-states';
import { cn } from '../../../components/ui/cn';
import { errorMessage } from '../../../lib/http';
import { useFormat } from '../../../lib/format';
import { useSupplierInbox, type RfqInboxItem } from '../api/supplier-inbox';
import { RecipientStatusPill, RfqStatusPill } from './rfq-status';

/** "Bea Buyer", or "A verified buyer in Quebec" while a private request's buyer is not revealed (decision 317). */
export function useBuyerLabel() {
  const { t, i18n } = useTranslation('rfq');
  /** `inSentence`: the anonymous buyer written within a sentence ("… from a verified buyer in Quebec"). */
  return (buyer: RfqInboxItem['buyer'], inSentence = false) => {
    if (buyer.name) return buyer.name;
    const names = provinceNames[buyer.province as ProvinceCode];
    const province = names ? (i18n.language.startsWith('fr') ? names.fr : names.en) : buyer.province;
    return t(inSentence ? 'supplier.anonymousBuyerInSentence' : 'supplier.anonymousBuyer', { province });
  };
}

/**
 * The seller's requests for quotes (decision 298): newest activity first, each with the buyer as shown to this
 * supplier, the deadline, the request's status and this supplier's answer; the ones still to answer are marked
 * "new". `linkTo` builds a request's address (the route owns its URL); `current` is the one open beside it.
 */
export function SupplierInbox({
  sellerId,
  linkTo,
  current,
}: {
  sellerId: number;
  linkTo: (rfqId: string) => string;
  current: string | null;
}) {
  const { t } = useTranslation('rfq');
  const format = useFormat();
  const inbox = useSupplierInbox(sellerId);
  const buyerLabel = useBuyerLabel();
  if (inbox.isPending) return <LoadingState label={t('supplier.loading')} lines={4} />;
  if (inbox.isError)
    return <LoadError message={errorMessage(t, inbox.error)} onRetry={() => void inbox.refetch()} />;
  if (inbox.data.rfqs.length === 0)
    return <EmptyState title={t('supplier.empty')} text={t('supplier.emptyHint')} />;
  return (
    <div className="space-y-2">
      <p className="text-sm text-gray-700">{t('supplier.newCount', { count: inbox.data.newCount })}</p>
      <ul
        className="divide-y divide-gray-200 rounded-lg border border-gray-200"
        aria-label={t('supplier.list')}
      >
        {inbox.data.rfqs.map((rfq) => {
          const isNew = rfq.status === 'open' && rfq.recipientStatus === 'invited';
          return (
            <li key={rfq.id} className={cn('p-3', current === rfq.id && 'bg-gray-50')}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  to={linkTo(rfq.id)}
                  aria-current={current === rfq.id ? 'page' : undefined}
                  className="font-medium break-words text-maple-700 underline"
                >
                  {isNew ? (
                    <span className="mr-1 text-xs font-semibold text-green-800">{t('supplier.new')}</span>
                  ) : null}
                  {rfq.title}
                </Link>
                <div className="flex gap-1">
                  <RfqStatusPill status={rfq.status} />
                  <RecipientStatusPill status={rfq.recipientStatus} as="supplier" />
                </div>
              </div>
              <p className="text-xs text-gray-600">
                {t('supplier.line', {
                  buyer: buyerLabel(rfq.buyer),
                  quantity: format.number(rfq.quantity),
                  deadline: format.dateTime(rfq.deadline),
                })}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
