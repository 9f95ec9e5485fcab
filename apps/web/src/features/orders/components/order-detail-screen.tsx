import { shortRef } from '@maplesource/contracts/common';
import type { ReactNode } from 'react';
import { formatDocumentDate, formatDocumentDateTime } from '@maplesource/contracts/document-time';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { subjectNameIn } from '@maplesource/contracts/languages';
import type { Order, OrderAddress, OrderKind } from '@maplesource/contracts/orders';
import { cardBrandName } from '@maplesource/contracts/payments';
import { normalizePostalCode } from '@maplesource/contracts/provinces';
import { provinceNames } from '@maplesource/contracts/province-names';
import { buttonClasses } from '../../../components/ui/button';
import { LoadError, LoadingState } from '../../../components/ui/query-states';
import { isApiError } from '../../../lib/http';
import { useFormat } from '../../../lib/format';
import { quantityText } from '../../../lib/document-formats';
import { useOrder } from '../api/get-order';
import { OrderDocumentLinks } from './order-document-links';
import { OrderStatusBadge, PaymentStatusText } from './order-status-badge';
import { PaymentReviewSection } from './payment-review-section';

export type OrderDetailLinks = {
  back: string;
  invoice: (order: Pick<Order, 'invoiceToken' | 'kind'>) => string;
  checkout: (order: Pick<Order, 'id' | 'kind'>) => string;
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 p-4">
      <h2 id={id} className="font-semibold text-gray-900">
        {title}
      </h2>
      <div className="mt-2 text-sm text-gray-800">{children}</div>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-gray-600">{term}</dt>
      <dd className="min-w-0 text-right break-words text-gray-900">{children}</dd>
    </div>
  );
}

function Address({ address }: { address: OrderAddress }) {
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('fr') ? 'fr' : 'en';
  return (
    <address className="not-italic break-words">
      {address.fullName}
      <br />
      {address.line1}
      {address.line2 ? (
        <>
          <br />
          {address.line2}
        </>
      ) : null}
      <br />
      {address.city}, {provinceNames[address.province][lang]} {normalizePostalCode(address.postalCode)}
      <br />
      Canada
      {address.phone ? (
        <>
          <br />
          {address.phone}
        </>
      ) : null}
    </address>
  );
}

const payable = new Set(['unpaid', 'failed', 'requires_action']);

/**
 * /order/{id} and /service-order/{id}: everything about one of the buyer's orders (docs/product.md §2 order detail). Another
 * user's order answers 404 like a missing one: "Order Not Found (missing or no permission)".
 */
