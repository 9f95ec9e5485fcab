import { useTranslation } from 'react-i18next';
import type { OrderPaymentStatus, OrderStatus } from '@maplesource/contracts/orders';
import { cn } from '../../../components/ui/cn';

const tones: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-blue-100 text-blue-900',
  processing: 'bg-blue-100 text-blue-900',
  ready_to_ship: 'bg-indigo-100 text-indigo-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  in_transit: 'bg-indigo-100 text-indigo-900',
  out_for_delivery: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-gray-200 text-gray-900',
  returned: 'bg-gray-200 text-gray-900',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <span
      className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', tones[status])}
      data-status={status}
    >
      {t(`status.${status}`)}
    </span>
  );
}

export function PaymentStatusText({ status }: { status: OrderPaymentStatus }) {
  const { t } = useTranslation('orders');
  return <span data-payment-status={status}>{t(`paymentStatus.${status}`)}</span>;
}
