import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { subjectNameIn } from '@maplesource/contracts/languages';
import type { Order, OrderKind } from '@maplesource/contracts/orders';
import type { CreateOrderIntentResponse } from '@maplesource/contracts/payments';
import { LoadingState } from '../../../components/ui/query-states';
import { errorMessage, isApiError } from '../../../lib/http';
import { useFormat } from '../../../lib/format';
import { SETTLE_POLL_MS, SETTLE_WAIT_SECONDS, useCheckoutOrder } from '../api/checkout-order';
import { confirmCard, providerUrl } from '../api/confirm-card';
import { createOrderIntent, useOrderIntent } from '../api/create-intent';
import { usePaymentProvider } from '../api/payment-provider';
import type { CardInput } from '../model/card-form';
import type { StripeConfirmOutcome } from '../model/stripe-outcome';
import { useCountdown } from '../../../lib/use-countdown';
import { CardForm } from './card-form';
import {
  CancelledState,
  CheckoutErrorState,
  FailureState,
  MissingCheckoutData,
  ProcessingState,
  RefundedState,
  SuccessState,
} from './checkout-states';

/**
 * An order the checkout no longer pays (decision 195): its payment went through, went back (refunded in full or in
 * part), or the order was cancelled (by the seller, or for want of payment, decision 166). Only `paid` on an order
 * that still stands is a success; money that went back, or an order that is gone, says so.
 */
type Closed =
  | { name: 'paid' }
  | { name: 'refunded'; partial: boolean; cancelled: boolean }
  | { name: 'cancelled'; paid: boolean };

export function closedStateOf(order: Order): Closed | null {
  const payment = order.payment.status;
  if (payment === 'refunded' || payment === 'partially_refunded')
    return {
      name: 'refunded',
      partial: payment === 'partially_refunded',
      cancelled: order.status === 'cancelled',
    };
  if (order.status === 'cancelled') return { name: 'cancelled', paid: payment === 'paid' };
  if (payment === 'paid') return { name: 'paid' };
  return null;
}

// Stripe's packages load only here, only for a Stripe intent (decision 165): never in the first-load bundle.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

type Phase =
  /** `submitMessage`: Stripe.js's own (localised) reason, shown instead of the error's translation. */
  | { name: 'form'; submitError: unknown; submitMessage?: string }
  | { name: 'submitting' }
  /** `failedBefore`: the order already showed a failure before this attempt (a retry), so a `failed` order is stale
   * until the intent itself says the new attempt failed. */
  | { name: 'processing'; deadline: number; startedAt: number; failedBefore: boolean }
  | { name: 'failed'; failureCode: string | null };

export type CheckoutLinks = {
  orderHref: string;
  ordersHref: string;
  /** Where the provider's authentication page sends the buyer back (this page, marked as returning). */
  returnPath: string;
};

function initialPhase(order: Order, returnedFromChallenge: boolean): Phase {
  const status = order.payment.status;
  if (returnedFromChallenge || status === 'processing' || status === 'requires_action')
    return processing(status === 'failed');
  if (status === 'failed') return { name: 'failed', failureCode: order.payment.failureCode };
  return { name: 'form', submitError: null };
}

const processing = (failedBefore: boolean): Phase => ({
  name: 'processing',
  deadline: Date.now() + SETTLE_WAIT_SECONDS * 1000,
  startedAt: Date.now(),
  failedBefore,
});

/**
 * /checkout: pays one order by card. Gets the order's one intent (idempotent), posts the card to the provider's own
 * endpoint, follows the authentication step (same-tab redirect, decision 155), then polls the order until the
 * provider's webhook settles it, with a visible countdown. A failure offers a retry on the same intent.
 */
