import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SellerItemKind } from '@maplesource/contracts/seller-catalogue';
import { buttonClasses } from '../../components/ui/button';
import { LoadError, LoadingState } from '../../components/ui/query-states';
import { to } from '../../config/paths';
import { errorMessage } from '../../lib/http';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CsvImportPanel } from '../../features/seller-catalogue/components/csv-import-panel';
import { ItemList } from '../../features/seller-catalogue/components/item-list';
import { SellerCentreNav } from './seller-centre-nav';
import { StorefrontPicker, useChosenStorefront } from './storefront-picker';

/** Which catalogue a seller-centre address shows: `/seller-centre/services…` or the products. */
export const catalogueKindOf = (pathname: string): SellerItemKind =>
  pathname.includes('/seller-centre/services') ? 'service' : 'product';

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
          <StorefrontPicker label={t('storefront')} list={list} sellerId={sellerId} onChoose={setChosen} />
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
