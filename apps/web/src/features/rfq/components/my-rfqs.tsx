import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/pagination';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/query-states';
import { errorMessage } from '../../../lib/http';
import { useFormat } from '../../../lib/format';
import { MY_RFQS_PAGE_SIZE, useMyRfqs } from '../api/list-my-rfqs';
import { RfqStatusPill } from './rfq-status';

/**
 * The buyer's requests, newest first, a page at a time: title (a link to the request's page), status, deadline,
 * how many suppliers it reached and how many quoted.
 * `linkTo` builds the request page's address (the route owns its URL).
 */
export function MyRfqs({ linkTo }: { linkTo: (rfqId: string) => string }) {
  const { t } = useTranslation('rfq');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const list = useMyRfqs(page);

  if (list.isPending) return <LoadingState label={t('mine.loading')} lines={4} />;
  if (list.isError)
    return <LoadError message={errorMessage(t, list.error)} onRetry={() => void list.refetch()} />;
  if (list.data.total === 0) return <EmptyState title={t('mine.empty')} text={t('mine.emptyHint')} />;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200" aria-label={t('mine.title')}>
        {list.data.rfqs.map((rfq) => (
          <li key={rfq.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <Link to={linkTo(rfq.id)} className="font-medium break-words text-maple-700 underline">
                {rfq.title}
              </Link>
              <p className="text-xs text-gray-600">
                {t('mine.line', {
                  quantity: format.number(rfq.quantity),
                  deadline: format.dateTime(rfq.deadline),
                })}
                {rfq.private ? ` · ${t('mine.private')}` : ''}
              </p>
              <p className="text-xs text-gray-700">
                {t('mine.counts', { count: rfq.supplierCount, quotes: rfq.quoteCount })}
              </p>
            </div>
            <RfqStatusPill status={rfq.status} />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageSize={MY_RFQS_PAGE_SIZE}
        total={list.data.total}
        onPage={setPage}
        label={t('mine.pages')}
      />
    </div>
  );
}