export function OrderDetailScreen({
  kind,
  orderId,
  links,
}: {
  kind: OrderKind;
  orderId: string;
  links: OrderDetailLinks;
}) {
  const { t, i18n } = useTranslation('orders');
  const format = useFormat();
  const query = useOrder(kind, orderId);
  const back = (
    <Link to={links.back} className="text-sm font-medium text-maple-700 underline">
      ← {t('orderDetail.back')}
    </Link>
  );
  if (query.isPending) return <LoadingState />;
  if (query.error) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.code === 'ORDER_NOT_FOUND')) {
      return (
        <div className="space-y-3">
          {back}
          <div role="alert" className="rounded-lg border border-gray-200 p-6 text-center">
            <h1 className="text-xl font-semibold text-gray-900">{t('orderDetail.notFound')}</h1>
            <p className="mt-1 text-sm text-gray-600">{t('orderDetail.notFoundText')}</p>
          </div>
        </div>
      );
    }
    return (
      <div className="space-y-3">
        {back}
        <LoadError message={t('orderDetail.loadError')} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const order = query.data;
  // Decision 248: the order's dates and times are in its time zone (its invoice's), named ("ET", "HE").
  const uiLang = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const when = (instant: string) => formatDocumentDateTime(instant, uiLang, order.timeZone);
  const reached = (status: Order['status']) =>
    order.timeline.find((entry) => entry.status === status)?.at ?? null;
  const refunded = order.payment.refundedCents;
  const deliveredAt = order.deliveredAt ?? reached('delivered');

  return (
    <div className="space-y-4">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-gray-900">
            {t(kind === 'service' ? 'orderDetail.serviceTitle' : 'orderDetail.title')}
          </h1>
          <p className="text-xs break-all text-gray-600">
            {t('orderDetail.orderId')}: <span title={order.id}>{shortRef(order.id)}</span>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <OrderStatusBadge status={order.status} />
          {payable.has(order.payment.status) && order.status === 'pending' ? (
            <Link to={links.checkout(order)} className={buttonClasses('primary', 'sm')}>
              {t('orderDetail.payNow')}
            </Link>
          ) : null}
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Section
          id="order-item"
          title={t(kind === 'service' ? 'orderDetail.service' : 'orderDetail.product')}
        >
          <dl className="space-y-1">
            <Row term={t(kind === 'service' ? 'orderDetail.service' : 'orderDetail.product')}>
              {subjectNameIn(order.subject, i18n.language)}
            </Row>
            <Row term={t('orderDetail.quantity')}>
              {quantityText(t, order.subject.quantity, order.subject.unit, i18n.language)}
            </Row>
            <Row term={t('orderDetail.seller')}>{order.seller.name}</Row>
          </dl>
        </Section>

        <Section id="order-amounts" title={t('orderDetail.summary')}>
          <dl className="space-y-1">
            <Row term={t('orderDetail.negotiatedPrice')}>{format.money(order.negotiatedPriceCents)}</Row>
            <Row term={t('orderDetail.shipping')}>{format.money(order.shippingCents)}</Row>
            <Row term={t('orderDetail.tax')}>{format.money(order.taxCents)}</Row>
            <Row term={t('orderDetail.total')}>
              <strong>{format.money(order.totalCents)}</strong>
            </Row>
          </dl>
        </Section>

        {/* The terms the order was accepted under: its own copy (docs/product.md §3 Order), not the invoice's. */}
        <Section id="order-terms" title={t('orderDetail.terms')}>
          <dl className="space-y-1">
            <Row term={t('orderDetail.paymentTerms')}>
              <span className="whitespace-pre-wrap">{order.paymentTerms || t('orderDetail.noTerms')}</span>
            </Row>
            <Row term={t('orderDetail.deliveryTerms')}>
              <span className="whitespace-pre-wrap">{order.deliveryTerms || t('orderDetail.noTerms')}</span>
            </Row>
          </dl>
        </Section>

        <Section id="order-shipping" title={t('orderDetail.shippingAddress')}>
          <Address address={order.shippingAddress} />
        </Section>
        <Section id="order-billing" title={t('orderDetail.billingAddress')}>
          <Address address={order.billingAddress} />
        </Section>

        <Section id="order-payment" title={t('orderDetail.payment')}>
          <dl className="space-y-1">
            <Row term={t('orderDetail.paymentStatus')}>
              <PaymentStatusText status={order.payment.status} />
            </Row>
            {order.payment.cardLast4 ? (
              <Row term={t('orderDetail.card')}>
                {t('orderDetail.cardValue', {
                  brand: cardBrandName(order.payment.cardBrand) ?? t('orderDetail.cardGeneric'),
                  last4: order.payment.cardLast4,
                })}
              </Row>
            ) : null}
            {order.payment.paidAt ? (
              <Row term={t('orderDetail.paidAt')}>{when(order.payment.paidAt)}</Row>
            ) : null}
            {refunded > 0 ? <Row term={t('orderDetail.refunded')}>{format.money(refunded)}</Row> : null}
          </dl>
        </Section>

        <Section id="order-invoice" title={t('orderDetail.invoice')}>
          <Link to={links.invoice(order)} className="font-medium text-maple-700 underline">
            {t('orderDetail.viewInvoice')}
          </Link>
        </Section>

        <Section id="order-documents" title={t('documents.title')}>
          <OrderDocumentLinks order={order} />
        </Section>

        <Section id="order-tracking" title={t('orderDetail.tracking')}>
          {order.trackingNumber ? (
            <dl className="space-y-1" data-testid="order-tracking">
              <Row term={t('orderDetail.trackingNumber')}>{order.trackingNumber}</Row>
              <Row term={t('orderDetail.carrier')}>{order.carrier ?? ''}</Row>
            </dl>
          ) : (
            <p className="text-gray-600">{t('orderDetail.noTracking')}</p>
          )}
        </Section>

        <Section id="order-timeline" title={t('orderDetail.timeline')}>
          <ol className="space-y-1" data-testid="order-timeline">
            <li className="flex flex-wrap justify-between gap-x-3">
              <span className="text-gray-600">{t('orderDetail.placed')}</span>
              <span>{when(order.placedAt)}</span>
            </li>
            <li className="flex flex-wrap justify-between gap-x-3">
              <span className="text-gray-600">{t('orderDetail.estimatedDelivery')}</span>
              <span>{formatDocumentDate(order.estimatedDeliveryOn, uiLang, order.timeZone)}</span>
            </li>
            <li className="flex flex-wrap justify-between gap-x-3">
              <span className="text-gray-600">{t('orderDetail.delivered')}</span>
              <span>{deliveredAt ? when(deliveredAt) : t('orderDetail.notYet')}</span>
            </li>
          </ol>
          {order.timeline.length > 0 ? (
            <>
              <h3 className="mt-3 text-sm font-medium text-gray-900">{t('orderDetail.history')}</h3>
              <ol className="mt-1 space-y-1 text-gray-700">
                {order.timeline.map((entry, index) => (
                  <li key={`${entry.status}-${index}`}>
                    {t('orderDetail.historyEntry', {
                      status: t(`status.${entry.status}`),
                      date: when(entry.at),
                    })}
                    {entry.trackingNumber ? ` · ${entry.carrier ?? ''} ${entry.trackingNumber}` : ''}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </Section>
      </div>

      <PaymentReviewSection order={order} />
    </div>
  );
}
