import { AppError } from '../errors';

/**
 * Payment intent states, as Stripe names them (the sandbox uses the same). A declined payment goes
 * back to `requires_payment_method` with a `failureCode`, so the buyer retries on the same intent.
 */
export type PaymentIntentStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded';

/** Why a payment failed, in provider-neutral codes (Stripe's decline codes where they exist). */
export type PaymentFailureCode =
  'card_declined' | 'insufficient_funds' | 'authentication_failed' | 'processing_error';

export interface PaymentIntent {
  id: string;
  amountCents: number;
  currency: 'cad';
  status: PaymentIntentStatus;
  /**
   * What the card form needs to confirm with the provider: a secret of its own, never the intent id, given only to
   * the paying buyer (decision 238).
   */
  clientSecret: string;
  metadata: Record<string, string>;
  /** Only brand and last 4 digits are ever kept (never the card number). */
  card: { brand: string; last4: string } | null;
  failureCode: PaymentFailureCode | null;
  /** `requires_action`: the buyer must pass the provider's authentication step (3-D Secure). */
  nextAction: { type: 'authenticate' } | null;
  refundedCents: number;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: 'cad';
  metadata: Record<string, string>;
  /** One intent per key, whatever the number of calls (e.g. `order:<id>`). */
  idempotencyKey: string;
}

export interface ConfirmInput {
  /** A provider-side payment method: Stripe's `pm_…`; in the sandbox, one of Stripe's test card numbers. */
  paymentMethod: string;
}

export interface RefundInput {
  /** Defaults to what is left to refund. */
  amountCents?: number;
  idempotencyKey: string;
}

export interface Refund {
  id: string;
  intentId: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed';
}

/** A webhook event after its signature was verified, in the provider-neutral shape handlers get. */
export interface PaymentEvent {
  provider: PaymentProviderName;
  id: string;
  /** Stripe's names: `payment_intent.succeeded`, `payment_intent.payment_failed`, `charge.refunded`, … */
  type: string;
  createdAt: Date;
  /** The object the event is about (a payment intent for `payment_intent.*`), as the provider sent it. */
  object: Record<string, unknown>;
  /** The parsed body, for what the neutral shape does not carry. */
  raw: unknown;
}

export type PaymentProviderName = 'sandbox' | 'stripe';

/** Why a webhook was refused; each maps to a 400 with its own error code. */
export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: 'missing' | 'invalid' | 'expired' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export const paymentRequestErrorStatus = {
  PAYMENT_INTENT_NOT_FOUND: 404,
  PAYMENT_INTENT_STATE: 409,
  PAYMENT_REFUND_TOO_LARGE: 422,
  PAYMENT_INVALID: 400,
} as const;

/**
 * A payment request the provider refuses (unknown intent, wrong state, refund too large). An
 * AppError, so a route that lets it through answers its 4xx with the code.
 */
export class PaymentRequestError extends AppError {
  constructor(
    override readonly code: keyof typeof paymentRequestErrorStatus,
    message: string,
  ) {
    super(paymentRequestErrorStatus[code], code, message);
    this.name = 'PaymentRequestError';
  }
}

/**
 * The payment port (decision 073). The sandbox (default) and Stripe implement it; workflows only
 * ever see this interface, through `app.payments.provider`.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The request header the provider signs webhooks in. */
  readonly signatureHeader: string;
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  retrieveIntent(intentId: string): Promise<PaymentIntent>;
  /** Starts confirmation; the outcome arrives later as a webhook event. */
  confirm(intentId: string, input: ConfirmInput): Promise<PaymentIntent>;
  refund(intentId: string, input: RefundInput): Promise<Refund>;
  /** Checks the signature over the exact raw body and parses it; throws WebhookVerificationError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
