import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '../../components/ui/query-states';
import { errorMessage } from '../../lib/http';
import { useActionKeys } from '../../lib/idempotency';
import { toast } from '../../lib/toast-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSaveStorefront, useSellerStorefront } from '../../features/sellers/api/storefront';
import { StorefrontForm } from '../../features/sellers/components/storefront-form';
import { sellerPath } from '../../features/sellers/components/seller-views';
import { SellerCentreNav } from './seller-centre-nav';
import { StorefrontPicker, useChosenStorefront } from './storefront-picker';

/**
 * /seller-centre/storefront (decision 261): the seller edits the storefront buyers see at /seller/{slug} — logo,
 * banner, descriptions, contact, service area, certifications, year founded.
 */
export default function SellerStorefrontPage() {
  const { t } = useTranslation('sellerCatalogue');
  const { storefronts, list, sellerId, setChosen } = useChosenStorefront();
  const storefront = useSellerStorefront(sellerId);
  const save = useSaveStorefront();
  const keys = useActionKeys();
  useDocumentTitle(t('storefrontPage.title'));

  const failed = storefronts.error ?? storefront.error;
  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <SellerCentreNav />
      <h1 className="text-2xl font-bold text-gray-900">{t('storefrontPage.title')}</h1>
      {storefronts.isPending || (sellerId !== undefined && storefront.isPending) ? (
        <LoadingState />
      ) : failed ? (
        <LoadError
          message={errorMessage(t, failed)}
          onRetry={() => {
            void storefronts.refetch();
            if (sellerId !== undefined) void storefront.refetch();
          }}
        />
      ) : sellerId === undefined || !storefront.data ? (
        <p className="text-sm text-gray-700">{t('noStorefront')}</p>
      ) : (
        <>
          <StorefrontPicker label={t('storefront')} list={list} sellerId={sellerId} onChoose={setChosen} />
          <p className="text-sm text-gray-700">
            {storefront.data.listed ? t('storefrontPage.listed') : t('storefrontPage.draft')}{' '}
            <Link to={sellerPath(storefront.data.slug)} className="text-maple-700 underline">
              {t('storefrontPage.view')}
            </Link>
          </p>
          <StorefrontForm
            key={`${storefront.data.id}`}
            storefront={storefront.data}
            saving={save.isPending}
            onSubmit={(input) =>
              save
                .mutateAsync({ sellerId, input, key: keys.keyFor(input) })
                .then((saved) => {
                  keys.done();
                  toast.success(t('storefrontPage.saved'));
                  return saved;
                })
                .catch((error: unknown) => {
                  toast.error(errorMessage(t, error));
                  throw error;
                })
            }
          />
        </>
      )}
    </div>
  );
}
