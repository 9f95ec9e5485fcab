import { shortRef } from '@maplesource/contracts/common';
import { useTranslation } from 'react-i18next';
import { subjectNameIn } from '@maplesource/contracts/languages';
import type { Order } from '@maplesource/contracts/orders';
import { orderPlacedDate } from '../model/order-dates';

/**
 * The lines that name an order in a list, the buyer's and the seller's alike: what was ordered, the other party
 * (`party`, already worded for the side), the order number, and the day it was placed in the order's zone.
 */
export function OrderSummaryLines({ order, party }: { order: Order; party: string }) {
  const { t, i18n } = useTranslation('orders');
  return (
    <>
      <p className="font-medium break-words text-gray-900">{subjectNameIn(order.subject, i18n.language)}</p>
      <p className="text-sm break-words text-gray-600">{party}</p>
      <p className="text-xs break-all text-gray-500">
        {t('myOrders.orderNumber', { id: shortRef(order.id) })}
      </p>
      <p className="text-xs text-gray-500">
        {t('myOrders.placedOn', { date: orderPlacedDate(order, i18n.language) })}
      </p>
    </>
  );
}
