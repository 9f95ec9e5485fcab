import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { Button } from './button';

function PagerNav({
  label,
  status,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
}: {
  label: string | undefined;
  status: string;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={label ?? t('pagination.label')} className="mt-6 flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={!canPrevious} onClick={onPrevious}>
        {t('pagination.previous')}
      </Button>
      <span className="text-sm text-gray-700">{status}</span>
      <Button variant="secondary" size="sm" disabled={!canNext} onClick={onNext}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
}

/**
 * The one pager: previous / next with "page X of Y" (the list shape is `{ items, total, page, pageSize }`).
 * Hidden when everything fits on one page.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** The navigation landmark's name when a screen has more than one pager. */
  label?: string | undefined;
}) {
  const { t } = useTranslation('common');
  const format = useFormat();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <PagerNav
      label={label}
      status={t('pagination.status', { page: format.number(page), pages: format.number(pages) })}
      canPrevious={page > 1}
      canNext={page < pages}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
    />
  );
}

/**
 * The pager of a catalogue listing. The server walks pages by cursor (decision 042) and may only estimate
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
  const { t } = useTranslation('common');
  const format = useFormat();
  const pages = Math.max(page + (hasMore ? 1 : 0), Math.ceil(total / pageSize));
  if (page <= 1 && !hasMore) return null;
  return (
    <PagerNav
      label={undefined}
      status={t(totalEstimated ? 'pagination.statusAbout' : 'pagination.status', {
        page: format.number(page),
        pages: format.number(pages),
      })}
      canPrevious={page > 1}
      canNext={hasMore}
      onPrevious={onPrevious}
      onNext={onNext}
    />
  );
}