export function CheckoutScreen({
  kind,
  orderId,
  returnedFromChallenge,
  links,
}: {
  kind: OrderKind;
  orderId: string;
  returnedFromChallenge: boolean;
  links: CheckoutLinks;
}) {
  const { t } = useTranslation('payments');
  const order = useCheckoutOrder(kind, orderId, false);
  const closed = order.data ? closedStateOf(order.data) : null;
  const intent = useOrderIntent(kind, orderId, order.isSuccess && closed === null);
  const stripeIntent = intent.data?.provider === 'stripe';
  const provider = usePaymentProvider(stripeIntent);

  if (order.isPending) return <LoadingState />;
  if (order.error) {
    if (isApiError(order.error) && (order.error.status === 404 || order.error.code === 'ORDER_NOT_FOUND'))
      return <MissingCheckoutData ordersHref={links.ordersHref} />;
    return <CheckoutErrorState message={errorMessage(t, order.error)} onRetry={() => void order.refetch()} />;
  }
  if (closed?.name === 'paid') {
    return (
      <SuccessState
        card={{ brand: order.data.payment.cardBrand, last4: order.data.payment.cardLast4 }}
        orderHref={links.orderHref}
        ordersHref={links.ordersHref}
      />
    );
  }
  if (closed?.name === 'refunded') {
    return (
      <RefundedState
        partial={closed.partial}
        cancelled={closed.cancelled}
        refundedCents={
          closed.partial || order.data.payment.refundedCents > 0
            ? order.data.payment.refundedCents
            : order.data.totalCents
        }
        orderHref={links.orderHref}
        ordersHref={links.ordersHref}
      />
    );
  }
  if (closed?.name === 'cancelled') {
    return <CancelledState paid={closed.paid} orderHref={links.orderHref} ordersHref={links.ordersHref} />;
  }
  if (intent.isPending) return <LoadingState />;
  if (intent.error) {
    // Paid or cancelled since the page read the order: read it again, and the state above says which.
    if (isApiError(intent.error) && ['ORDER_ALREADY_PAID', 'ORDER_NOT_PAYABLE'].includes(intent.error.code))
      void order.refetch();
    return (
      <CheckoutErrorState
        message={errorMessage(t, intent.error)}
        onRetry={() => void Promise.all([order.refetch(), intent.refetch()])}
        orderHref={links.orderHref}
      />
    );
  }
  let publishableKey: string | null = null;
  if (stripeIntent) {
    if (provider.isPending) return <LoadingState />;
    if (provider.error || provider.data.provider !== 'stripe')
      return (
        <CheckoutErrorState
          message={provider.error ? errorMessage(t, provider.error) : t('stripe.unavailable')}
          onRetry={() => void provider.refetch()}
          orderHref={links.orderHref}
        />
      );
    publishableKey = provider.data.publishableKey;
  }
  return (
    <CheckoutFlow
      key={intent.data.intentId}
      kind={kind}
      initialOrder={order.data}
      intent={intent.data}
      publishableKey={publishableKey}
      returnedFromChallenge={returnedFromChallenge}
      links={links}
    />
  );
}

