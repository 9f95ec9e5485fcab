import Stripe from 'stripe';
import {
  PaymentRequestError,
  WebhookVerificationError,
  type ConfirmInput,
  type CreateIntentInput,
  type PaymentEvent,
  type PaymentFailureCode,
  type PaymentIntent,
  type PaymentProvider,
  type Refund,
  type RefundInput,
} from './provider';
import { parseStripeShapedEvent } from './sandbox';
import { webhookToleranceSeconds } from './signature';

const failureCodeOf = (intent: Stripe.PaymentIntent): PaymentFailureCode | null => {
  const error = intent.last_payment_error;
  if (!error) return null;
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds')
    return 'insufficient_funds';
  if (error.code === 'payment_intent_authentication_failure') return 'authentication_failed';
  if (error.type === 'card_error') return 'card_declined';
  return 'processing_error';
};

const statusOf = (status: Stripe.PaymentIntent.Status): PaymentIntent['status'] => {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'processing') return 'processing';
  if (status === 'requires_action') return 'requires_action';
  return 'requires_payment_method'; // requires_confirmation, requires_capture and canceled are not used here
};

function toIntent(intent: Stripe.PaymentIntent, refundedCents = 0): PaymentIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return {
    id: intent.id,
    amountCents: intent.amount,
    currency: 'cad',
    status: statusOf(intent.status),
    clientSecret: intent.client_secret ?? '',
    metadata: intent.metadata,
    card: card ? { brand: card.brand ?? 'card', last4: card.last4 ?? '' } : null,
    failureCode: failureCodeOf(intent),
    nextAction: intent.status === 'requires_action' ? { type: 'authenticate' } : null,
    refundedCents: charge?.amount_refunded ?? refundedCents,
  };
}

function asRequestError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'resource_missing')
      throw new PaymentRequestError('PAYMENT_INTENT_NOT_FOUND', error.message);
    if (error.code === 'payment_intent_unexpected_state')
      throw new PaymentRequestError('PAYMENT_INTENT_STATE', error.message);
    if (error.code === 'charge_exceeds_source_limit' || /refund/i.test(error.message))
      throw new PaymentRequestError('PAYMENT_REFUND_TOO_LARGE', error.message);
    throw new PaymentRequestError('PAYMENT_INVALID', error.message);
  }
  throw error;
}

/**
 * Stripe behind the payment port (decision 073), selected when STRIPE_SECRET_KEY is set. Webhooks
 * are verified by Stripe's own `webhooks.constructEvent` over the raw body (tolerance 300 s).
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly signatureHeader = 'stripe-signature';
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    stripe?: Stripe,
  ) {
    this.stripe = stripe ?? new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    } catch (error) {
      return asRequestError(error);
    }
  }

  async retrieveIntent(intentId: string): Promise<PaymentIntent> {
    try {
      return toIntent(await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }));
    } catch (error) {
      return asRequestError(error);
    }
  }

  async confirm(intentId: string, { paymentMethod }: ConfirmInput): Promise<PaymentIntent> {
    try {
      return toIntent(
        await this.stripe.paymentIntents.confirm(intentId, {
          payment_method: paymentMethod,
          expand: ['latest_charge'],
        }),
      );
    } catch (error) {
      return asRequestError(error);
    }
  }

  async refund(intentId: string, input: RefundInput): Promise<Refund> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: intentId,
          ...(input.amountCents !== undefined ? { amount: input.amountCents } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return {
        id: refund.id,
        intentId,
        amountCents: refund.amount,
        status:
          refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending',
      };
    } catch (error) {
      return asRequestError(error);
    }
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    if (!signatureHeader)
      throw new WebhookVerificationError('missing', 'The webhook signature header is missing');
    try {
      this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.webhookSecret,
        webhookToleranceSeconds,
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError)
        throw new WebhookVerificationError(
          /tolerance/i.test(error.message) ? 'expired' : 'invalid',
          /tolerance/i.test(error.message)
            ? 'The webhook signature is too old'
            : 'The webhook signature does not match its body',
        );
      throw new WebhookVerificationError('malformed', 'The webhook body is not an event');
    }
    return parseStripeShapedEvent('stripe', rawBody);
  }
}
