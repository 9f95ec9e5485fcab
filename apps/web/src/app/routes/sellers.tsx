import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { provinceCodes, provinceNames } from '@maplesource/contracts/province-names';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSellers } from '../../features/sellers/api/sellers';
import { SellerCard, SellerGridSkeleton } from '../../features/sellers/components/seller-views';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, LoadError } from '../../components/ui/query-states';
import { GlobalParagraphBlock } from '../../features/content/components/global-paragraph';

/** /sellers (and /our-sellers with `verifiedOnly`): the storefront directory, filters in the URL. */
export function SellerDirectory({
  title,
  intro,
  verifiedOnly = false,
}: {
  title: string;
  intro: string;
  verifiedOnly?: boolean;
}) {
  const { t, i18n } = useTranslation('sellers');
  const [params, setParams] = useSearchParams();
  const lang = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const page = Number(params.get('page') ?? '1') || 1;
  const state = params.get('state') ?? undefined;
  const q = params.get('q') ?? undefined;
  useDocumentTitle(title);
  const sellers = useSellers({
    q,
    state,
    isVerified: verifiedOnly ? 'true' : undefined,
    sort: verifiedOnly
      ? 'popular'
      : ((params.get('sort') as 'name' | 'newest' | 'popular' | null) ?? 'popular'),
    page,
    pageSize: 24,
  });
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-1 text-gray-700">{intro}</p>
      <form className="mt-4 flex flex-wrap gap-2" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="text-sm">
          <span className="sr-only">{t('filters.search')}</span>
          <input
            type="search"
            defaultValue={q}
            placeholder={t('filters.search')}
            className="rounded-md border border-gray-300 px-2 py-1.5"
            onKeyDown={(e) => {
              if (e.key === 'Enter') set('q', (e.target as HTMLInputElement).value.trim() || undefined);
            }}
          />
        </label>
        <label className="text-sm">
          <span className="sr-only">{t('filters.state')}</span>
          <select
            className="rounded-md border border-gray-300 bg-white px-2 py-1.5"
            value={state ?? ''}
            onChange={(e) => set('state', e.target.value || undefined)}
          >
            <option value="">{t('filters.allProvinces')}</option>
            {provinceCodes.map((code) => (
              <option key={code} value={code}>
                {provinceNames[code][lang]}
              </option>
            ))}
          </select>
        </label>
      </form>
      <div className="mt-4">
        {sellers.isPending ? (
          <SellerGridSkeleton />
        ) : sellers.isError ? (
          <LoadError onRetry={() => void sellers.refetch()} />
        ) : sellers.data.items.length === 0 ? (
          <EmptyState title={q && !state ? t('emptySearch', { query: q }) : t('empty')} />
        ) : (
          <>
            <p className="mb-2 text-sm text-gray-600" aria-live="polite">
              {t('count', { count: sellers.data.total })}
            </p>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {sellers.data.items.map((seller) => (
                <li key={seller.id}>
                  <SellerCard seller={seller} headingLevel={2} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={24}
              total={sellers.data.total}
              onPage={(p) => set('page', String(p))}
            />
          </>
        )}
      </div>
      <GlobalParagraphBlock className="mt-10" />
    </div>
  );
}

export default function SellersPage() {
  const { t } = useTranslation('sellers');
  return <SellerDirectory title={t('sellers.title')} intro={t('sellers.text')} />;
}
