import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchResponse } from '@maplesource/contracts/catalog';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/query-states';
import { useSearchEverything } from '../api/search-everything';
import { categoryPath, isEmptyAnswer, seeAllPath, type SearchGroup } from './search-links';

interface GroupItem {
  key: string;
  label: string;
  detail?: string | undefined;
  to: string;
}

/** The items of one group as links, in the current language. */
function groupItems(answer: SearchResponse, group: SearchGroup, fr: boolean): GroupItem[] {
  switch (group) {
    case 'products':
      return answer.products.map((item) => ({
        key: item.id,
        label: fr ? item.nameFr : item.nameEn,
        detail: item.seller.name,
        to: `/productdetails/${encodeURIComponent(item.slug)}`,
      }));
    case 'services':
      return answer.services.map((item) => ({
        key: item.id,
        label: fr ? item.nameFr : item.nameEn,
        detail: item.seller.name,
        to: `/service/${encodeURIComponent(item.slug)}`,
      }));
    case 'sellers':
      return answer.sellers.map((item) => ({
        key: item.id,
        label: item.name,
        detail: item.city,
        to: `/seller/${encodeURIComponent(item.slug)}`,
      }));
    case 'categories':
      return answer.categories.map((item) => ({
        key: item.id,
        label: fr ? item.nameFr : item.nameEn,
        to: categoryPath(item),
      }));
    case 'blogs':
      return answer.blogs.map((item) => ({
        key: item.id,
        label: fr ? item.titleFr : item.titleEn,
        to: `/blog/${encodeURIComponent(item.slug)}`,
      }));
  }
}

const shownGroups: SearchGroup[] = ['products', 'services', 'sellers', 'categories', 'blogs'];

/**
 * The header search's answer as you type: products, services, sellers, categories and blog posts, each group with
 * a "see all" into its own listing asked with the same text (categories link to their listings). Every state:
 * loading, error with retry, nothing found (for this text), the groups.
 */
export default function SearchResults({ query, onNavigate }: { query: string; onNavigate: () => void }) {
  const { t, i18n } = useTranslation('search');
  const fr = i18n.language.startsWith('fr');
  const result = useSearchEverything(query);
  if (result.isPending) return <LoadingState label={t('loading')} lines={4} />;
  if (result.isError) return <LoadError compact onRetry={() => void result.refetch()} />;
  const answer = result.data;
  if (isEmptyAnswer(answer)) return <EmptyState title={t('empty', { query })} text={t('emptyHint')} />;
  return (
    <div className="space-y-4" data-testid="search-results">
      {answer.correctedQuery ? (
        <p className="text-sm text-gray-700">{t('corrected', { corrected: answer.correctedQuery, query })}</p>
      ) : null}
      {shownGroups.map((group) => {
        const items = groupItems(answer, group, fr);
        if (items.length === 0) return null;
        const headingId = `search-group-${group}`;
        return (
          <section key={group} aria-labelledby={headingId}>
            <div className="flex items-baseline justify-between gap-3">
              <h2 id={headingId} className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
                {t(`groups.${group}`)}
              </h2>
              {group === 'categories' ? null : (
                <Link
                  to={seeAllPath(group, query)}
                  onClick={onNavigate}
                  className="shrink-0 text-sm text-maple-700 underline"
                >
                  {t(`seeAll.${group}`)}
                </Link>
              )}
            </div>
            <ul className="mt-1">
              {items.map((item) => (
                <li key={item.key}>
                  <Link
                    to={item.to}
                    onClick={onNavigate}
                    className="block rounded px-2 py-1.5 text-sm break-words text-gray-900 hover:bg-gray-50 focus:bg-maple-50"
                  >
                    {item.label}
                    {item.detail ? <span className="ml-2 text-xs text-gray-600">{item.detail}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
