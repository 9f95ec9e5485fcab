import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';

/** Previous / next with "page X of Y" (the list shape is `{ items, total, page, pageSize }`). */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('catalog');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="mt-6 flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <span className="text-sm text-gray-700">{t('pagination.status', { page, pages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
}

/**
 * Previous / next of a catalogue listing. The server walks pages by cursor (decision 042) and may only estimate
 * the total, so the page count reads "of about N" then and "next" follows `hasMore`, not the estimate.
 */
export function ListingPagination({
  page,
  pageSize,
  total,
  totalEstimated,
  hasMore,
  onPrevious,
  onNext,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalEstimated: boolean;
  hasMore: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('catalog');
  const format = useFormat();
  const pages = Math.max(page + (hasMore ? 1 : 0), Math.ceil(total / pageSize));
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={t('pagination.label')} className="mt-6 flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={onPrevious}>
        {t('pagination.previous')}
      </Button>
      <span className="text-sm text-gray-700">
        {t(totalEstimated ? 'pagination.statusAbout' : 'pagination.status', {
          page: format.number(page),
          pages: format.number(pages),
        })}
      </span>
      <Button variant="secondary" size="sm" disabled={!hasMore} onClick={onNext}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
}
