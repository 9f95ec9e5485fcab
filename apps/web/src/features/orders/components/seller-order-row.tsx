import { useTranslation } from 'react-i18next';
import type { Order } from '@maplesource/contracts/orders';
import { useFormat } from '../../../lib/format';
import { OrderDocumentLinks } from './order-document-links';
import { OrderStatusBadge, PaymentStatusText } from './order-status-badge';
import { OrderStatusChanger } from './order-status-changer';
import { OrderSummaryLines } from './order-summary-lines';
import { SellerPaymentReview } from './seller-payment-review';

/** One order as the seller sees it: item, buyer, amount, statuses, tracking and the next step. */
export function SellerOrderRow({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  return (
    <li className="space-y-2 p-4" data-testid="seller-order-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <OrderSummaryLines order={order} party={t('seller.buyer', { name: order.buyer.name })} />
        </div>
        <div className="flex flex-col items-end gap-1 text-sm">
          <OrderStatusBadge status={order.status} />
          <span className="font-semibold">{format.money(order.totalCents)}</span>
          <span className="text-xs text-gray-600">
            {t('orderDetail.payment')}: <PaymentStatusText status={order.payment.status} />
          </span>
          {order.trackingNumber ? (
            <span className="text-xs break-all text-gray-600">
              {order.carrier} · {order.trackingNumber}
            </span>
          ) : null}
        </div>
      </div>
      {/* The terms the order was accepted under (docs/product.md §3 Order), the order's own copy. */}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-gray-600">
        <dt>{t('orderDetail.paymentTerms')}</dt>
        <dd className="break-words whitespace-pre-wrap text-gray-900">
          {order.paymentTerms || t('orderDetail.noTerms')}
        </dd>
        <dt>{t('orderDetail.deliveryTerms')}</dt>
        <dd className="break-words whitespace-pre-wrap text-gray-900">
          {order.deliveryTerms || t('orderDetail.noTerms')}
        </dd>
      </dl>
      <SellerPaymentReview order={order} />
      <OrderDocumentLinks order={order} />
      <OrderStatusChanger order={order} />
    </li>
  );
}
