import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardBrandName } from '@maplesource/contracts/payments';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/format';

/** A state's heading takes the focus when the state appears, so screen readers and keyboards follow the change. */
function StateHeading({ children, tone }: { children: ReactNode; tone: 'ok' | 'bad' | 'neutral' }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const color = tone === 'ok' ? 'text-green-800' : tone === 'bad' ? 'text-red-800' : 'text-gray-900';
  return (
    <h2 ref={ref} tabIndex={-1} className={`text-xl font-semibold outline-none ${color}`}>
      {children}
    </h2>
  );
}

/** Waiting for the provider's webhook: a spinner and the seconds left before the page stops waiting. */
export function ProcessingState({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  return (
    <section aria-busy="true" className="space-y-3 text-center" data-testid="checkout-processing">
      <Spinner size="lg" decorative />
      <StateHeading tone="neutral">{t('checkout.processing.title')}</StateHeading>
      <p role="status" className="text-sm text-gray-700">
        {t('checkout.processing.text')}
      </p>
      <p className="text-sm text-gray-700">
        {t('checkout.processing.countdown', { seconds: format.number(secondsLeft) })}{' '}
        <span className="font-mono text-lg font-semibold tabular-nums" data-testid="checkout-countdown">
          {format.number(secondsLeft)}
        </span>
      </p>
    </section>
  );
}

export function SuccessState({
  card,
  orderHref,
  ordersHref,
}: {
  card: { brand: string | null; last4: string | null };
  orderHref: string;
  ordersHref: string;
}) {
  const { t } = useTranslation('payments');
  return (
    <OrderOutcome
      tone="ok"
      title={t('checkout.success.title')}
      text={
        card.last4
          ? t('checkout.success.textCard', { brand: cardBrandName(card.brand) ?? '', last4: card.last4 })
          : t('checkout.success.text')
      }
      orderHref={orderHref}
      ordersHref={ordersHref}
    />
  );
}

/**
 * The order's payment went back to the card (a refund after a cancellation, a payment review, or a cancelled
 * order's late payment, decision 166): never "Payment successful".
 */
export function RefundedState({
  partial,
  cancelled,
  refundedCents,
  orderHref,
  ordersHref,
}: {
  partial: boolean;
  cancelled: boolean;
  refundedCents: number;
  orderHref: string;
  ordersHref: string;
}) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const amount = format.money(refundedCents);
  let text = t('checkout.refunded.text', { amount });
  if (partial) text = t('checkout.refunded.textPartial', { amount });
  else if (cancelled) text = t('checkout.refunded.textCancelled', { amount });
  return (
    <OrderOutcome
      tone="neutral"
      title={partial ? t('checkout.refunded.titlePartial') : t('checkout.refunded.title')}
      text={text}
      orderHref={orderHref}
      ordersHref={ordersHref}
    />
  );
}

/**
 * The order was cancelled (by the seller, or because no payment arrived in time, decision 166): nothing to pay. A
 * payment that landed anyway is refunded in full by MapleSource, and the page says so.
 */
export function CancelledState({
  paid,
  orderHref,
  ordersHref,
}: {
  paid: boolean;
  orderHref: string;
  ordersHref: string;
}) {
  const { t } = useTranslation('payments');
  return (
    <OrderOutcome
      tone="neutral"
      title={t('checkout.cancelled.title')}
      text={paid ? t('checkout.cancelled.textPaid') : t('checkout.cancelled.text')}
      orderHref={orderHref}
      ordersHref={ordersHref}
    />
  );
}

/**
 * Where an order's checkout ended without anything left to do (paid, refunded, cancelled): announced as a status,
 * green when paid and amber otherwise, with links to the order and to all orders.
 */
function OrderOutcome({
  tone,
  title,
  text,
  orderHref,
  ordersHref,
}: {
  tone: 'ok' | 'neutral';
  title: string;
  text: string;
  orderHref: string;
  ordersHref: string;
}) {
  const colors = tone === 'ok' ? 'border-green-200 bg-green-50' : 'border-amber-200 bg-amber-50';
  return (
    <section role="status" className={`space-y-3 rounded-lg border ${colors} p-6 text-center`}>
      <StateHeading tone={tone}>{title}</StateHeading>
      <p className="text-sm text-gray-800">{text}</p>
      <OrderLinks orderHref={orderHref} ordersHref={ordersHref} />
    </section>
  );
}

function OrderLinks({ orderHref, ordersHref }: { orderHref: string; ordersHref: string }) {
  const { t } = useTranslation('payments');
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Link to={orderHref} className={buttonClasses('primary')}>
        {t('checkout.success.viewOrder')}
      </Link>
      <Link to={ordersHref} className={buttonClasses('secondary')}>
        {t('checkout.success.myOrders')}
      </Link>
    </div>
  );
}

const knownFailures = ['card_declined', 'insufficient_funds', 'authentication_failed'] as const;

/** "Payment failed, try again" with the reason; the retry goes back to the card form on the same intent. */
export function FailureState({ failureCode, onRetry }: { failureCode: string | null; onRetry: () => void }) {
  const { t } = useTranslation('payments');
  const reason = (knownFailures as readonly string[]).includes(failureCode ?? '')
    ? t(`checkout.failure.reasons.${failureCode as (typeof knownFailures)[number]}`)
    : t('checkout.failure.reasons.other');
  return (
    <section role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <StateHeading tone="bad">{t('checkout.failure.title')}</StateHeading>
      <p className="text-sm text-red-900" data-testid="checkout-failure-reason">
        {reason}
      </p>
      <Button onClick={onRetry}>{t('checkout.failure.retry')}</Button>
    </section>
  );
}

/** "Error during checkout": the page could not finish (load error, provider unreachable, no answer in time). */
export function CheckoutErrorState({
  message,
  onRetry,
  retryLabel,
  orderHref,
}: {
  message?: string | undefined;
  onRetry: () => void;
  retryLabel?: string;
  orderHref?: string;
}) {
  const { t } = useTranslation('payments');
  return (
    <section role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <StateHeading tone="bad">{t('checkout.error.title')}</StateHeading>
      {message ? <p className="text-sm text-red-900">{message}</p> : null}
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onRetry}>{retryLabel ?? t('checkout.error.retry')}</Button>
        {orderHref ? (
          <Link to={orderHref} className={buttonClasses('secondary')}>
            {t('checkout.success.viewOrder')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** "Missing checkout data, try again": no order in the address, or not one of this buyer's. */
export function MissingCheckoutData({ ordersHref }: { ordersHref: string }) {
  const { t } = useTranslation('payments');
  return (
    <section
      role="alert"
      className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-6 text-center"
    >
      <StateHeading tone="bad">{t('checkout.missing.title')}</StateHeading>
      <p className="text-sm text-gray-800">{t('checkout.missing.text')}</p>
      <Link to={ordersHref} className={buttonClasses('secondary')}>
        {t('checkout.success.myOrders')}
      </Link>
    </section>
  );
}
