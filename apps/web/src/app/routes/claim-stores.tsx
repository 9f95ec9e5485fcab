import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SellerSummary } from '@maplesource/contracts/catalog';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  useRandomUnclaimed,
  useUnclaimedByCategory,
  useUnclaimedSellers,
} from '../../features/sellers/api/sellers';
import { ClaimButton, SellerCard, SellerGridSkeleton } from '../../features/sellers/components/seller-views';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, LoadError } from '../../components/ui/query-states';

const pageSize = 24;

function ClaimableGrid({ sellers, headingLevel }: { sellers: SellerSummary[]; headingLevel: 3 | 4 }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {sellers.map((seller) => (
        <li key={seller.id}>
          <SellerCard seller={seller} headingLevel={headingLevel} action={<ClaimButton seller={seller} />} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /claim-stores: the storefronts made for businesses that have not claimed them yet — a few at random, a few under
 * each category, then all of them a page at a time — each with its claim button (docs/product.md §1: unclaimed shops are
 * claimable by their rightful owner; the server answers as the claims setting says).
 */
export default function ClaimStoresPage() {
  const { t, i18n } = useTranslation('sellers');
  const fr = i18n.language.startsWith('fr');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  useDocumentTitle(t('claims:claimStores.title'));
  const random = useRandomUnclaimed(4);
  const byCategory = useUnclaimedByCategory();
  const all = useUnclaimedSellers(page, pageSize);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">{t('claims:claimStores.title')}</h1>
      <p className="mt-1 max-w-3xl text-gray-700">{t('claims:claimStores.intro')}</p>

      <section aria-labelledby="claim-random" className="mt-6">
        <h2 id="claim-random" className="text-lg font-semibold text-gray-900">
          {t('claims:claimStores.random')}
        </h2>
        <div className="mt-2">
          {random.isPending ? (
            <SellerGridSkeleton count={4} />
          ) : random.isError ? (
            <LoadError onRetry={() => void random.refetch()} />
          ) : random.data.items.length === 0 ? (
            <EmptyState title={t('claims:claimStores.allEmpty')} />
          ) : (
            <ClaimableGrid sellers={random.data.items} headingLevel={3} />
          )}
        </div>
      </section>

      <section aria-labelledby="claim-by-category" className="mt-8">
        <h2 id="claim-by-category" className="text-lg font-semibold text-gray-900">
          {t('claims:claimStores.byCategory')}
        </h2>
        {byCategory.isPending ? (
          <div className="mt-2">
            <SellerGridSkeleton count={4} />
          </div>
        ) : byCategory.isError ? (
          <LoadError onRetry={() => void byCategory.refetch()} />
        ) : (
          byCategory.data.items.map(({ category, sellers }) => (
            <section key={category.id} aria-labelledby={`claim-category-${category.id}`} className="mt-4">
              <h3 id={`claim-category-${category.id}`} className="font-medium text-gray-900">
                {fr ? category.nameFr : category.nameEn}
              </h3>
              <div className="mt-2">
                {sellers.length === 0 ? (
                  <p className="text-sm text-gray-600">{t('claims:claimStores.byCategoryEmpty')}</p>
                ) : (
                  <ClaimableGrid sellers={sellers} headingLevel={4} />
                )}
              </div>
            </section>
          ))
        )}
      </section>

      <section aria-labelledby="claim-all" className="mt-8">
        <h2 id="claim-all" className="text-lg font-semibold text-gray-900">
          {t('claims:claimStores.all')}
        </h2>
        <div className="mt-2">
          {all.isPending ? (
            <SellerGridSkeleton />
          ) : all.isError ? (
            <LoadError onRetry={() => void all.refetch()} />
          ) : all.data.items.length === 0 ? (
            <EmptyState title={t('claims:claimStores.allEmpty')} />
          ) : (
            <>
              <p className="mb-2 text-sm text-gray-600" aria-live="polite">
                {t('count', { count: all.data.total })}
              </p>
              <ClaimableGrid sellers={all.data.items} headingLevel={3} />
              <Pagination
                page={page}
                pageSize={pageSize}
                total={all.data.total}
                label={t('claims:claimStores.all')}
                onPage={(p) => {
                  const next = new URLSearchParams(params);
                  next.set('page', String(p));
                  setParams(next);
                }}
              />
            </>
          )}
        </div>
      </section>
    </div>
  );
}
