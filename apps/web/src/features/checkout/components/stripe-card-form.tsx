import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loadStripe, type StripeCardElementChangeEvent, type StripeElementLocale } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/query-states';
import { useFormat } from '../../../lib/format';
import { validateCard } from '../model/card-form';
import { stripeOutcome, type StripeConfirmOutcome } from '../model/stripe-outcome';
import { BillingPostalCodeField } from './card-form';
import { CheckoutErrorState } from './checkout-states';

/**
 * The Stripe card form (decision 165). This module is the only one importing Stripe's packages, and the checkout
 * imports it lazily, only when the order's intent is Stripe's: nothing of Stripe enters the first-load bundle and
 * no page but /checkout loads js.stripe.com.
 */
export type StripeCardFormProps = {
  publishableKey: string;
  clientSecret: string;
  amountCents: number;
  submitting: boolean;
  /** Called when the card goes to Stripe (the page shows it is busy; the form stays mounted). */
  onSubmitting: () => void;
  onOutcome: (outcome: StripeConfirmOutcome) => void;
};

const localeOf = (language: string): StripeElementLocale => (language.startsWith('fr') ? 'fr-CA' : 'en');

export default function StripeCardForm(props: StripeCardFormProps) {
  const { t, i18n } = useTranslation('payments');
  // Stripe.js is fetched from js.stripe.com once per key (loadStripe caches it); a failed load can be retried.
  const stripe = useQuery({
    queryKey: ['stripe-js', props.publishableKey] as const,
    queryFn: () => loadStripe(props.publishableKey),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  if (stripe.isPending) return <LoadingState label={t('stripe.loading')} lines={3} />;
  if (stripe.error || !stripe.data)
    return <CheckoutErrorState message={t('stripe.unavailable')} onRetry={() => void stripe.refetch()} />;
  return (
    <Elements stripe={stripe.data} options={{ locale: localeOf(i18n.language) }}>
      <CardFields {...props} />
    </Elements>
  );
}

function CardFields({ clientSecret, amountCents, submitting, onSubmitting, onOutcome }: StripeCardFormProps) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const errorId = useId();
  const [card, setCard] = useState<{ complete: boolean; error: string | null; ready: boolean }>({
    complete: false,
    error: null,
    ready: false,
  });
  const [postalCode, setPostalCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [postalTouched, setPostalTouched] = useState(false);
  // The postal code is ours to check (Canadian format, the same rule as the sandbox form); the card is Stripe's.
  const postalError = validateCard({ number: '', expiry: '', cvc: '', postalCode }).errors.postalCode;
  const cardError = card.error ?? (submitted && !card.complete ? t('stripe.incomplete') : null);

  const onCardChange = (event: StripeCardElementChangeEvent) =>
    setCard((current) => ({ ...current, complete: event.complete, error: event.error?.message ?? null }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const element = elements?.getElement(CardElement);
    if (!stripe || !element) return;
    if (!card.complete) {
      element.focus();
      return;
    }
    if (postalError) {
      event.currentTarget.querySelector<HTMLInputElement>('input[name="postal"]')?.focus();
      return;
    }
    onSubmitting();
    // Stripe.js sends the card from its own frame to Stripe and runs any 3-D Secure step in its own modal frame.
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: {
        card: element,
        billing_details: { address: { postal_code: postalCode.trim().toUpperCase(), country: 'CA' } },
      },
    });
    const outcome = stripeOutcome(result);
    if (outcome.kind === 'invalid') setCard((current) => ({ ...current, error: outcome.message || null }));
    onOutcome(outcome);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
      aria-label={t('card.formLabel')}
    >
      <div className="space-y-1">
        <span id={labelId} className="block text-sm font-medium text-gray-800">
          {t('card.formLabel')}
          <span aria-hidden="true" className="text-maple-700">
            {' '}
            *
          </span>
        </span>
        <div
          role="group"
          aria-labelledby={labelId}
          aria-describedby={cardError ? errorId : undefined}
          data-testid="stripe-card"
          className={`rounded-md border bg-white px-3 py-3 ${cardError ? 'border-red-700' : 'border-gray-300'}`}
        >
          <CardElement
            options={{
              hidePostalCode: true,
              disabled: submitting,
              style: { base: { fontSize: '16px', color: '#111827' }, invalid: { color: '#b91c1c' } },
            }}
            onChange={onCardChange}
            onReady={() => setCard((current) => ({ ...current, ready: true }))}
          />
        </div>
        <p className="text-xs text-gray-600">{t('stripe.hint')}</p>
        {cardError ? (
          <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
            {cardError}
          </p>
        ) : null}
      </div>
      <BillingPostalCodeField
        value={postalCode}
        error={postalError && (submitted || postalTouched) ? t(`card.errors.${postalError}`) : undefined}
        disabled={submitting}
        onChange={setPostalCode}
        onBlur={() => setPostalTouched(true)}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={submitting}
        disabled={!stripe || !card.ready}
      >
        {t('card.pay', { amount: format.money(amountCents) })}
      </Button>
      <p className="text-xs text-gray-600">{t('card.secureNote')}</p>
    </form>
  );
}
