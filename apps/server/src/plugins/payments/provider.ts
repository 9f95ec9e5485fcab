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
  PAYMENT_ACCOUNT_NOT_FOUND: 404,
  PAYMENT_TRANSFER_NOT_FOUND: 404,
  PAYMENT_INSUFFICIENT_BALANCE: 409,
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
export interface PaymentProvider extends ConnectProvider {
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
  /**
   * The provider's fee on a succeeded payment (decision 304), read from its balance transaction; null while the
   * provider has not recorded it yet (the caller retries).
   */
  chargeFee(intentId: string): Promise<ChargeFee | null>;
}

export interface ChargeFee {
  feeCents: number;
  /** The charge's balance transaction at the provider. */
  balanceTransactionId: string;
}

/** A dispute object (`charge.dispute.*` events, Stripe's shape, which the sandbox sends too), or null. */
export interface DisputeObject {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  reason: string;
  /** Stripe's statuses: `needs_response`, `under_review`, `won`, `lost`, … */
  status: string;
}

export function disputeOfEvent(object: Record<string, unknown>): DisputeObject | null {
  if (object.object !== 'dispute' || typeof object.id !== 'string' || object.id.length > 255) return null;
  const intent = object.payment_intent;
  const paymentIntentId =
    typeof intent === 'string'
      ? intent
      : intent && typeof intent === 'object' && typeof (intent as { id?: unknown }).id === 'string'
        ? (intent as { id: string }).id
        : null;
  if (!paymentIntentId || !Number.isSafeInteger(object.amount) || Number(object.amount) <= 0) return null;
  return {
    id: object.id,
    paymentIntentId,
    amountCents: Number(object.amount),
    reason: typeof object.reason === 'string' ? object.reason.slice(0, 100) : '',
    status: typeof object.status === 'string' ? object.status : '',
  };
}

/**
 * A seller's connected account at the provider (decision 312): Stripe Connect's Express account, or the sandbox's.
 * Payouts are separate charges and transfers: the platform charges the buyer, then transfers the seller's share.
 */
export interface ConnectedAccount {
  id: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** What the provider still needs from the seller (Stripe's `requirements.currently_due`). */
  requirementsDue: string[];
  /** Why the provider disabled the account (Stripe's `requirements.disabled_reason`: `rejected.fraud`, …). */
  disabledReason: string | null;
  metadata: Record<string, string>;
}

export interface CreateConnectedAccountInput {
  email?: string;
  /** E.g. `{ sellerId }`: comes back on every `account.updated` event. */
  metadata: Record<string, string>;
  /** One account per key (e.g. `payout-account:<sellerId>`). */
  idempotencyKey: string;
}

export interface AccountLinkInput {
  /** Where the provider sends the seller after the onboarding form (absolute URL). */
  returnUrl: string;
  /** Where it sends them when the link expired or was used: our page asks for a new link. */
  refreshUrl: string;
}

export interface AccountLink {
  url: string;
  expiresAt: Date;
}

export interface CreateTransferInput {
  amountCents: number;
  currency: 'cad';
  /** The connected account's id. */
  destination: string;
  /** Groups the transfer with its charges: the order id, or the payout id for a payout of several orders. */
  transferGroup: string;
  metadata: Record<string, string>;
  /** The payout id: the same key never transfers twice. */
  idempotencyKey: string;
}

export interface Transfer {
  id: string;
  amountCents: number;
  currency: 'cad';
  destination: string;
  transferGroup: string | null;
  /** `paid`: the funds are on the connected account; `reversed`: they came back (the account could not take them). */
  status: 'paid' | 'reversed';
  metadata: Record<string, string>;
}

export interface BalanceTransaction {
  id: string;
  /** Stripe's types: `transfer`, `transfer_cancel` (a reversal), `charge`, `refund`, … */
  type: string;
  /** Signed, in cents: a transfer out is negative. */
  amountCents: number;
  /** The transfer (or charge, refund) it comes from. */
  sourceId: string | null;
  createdAt: Date;
  /** The provider's own fee on it, in cents (Stripe's `fee`: on a charge, 2.9 % + 30¢ in Canada). */
  feeCents: number;
  /** The payment intent a charge, refund or dispute belongs to; null for transfers (decision 304). */
  paymentIntentId: string | null;
}

export interface ListBalanceTransactionsInput {
  /** Only those created at or after this instant. */
  createdFrom?: Date;
  /** Only those created before this instant (a day's reconciliation, decision 304). */
  createdBefore?: Date;
  /** The last id of the previous page. */
  startingAfter?: string;
  /** 1 to 100. */
  limit: number;
}

export interface BalanceTransactionPage {
  data: BalanceTransaction[];
  hasMore: boolean;
}

/** The account object of an `account.updated` event (Stripe's shape, which the sandbox sends too), or null. */
export function connectedAccountOfEvent(object: Record<string, unknown>): ConnectedAccount | null {
  if (object.object !== 'account' || typeof object.id !== 'string') return null;
  const requirements = (object.requirements ?? {}) as { currently_due?: unknown; disabled_reason?: unknown };
  const metadata = object.metadata && typeof object.metadata === 'object' ? object.metadata : {};
  return {
    id: object.id,
    detailsSubmitted: object.details_submitted === true,
    chargesEnabled: object.charges_enabled === true,
    payoutsEnabled: object.payouts_enabled === true,
    requirementsDue: Array.isArray(requirements.currently_due)
      ? requirements.currently_due.filter((item): item is string => typeof item === 'string')
      : [],
    disabledReason: typeof requirements.disabled_reason === 'string' ? requirements.disabled_reason : null,
    metadata: Object.fromEntries(
      Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
  };
}

/**
 * Stripe Connect behind the same port (decision 312): what the payout-account screens and the payout run call.
 * Both providers send `account.updated` (and, for transfers, `transfer.created` / `transfer.reversed`) to the
 * payment webhook route, signed like the payment events.
 */
export interface ConnectProvider {
  createConnectedAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount>;
  retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount>;
  createAccountLink(accountId: string, input: AccountLinkInput): Promise<AccountLink>;
  createTransfer(input: CreateTransferInput): Promise<Transfer>;
  retrieveTransfer(transferId: string): Promise<Transfer>;
  listBalanceTransactions(input: ListBalanceTransactionsInput): Promise<BalanceTransactionPage>;
}
