import { useTranslation } from 'react-i18next';
import { SellerOrdersScreen } from '../../features/orders/components/seller-orders-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SellerCentreNav } from './seller-centre-nav';

/** /seller-centre/orders (logged-in sellers): the storefront's orders and their status changes. */
export default function SellerOrdersPage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('seller.title'));
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <SellerCentreNav />
      <h1 className="text-2xl font-bold text-gray-900">{t('seller.title')}</h1>
      <p className="mb-4 text-sm text-gray-600">{t('seller.intro')}</p>
      <SellerOrdersScreen />
    </div>
  );
}
