import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SellerItemKind } from '@maplesource/contracts/seller-catalogue';
import { buttonClasses } from '../../components/ui/button';
import { LoadError, LoadingState } from '../../components/ui/query-states';
import { to } from '../../config/paths';
import { errorMessage } from '../../lib/http';
import { useMyStorefronts } from '../../lib/my-storefronts';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CsvImportPanel } from '../../features/seller-catalogue/components/csv-import-panel';
import { ItemList } from '../../features/seller-catalogue/components/item-list';
import { SellerCentreNav } from './seller-centre-nav';

/** Which catalogue a seller-centre address shows: `/seller-centre/services…` or the products. */
export const catalogueKindOf = (pathname: string): SellerItemKind =>
  pathname.includes('/seller-centre/services') ? 'service' : 'product';

/** The storefront the seller works on: the only one, or the one chosen among theirs. */
export function useChosenStorefront() {
  const storefronts = useMyStorefronts();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const list = storefronts.data?.storefronts ?? [];
  const sellerId = chosen ?? list[0]?.sellerId;
  return { storefronts, list, sellerId, setChosen };
}

/**
 * /seller-centre/products and /seller-centre/services (decision 287): the storefront's items with their status and
 * actions, a link to add one, and the CSV import and export (decision 288).
 */
export default function SellerCataloguePage() {
  const { t } = useTranslation('sellerCatalogue');
  const kind = catalogueKindOf(useLocation().pathname);
  const { storefronts, list, sellerId, setChosen } = useChosenStorefront();
  useDocumentTitle(t(`list.title.${kind}`));
  const plural = kind === 'product' ? 'Product' : 'Service';
  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <SellerCentreNav />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-gray-900">{t(`list.title.${kind}`)}</h1>
        {sellerId !== undefined ? (
          <Link to={to(`seller${plural}New`)} className={buttonClasses('primary', 'md')}>
            {t(`list.add.${kind}`)}
          </Link>
        ) : null}
      </div>
      {storefronts.isPending ? (
        <LoadingState />
      ) : storefronts.isError ? (
        <LoadError message={errorMessage(t, storefronts.error)} onRetry={() => void storefronts.refetch()} />
      ) : sellerId === undefined ? (
        <p className="text-sm text-gray-700">{t('noStorefront')}</p>
      ) : (
        <>
          {list.length > 1 ? (
            <label className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
              {t('storefront')}
              <select
                className="rounded-md border border-gray-300 px-2 py-1"
                value={sellerId}
                onChange={(e) => setChosen(Number(e.target.value))}
              >
                {list.map((s) => (
                  <option key={s.sellerId} value={s.sellerId}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <ItemList
            key={`${kind}-${sellerId}`}
            kind={kind}
            sellerId={sellerId}
            editPath={(id) => to(`seller${plural}Edit`, { itemId: id })}
          />
          <CsvImportPanel key={`csv-${kind}-${sellerId}`} kind={kind} sellerId={sellerId} />
        </>
      )}
    </div>
  );
}
