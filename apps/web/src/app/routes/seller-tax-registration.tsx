import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { to } from '../../config/paths';
import { errorMessage } from '../../lib/http';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMyStorefronts } from '../../lib/my-storefronts';
import { TaxRegistrationForm } from '../../features/sellers/components/tax-registration-form';
import { SellerCentreNav } from './seller-centre-nav';

/**
 * /seller-centre/tax-registration: the seller's legal name and GST/HST/QST numbers, or the
 * small-supplier exemption, for each storefront they own. No invoice can be issued without them.
 */
export default function SellerTaxRegistrationPage() {
  const { t } = useTranslation('sellerCentre');
  const storefronts = useMyStorefronts();
  useDocumentTitle(t('taxRegistration.title'));
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <SellerCentreNav />
      <h1 className="mb-2 text-2xl font-bold text-gray-900">{t('taxRegistration.title')}</h1>
      <p className="mb-4 text-sm text-gray-700">{t('taxRegistration.intro')}</p>
      {storefronts.isPending ? (
        <p role="status" className="text-sm text-gray-700">
          {t('taxRegistration.loading')}
        </p>
      ) : storefronts.isError ? (
        <div role="alert" className="space-y-2 text-sm text-red-700">
          <p>{errorMessage(t, storefronts.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void storefronts.refetch()}>
            {t('taxRegistration.retry')}
          </Button>
        </div>
      ) : storefronts.data.storefronts.length === 0 ? (
        <p className="text-sm text-gray-700">
          {t('taxRegistration.noStorefront')}{' '}
          <Link to={to('sellers')} className="text-maple-700 underline">
            {t('taxRegistration.browseStorefronts')}
          </Link>
        </p>
      ) : (
        <div className="space-y-6">
          {storefronts.data.storefronts.map((storefront) => (
            <TaxRegistrationForm key={storefront.sellerId} storefront={storefront} />
          ))}
        </div>
      )}
    </div>
  );
}
