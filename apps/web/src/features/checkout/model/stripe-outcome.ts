import type { PaymentIntentResult } from '@stripe/stripe-js';

/** The failure reasons the checkout names (the same as the sandbox's and the server's, decision 073). */
export type CardFailureCode = 'card_declined' | 'insufficient_funds' | 'authentication_failed';

/**
 * What `stripe.confirmCardPayment` answered, in the checkout's terms (decision 165):
 * - `settling`: Stripe took the payment (succeeded, or processing); the order is paid when the webhook lands.
 * - `failed`: the card was refused or its 3-D Secure step failed; a retry uses the same intent.
 * - `invalid`: Stripe.js refused the input before asking the bank (incomplete card…); stay on the form.
 * - `error`: Stripe could not be reached or refused the request; "Error during checkout".
 */
export type StripeConfirmOutcome =
  | { kind: 'settling' }
  | { kind: 'failed'; failureCode: CardFailureCode }
  | { kind: 'invalid'; message: string }
  | { kind: 'error'; message: string };

type StripeErrorLike = { type?: string; code?: string; decline_code?: string; message?: string };

function failureCodeOf(error: StripeErrorLike): CardFailureCode {
  if (error.code === 'payment_intent_authentication_failure') return 'authentication_failed';
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds')
    return 'insufficient_funds';
  return 'card_declined';
}

export function stripeOutcome(result: PaymentIntentResult): StripeConfirmOutcome {
  if (result.error) {
    const error: StripeErrorLike = result.error;
    if (error.type === 'card_error' || error.code === 'payment_intent_authentication_failure')
      return { kind: 'failed', failureCode: failureCodeOf(error) };
    if (error.type === 'validation_error') return { kind: 'invalid', message: error.message ?? '' };
    return { kind: 'error', message: error.message ?? '' };
  }
  const intent = result.paymentIntent;
  if (intent.status === 'requires_payment_method')
    return { kind: 'failed', failureCode: failureCodeOf(intent.last_payment_error ?? {}) };
  // succeeded, processing (and requires_capture etc., which our intents never use): the webhook decides.
  return { kind: 'settling' };
}
