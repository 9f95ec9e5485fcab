import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderKind } from '@maplesource/contracts/orders';
import {
  OrderDetailScreen,
  type OrderDetailLinks,
} from '../../features/orders/components/order-detail-screen';
import { to } from '../../config/paths';
import { invoicePagePath } from '../../lib/invoice-links';
import { useDocumentTitle } from '../../lib/use-document-title';
import { checkoutPath } from './order-links';

const links: OrderDetailLinks = {
  back: to('myOrders'),
  invoice: ({ invoiceToken, kind }) => invoicePagePath(invoiceToken, kind),
  checkout: ({ id, kind }) => checkoutPath(kind, id),
};

/** One order page of either kind; `/order/{id}` and `/service-order/{id}` differ only by the kind. */
export function OrderPage({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation('orders');
  const { orderId = '' } = useParams();
  useDocumentTitle(t(kind === 'service' ? 'orderDetail.serviceTitle' : 'orderDetail.title'));
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <OrderDetailScreen key={orderId} kind={kind} orderId={orderId} links={links} />
    </div>
  );
}

/** /order/:orderId (logged-in only). */
export default function OrderDetailPage() {
  return <OrderPage kind="product" />;
}
