import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckoutScreen } from '../../features/checkout/components/checkout-screen';
import { MissingCheckoutData } from '../../features/checkout/components/checkout-states';
import { to } from '../../config/paths';
import { orderPagePath } from './order-links';
import { useDocumentTitle } from '../../lib/use-document-title';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?authenticated=1`: the buyer is back from the provider's authentication page (decision 155). */
export const RETURNED_PARAM = 'authenticated';

/**
 * /checkout?order={id}&kind=product|service (logged-in only): card payment of one order. A missing or malformed
 * order id is "missing checkout data"; so is another buyer's order (the server answers 404 for it).
 */
export default function CheckoutPage() {
  const { t } = useTranslation('payments');
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const title = t('checkout.title');
  useDocumentTitle(title);
  const orderId = search.get('order') ?? '';
  const kind = search.get('kind') === 'service' ? 'service' : 'product';
  const valid = UUID.test(orderId) && (search.get('kind') ?? 'product') === kind;
  const ordersHref = to('myOrders');
  const orderHref = orderPagePath(kind, orderId);
  const returnPath = `${pathname}?${new URLSearchParams({ order: orderId, kind, [RETURNED_PARAM]: '1' }).toString()}`;

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <h1 className="mb-1 text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mb-6 text-sm text-gray-600">{t('checkout.text')}</p>
      {valid ? (
        <CheckoutScreen
          key={`${kind}:${orderId}`}
          kind={kind}
          orderId={orderId}
          returnedFromChallenge={search.get(RETURNED_PARAM) === '1'}
          links={{ orderHref, ordersHref, returnPath }}
        />
      ) : (
        <MissingCheckoutData ordersHref={ordersHref} />
      )}
    </div>
  );
}
