import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/audit-log';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-states';

/** Every admin change: when, who, what, before and after. */
export function AuditLogPanel() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const list = useAuditLog(page);
  return (
    <QueryState
      deniedMessage={t('denied')}
      isPending={list.isPending}
      error={list.error}
      isEmpty={list.data?.items.length === 0}
      onRetry={() => void list.refetch()}
    >
      <ul className="divide-y divide-gray-100 text-sm">
        {list.data?.items.map((entry) => (
          <li key={entry.id} className="py-3">
            <p>
              <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time> ·{' '}
              {t(`audit.actions.${entry.action}`, { defaultValue: entry.action })} ·{' '}
              <span className="font-mono">{entry.entity}</span>{' '}
              <span className="font-mono text-gray-500">{entry.entityId}</span>
            </p>
            <p className="text-gray-600">
              {t('audit.actor', { id: entry.actorUserId ?? t('audit.system') })}
            </p>
            <details className="mt-1">
              <summary className="cursor-pointer text-maple-700">{t('audit.changes')}</summary>
              <div className="mt-2 grid gap-2 md:grid-cols-2">
                <pre className="overflow-auto rounded bg-gray-50 p-2 text-xs" aria-label={t('audit.before')}>
                  {JSON.stringify(entry.before, null, 2)}
                </pre>
                <pre className="overflow-auto rounded bg-gray-50 p-2 text-xs" aria-label={t('audit.after')}>
                  {JSON.stringify(entry.after, null, 2)}
                </pre>
              </div>
            </details>
          </li>
        ))}
      </ul>
      {list.data ? (
        <Pagination page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={setPage} />
      ) : null}
    </QueryState>
  );
}
