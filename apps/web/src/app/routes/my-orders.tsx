import { useTranslation } from 'react-i18next';
import { MyOrdersScreen } from '../../features/orders/components/my-orders-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import { orderLinks } from './order-links';

/** /my-orders (logged-in only): the buyer's orders. */
export default function MyOrdersPage() {
  const { t } = useTranslation('orders');
  const title = t('myOrders.title');
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mb-4 text-sm text-gray-600">{t('myOrders.text')}</p>
      <MyOrdersScreen links={orderLinks} />
    </div>
  );
}