function CheckoutFlow({
  kind,
  initialOrder,
  intent,
  publishableKey,
  returnedFromChallenge,
  links,
}: {
  kind: OrderKind;
  initialOrder: Order;
  intent: CreateOrderIntentResponse;
  /** Stripe's publishable key when the intent is Stripe's: the card goes through Stripe.js (decision 165). */
  publishableKey: string | null;
  returnedFromChallenge: boolean;
  links: CheckoutLinks;
}) {
  const { t, i18n } = useTranslation('payments');
  const format = useFormat();
  const [phase, setPhase] = useState<Phase>(() => initialPhase(initialOrder, returnedFromChallenge));
  const polling = phase.name === 'processing';
  const order = useCheckoutOrder(kind, initialOrder.id, polling);
  // A paid, refunded or cancelled order is shown by CheckoutScreen (it reads the same query), so that state mounts
  // once, whether the page opened on it or the order changed while this flow polled.
  const current = order.data ?? initialOrder;
  // A retry after a failure: the order reads `failed` until the new attempt's webhook lands, so the intent's own
  // status (re-read, idempotent) tells whether this attempt failed.
  const intentCheck = useQuery({
    queryKey: ['payments', 'intent-check', kind, initialOrder.id, polling ? phase.startedAt : 0],
    queryFn: () => createOrderIntent(kind, initialOrder.id),
    enabled: polling && phase.failedBefore,
    refetchInterval: SETTLE_POLL_MS,
  });
  const secondsLeft = useCountdown(polling ? phase.deadline : null);

  const submit = async (card: CardInput) => {
    if (!intent.confirmUrl) {
      setPhase({ name: 'form', submitError: new Error('provider') });
      return;
    }
    const failedBefore = current.payment.status === 'failed';
    setPhase({ name: 'submitting' });
    try {
      const answer = await confirmCard(
        { confirmUrl: intent.confirmUrl, clientSecret: intent.clientSecret },
        card,
        links.returnPath,
      );
      if (answer.status === 'requires_action' && answer.challengeUrl) {
        // Same-tab redirect to the provider's authentication page; it sends the buyer back to `returnPath`.
        window.location.assign(providerUrl(answer.challengeUrl));
        return;
      }
      if (answer.status === 'requires_payment_method') {
        setPhase({ name: 'failed', failureCode: answer.failureCode });
        return;
      }
      setPhase(processing(failedBefore));
    } catch (error) {
      setPhase({ name: 'form', submitError: error });
    }
  };

  // Stripe.js confirms in the page (3-D Secure in its own modal frame), then the webhook settles the order.
  const stripeOutcome = (outcome: StripeConfirmOutcome) => {
    if (outcome.kind === 'settling') setPhase(processing(current.payment.status === 'failed'));
    else if (outcome.kind === 'failed') setPhase({ name: 'failed', failureCode: outcome.failureCode });
    else if (outcome.kind === 'invalid') setPhase({ name: 'form', submitError: null });
    else
      setPhase({
        name: 'form',
        submitError: true,
        submitMessage: outcome.message || t('stripe.unavailable'),
      });
  };

  let body;
  if (phase.name === 'processing') {
    const attemptFailed =
      current.payment.status === 'failed' &&
      (!phase.failedBefore || intentCheck.data?.status === 'requires_payment_method');
    if (attemptFailed) {
      body = (
        <FailureState
          failureCode={intentCheck.data?.failureCode ?? current.payment.failureCode}
          onRetry={() => setPhase({ name: 'form', submitError: null })}
        />
      );
    } else if (secondsLeft === 0) {
      body = (
        <CheckoutErrorState
          message={t('checkout.error.timeout')}
          retryLabel={t('checkout.error.checkAgain')}
          onRetry={() => setPhase(processing(phase.failedBefore))}
          orderHref={links.orderHref}
        />
      );
    } else {
      body = <ProcessingState secondsLeft={secondsLeft ?? SETTLE_WAIT_SECONDS} />;
    }
  } else if (phase.name === 'failed') {
    body = (
      <FailureState
        failureCode={phase.failureCode}
        onRetry={() => setPhase({ name: 'form', submitError: null })}
      />
    );
  } else {
    body = (
      <>
        {phase.name === 'form' && phase.submitError ? (
          <div
            role="alert"
            className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          >
            <p className="font-medium">{t('checkout.error.title')}</p>
            <p>{phase.submitMessage ?? errorMessage(t, phase.submitError)}</p>
          </div>
        ) : null}
        {publishableKey ? (
          <Suspense fallback={<LoadingState lines={3} />}>
            <StripeCardForm
              publishableKey={publishableKey}
              clientSecret={intent.clientSecret}
              amountCents={intent.amountCents}
              submitting={phase.name === 'submitting'}
              onSubmitting={() => setPhase({ name: 'submitting' })}
              onOutcome={stripeOutcome}
            />
          </Suspense>
        ) : (
          <CardForm
            amountCents={intent.amountCents}
            submitting={phase.name === 'submitting'}
            onSubmit={submit}
          />
        )}
      </>
    );
  }

  return (
    <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
      <div>{body}</div>
      <aside
        aria-labelledby="checkout-summary"
        className="h-fit rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm"
      >
        <h2 id="checkout-summary" className="font-semibold text-gray-900">
          {t('checkout.summary.title')}
        </h2>
        <dl className="mt-2 space-y-1">
          <div className="flex justify-between gap-2">
            <dt className="text-gray-600">{t('checkout.summary.item')}</dt>
            <dd className="text-right break-words text-gray-900">
              {subjectNameIn(current.subject, i18n.language)}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-gray-600">{t('checkout.summary.seller')}</dt>
            <dd className="text-right break-words text-gray-900">{current.seller.name}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-gray-600">{t('checkout.summary.tax')}</dt>
            <dd className="text-gray-900">{format.money(current.taxCents)}</dd>
          </div>
          <div className="flex justify-between gap-2 border-t border-gray-200 pt-1 font-semibold">
            <dt>{t('checkout.summary.total')}</dt>
            <dd data-testid="checkout-total">{format.money(intent.amountCents)}</dd>
          </div>
        </dl>
      </aside>
    </div>
  );
}
