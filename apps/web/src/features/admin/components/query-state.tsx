import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SkeletonText } from '../../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../../lib/http';

/** Loading skeleton, error with retry (403/401 explained), empty state, or the content. */
export function QueryState({
  isPending,
  error,
  isEmpty,
  onRetry,
  children,
}: {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (isPending) {
    return (
      <div aria-busy="true" className="py-4">
        <span className="sr-only" role="status">
          {t('loading')}
        </span>
        <SkeletonText lines={5} />
      </div>
    );
  }
  if (error) {
    const denied = isApiError(error) && (error.status === 401 || error.status === 403);
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{denied ? t('denied') : errorMessage(t, error)}</p>
        {denied ? null : (
          <Button className="mt-3" size="sm" variant="secondary" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </div>
    );
  }
  if (isEmpty) return <p className="py-6 text-sm text-gray-600">{t('empty')}</p>;
  return <>{children}</>;
}

export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={t('pagination')} className="mt-4 flex items-center gap-3 text-sm">
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <span>{t('pageOf', { page, pages })}</span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </Button>
    </nav>
  );
}
