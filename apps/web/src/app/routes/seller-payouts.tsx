import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { to } from '../../config/paths';
import { errorMessage } from '../../lib/http';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMyStorefronts } from '../../lib/my-storefronts';
import { PayoutAccountPanel } from '../../features/payouts/components/payout-account-panel';
import { SellerCentreNav } from './seller-centre-nav';

/**
 * /seller-centre/payouts (decision 312): each storefront's payout account — connect it through the provider's
 * onboarding (the sandbox's page without Stripe keys), see its status, choose the schedule and the minimum. The
 * provider sends the seller back here with `onboarding=return` (done, the status follows its webhook) or
 * `onboarding=refresh` (the link expired: connect again).
 */
export default function SellerPayoutsPage() {
  const { t } = useTranslation('sellerCentre');
  const storefronts = useMyStorefronts();
  const [search] = useSearchParams();
  const onboarding = search.get('onboarding');
  useDocumentTitle(t('payouts.title'));
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <SellerCentreNav />
      <h1 className="mb-2 text-2xl font-bold text-gray-900">{t('payouts.title')}</h1>
      <p className="mb-4 text-sm text-gray-700">{t('payouts.intro')}</p>
      {onboarding === 'return' || onboarding === 'refresh' ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800"
        >
          {t(onboarding === 'return' ? 'payouts.returned' : 'payouts.refresh')}
        </p>
      ) : null}
      {storefronts.isPending ? (
        <p role="status" className="text-sm text-gray-700">
          {t('payouts.loading')}
        </p>
      ) : storefronts.isError ? (
        <div role="alert" className="space-y-2 text-sm text-red-700">
          <p>{errorMessage(t, storefronts.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void storefronts.refetch()}>
            {t('payouts.retry')}
          </Button>
        </div>
      ) : storefronts.data.storefronts.length === 0 ? (
        <p className="text-sm text-gray-700">
          {t('payouts.noStorefront')}{' '}
          <Link to={to('sellerCentre')} className="text-maple-700 underline">
            {t('payouts.toDashboard')}
          </Link>
        </p>
      ) : (
        <div className="space-y-6">
          {storefronts.data.storefronts.map((storefront) => (
            <PayoutAccountPanel
              key={storefront.sellerId}
              storefront={storefront}
              awaitingProvider={
                onboarding === 'return' && search.get('storefront') === String(storefront.sellerId)
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}
