import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortRef } from '@maplesource/contracts/common';
import type { OrderKind } from '@maplesource/contracts/orders';
import { orderQueryOptions } from '../../../lib/order-query';
import { sellerOrderQueryOptions } from '../api/seller-orders';

/**
 * The chat header's "Review" (docs/product.md §2, decision 253): the payment review of the order the conversation led to —
 * its state, linking to where it is shown — or, when the buyer may still ask for one, the way to request it.
 * The buyer reads the order as `orders/{id}`, the seller as `seller/orders/{id}`.
 */
export function ChatReviewEntry({
  kind,
  orderId,
  as,
  href,
  onLeave,
}: {
  kind: OrderKind;
  orderId: string;
  as: 'buyer' | 'seller';
  /** The page that shows the order's payment review (the buyer's order page, the seller's orders). */
  href: string;
  /** Runs before following the link (the buyer's inbox modal closes itself). */
  onLeave?: (() => void) | undefined;
}) {
  const { t } = useTranslation('orders');
  const asBuyer = useQuery({ ...orderQueryOptions(kind, orderId), enabled: as === 'buyer' });
  const asSeller = useQuery({ ...sellerOrderQueryOptions(orderId), enabled: as === 'seller' });
  const order = as === 'buyer' ? asBuyer : asSeller;
  if (order.isPending) return <span>{t('chatReview.loading')}</span>;
  if (order.isError) return <span>{t('chatReview.unavailable')}</span>;
  const review = order.data.paymentReview;
  const about = <span className="sr-only"> {t('chatReview.ofOrder', { ref: shortRef(orderId) })}</span>;
  const link = (text: string) => (
    <Link to={href} onClick={() => onLeave?.()} className="text-maple-700 underline">
      {text}
      {about}
    </Link>
  );
  if (review) return link(t(`review.statuses.${review.status}`));
  if (as === 'buyer' && order.data.canRequestPaymentReview) return link(t('chatReview.request'));
  return <span>{t('chatReview.none')}</span>;
}
