import { useNavigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SellerProductInput, SellerServiceInput } from '@maplesource/contracts/seller-catalogue';
import { LoadError, LoadingState } from '../../components/ui/query-states';
import { to } from '../../config/paths';
import { errorMessage } from '../../lib/http';
import { useActionKeys } from '../../lib/idempotency';
import { toast } from '../../lib/toast-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCategories } from '../../features/catalog/api/get-categories';
import { useSellerItem } from '../../features/seller-catalogue/api/get-seller-item';
import { useSaveSellerItem } from '../../features/seller-catalogue/api/save-seller-item';
import { emptyProduct, ProductForm } from '../../features/seller-catalogue/components/product-form';
import { emptyService, ServiceForm } from '../../features/seller-catalogue/components/service-form';
import { catalogueKindOf } from './seller-catalogue';
import { useChosenStorefront } from './storefront-picker';
import { SellerCentreNav } from './seller-centre-nav';

/**
 * /seller-centre/products/new, /seller-centre/products/:itemId and the services' twins (decision 287): the item's
 * form, with the catalogue's subcategories; a new item is saved as a draft, then opened for editing.
 */
export default function SellerCatalogueItemPage() {
  const { t } = useTranslation('sellerCatalogue');
  const kind = catalogueKindOf(useLocation().pathname);
  const { itemId } = useParams();
  const navigate = useNavigate();
  const { storefronts, sellerId } = useChosenStorefront();
  const item = useSellerItem(kind, itemId);
  const categories = useCategories(kind);
  const save = useSaveSellerItem(kind);
  const keys = useActionKeys();
  const title = itemId ? t(`edit.title.${kind}`) : t(`edit.new.${kind}`);
  useDocumentTitle(title);
  const plural = kind === 'product' ? 'Product' : 'Service';

  const onSubmit = (input: SellerProductInput | SellerServiceInput) =>
    save
      .mutateAsync({ sellerId: sellerId!, ...(itemId ? { id: itemId } : {}), input, key: keys.keyFor(input) })
      .then((saved) => {
        keys.done();
        toast.success(t('edit.saved'));
        if (!itemId) void navigate(to(`seller${plural}Edit`, { itemId: saved.id }), { replace: true });
      })
      .catch((error: unknown) => {
        toast.error(errorMessage(t, error));
        throw error;
      });

  const loading = storefronts.isPending || categories.isPending || (itemId !== undefined && item.isPending);
  const failed = storefronts.error ?? categories.error ?? (itemId ? item.error : null);
  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <SellerCentreNav />
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      {item.data ? (
        <p className="text-sm text-gray-700">
          {t('edit.status')} <strong>{t(`status.${item.data.status}`)}</strong>
        </p>
      ) : null}
      {loading ? (
        <LoadingState />
      ) : failed ? (
        <LoadError
          message={errorMessage(t, failed)}
          onRetry={() => {
            void storefronts.refetch();
            void categories.refetch();
            if (itemId) void item.refetch();
          }}
        />
      ) : sellerId === undefined ? (
        <p className="text-sm text-gray-700">{t('noStorefront')}</p>
      ) : kind === 'product' ? (
        <ProductForm
          key={item.data?.updatedAt ?? 'new'}
          initial={(item.data?.input as SellerProductInput | undefined) ?? emptyProduct}
          categories={categories.data?.items ?? []}
          saving={save.isPending}
          onSubmit={onSubmit}
        />
      ) : (
        <ServiceForm
          key={item.data?.updatedAt ?? 'new'}
          initial={(item.data?.input as SellerServiceInput | undefined) ?? emptyService}
          categories={categories.data?.items ?? []}
          saving={save.isPending}
          onSubmit={onSubmit}
        />
      )}
    </div>
  );
}
