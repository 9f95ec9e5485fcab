import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '../../components/ui/query-states';
import { to } from '../../config/paths';
import { errorMessage } from '../../lib/http';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BalanceScreen } from '../../features/seller-balance/components/balance-screen';
import { SellerCentreNav } from './seller-centre-nav';
import { StorefrontPicker, useChosenStorefront } from './storefront-picker';

/**
 * /seller-centre/balance (decisions 296, 297, 300): a storefront's held, available and paid-out money, its upcoming
 * releases, the fee on each paid order, its payouts and its monthly statements.
 */
export default function SellerBalancePage() {
  const { t } = useTranslation('sellerCentre');
  useDocumentTitle(t('balance.title'));
  const { storefronts, list, sellerId, setChosen } = useChosenStorefront();
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-6">
      <SellerCentreNav />
      <h1 className="text-2xl font-bold text-gray-900">{t('balance.title')}</h1>
      <p className="text-sm text-gray-700">
        {t('balance.intro')}{' '}
        <Link to={to('sellerPayouts')} className="text-maple-700 underline">
          {t('balance.toPayouts')}
        </Link>
      </p>
      {storefronts.isPending ? (
        <LoadingState />
      ) : storefronts.isError ? (
        <LoadError message={errorMessage(t, storefronts.error)} onRetry={() => void storefronts.refetch()} />
      ) : sellerId === undefined ? (
        <p className="text-sm text-gray-700">{t('payouts.noStorefront')}</p>
      ) : (
        <>
          <StorefrontPicker
            label={t('balance.storefront')}
            list={list}
            sellerId={sellerId}
            onChoose={setChosen}
          />
          <BalanceScreen key={sellerId} sellerId={sellerId} />
        </>
      )}
    </div>
  );
}
