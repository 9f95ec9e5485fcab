import { useTranslation } from 'react-i18next';
import type { OrderKind } from '@maplesource/contracts/orders';
import { useSellerOrders } from '../api/seller-orders';
import { SellerOrderRow } from './seller-order-row';

/**
 * The orders that came out of one conversation, with the seller's next step, inside the seller's conversation view.
 * The server narrows the seller's list to this conversation.
 */
export function ChatOrders({ kind, chatId }: { kind: OrderKind; chatId: string }) {
  const { t } = useTranslation('orders');
  const orders = useSellerOrders({ kind, status: null, page: 1, chatId });
  const mine = orders.data?.items ?? [];
  if (mine.length === 0) return null;
  return (
    <section aria-label={t('seller.chatOrders')} className="mt-2 rounded-md border border-gray-200 bg-white">
      <h3 className="px-4 pt-3 text-sm font-semibold text-gray-900">{t('seller.chatOrders')}</h3>
      <ul className="divide-y divide-gray-200">
        {mine.map((order) => (
          <SellerOrderRow key={order.id} order={order} />
        ))}
      </ul>
    </section>
  );
}
