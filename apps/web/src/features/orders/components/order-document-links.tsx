import { useTranslation } from 'react-i18next';
import type { Order } from '@maplesource/contracts/orders';
import { buttonClasses } from '../../../components/ui/button';
import { buildUrl } from '../../../lib/http';
import { orderCollection } from '../../../lib/order-query';

/** Payment states in which the order was paid: its receipt exists (decision 293). */
const paid = new Set<Order['payment']['status']>(['paid', 'refunded', 'partially_refunded']);

/**
 * The order's documents as PDFs (decision 293): its confirmation always, its payment receipt once paid. The same
 * links serve the buyer's order page and the seller's order view (both parties may download them), in the page's
 * language (a Quebec delivery is French first, then English, whatever is asked).
 */
export function OrderDocumentLinks({ order, size = 'sm' }: { order: Order; size?: 'sm' | 'md' }) {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const href = (document: 'receipt' | 'confirmation') =>
    buildUrl(`${orderCollection(order.kind)}/${order.id}/${document}.pdf`, { lang });
  return (
    <div className="flex flex-wrap gap-2 print:hidden" data-testid="order-documents">
      <a className={buttonClasses('secondary', size)} href={href('confirmation')} download>
        {t('documents.confirmation')}
      </a>
      {paid.has(order.payment.status) && order.payment.paidAt ? (
        <a className={buttonClasses('secondary', size)} href={href('receipt')} download>
          {t('documents.receipt')}
        </a>
      ) : null}
    </div>
  );
}
