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
  type AccountLink,
  type AccountLinkInput,
  type BalanceTransactionPage,
  type ConnectedAccount,
  type CreateConnectedAccountInput,
  type CreateTransferInput,
  type ListBalanceTransactionsInput,
  type Transfer,
  type ChargeFee,
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

const toAccount = (account: Stripe.Account): ConnectedAccount => ({
  id: account.id,
  detailsSubmitted: account.details_submitted ?? false,
  chargesEnabled: account.charges_enabled ?? false,
  payoutsEnabled: account.payouts_enabled ?? false,
  requirementsDue: account.requirements?.currently_due ?? [],
  disabledReason: account.requirements?.disabled_reason ?? null,
  metadata: account.metadata ?? {},
});

const toTransfer = (transfer: Stripe.Transfer): Transfer => ({
  id: transfer.id,
  amountCents: transfer.amount,
  currency: 'cad',
  destination:
    typeof transfer.destination === 'string' ? transfer.destination : (transfer.destination?.id ?? ''),
  transferGroup: transfer.transfer_group,
  status: transfer.reversed ? 'reversed' : 'paid',
  metadata: transfer.metadata,
});

/** The payment intent of an expanded balance transaction source: a charge's, a refund's or a dispute's. */
function paymentIntentOfSource(source: Stripe.BalanceTransaction['source']): string | null {
  if (!source || typeof source === 'string') return null;
  const intent = (source as { payment_intent?: unknown }).payment_intent;
  if (typeof intent === 'string') return intent;
  if (intent && typeof intent === 'object' && typeof (intent as { id?: unknown }).id === 'string')
    return (intent as { id: string }).id;
  return null;
}

function asRequestError(
  error: unknown,
  missing:
    | 'PAYMENT_INTENT_NOT_FOUND'
    | 'PAYMENT_ACCOUNT_NOT_FOUND'
    | 'PAYMENT_TRANSFER_NOT_FOUND' = 'PAYMENT_INTENT_NOT_FOUND',
): never {
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'resource_missing') throw new PaymentRequestError(missing, error.message);
    if (error.code === 'balance_insufficient')
      throw new PaymentRequestError('PAYMENT_INSUFFICIENT_BALANCE', error.message);
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
    /**
     * Stripe signs connected accounts' events (`account.updated`, …) with the secret of the endpoint that listens to
     * them (decision 312); the same route accepts either secret.
     */
    private readonly connectWebhookSecret?: string,
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

  async createConnectedAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount> {
    try {
      const account = await this.stripe.accounts.create(
        {
          type: 'express',
          country: 'CA',
          ...(input.email ? { email: input.email } : {}),
          // Canadian accounts under the full service agreement take card payments with transfers (decision 312).
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toAccount(account);
    } catch (error) {
      return asRequestError(error, 'PAYMENT_ACCOUNT_NOT_FOUND');
    }
  }

  async retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount> {
    try {
      return toAccount(await this.stripe.accounts.retrieve(accountId));
    } catch (error) {
      return asRequestError(error, 'PAYMENT_ACCOUNT_NOT_FOUND');
    }
  }

  async createAccountLink(accountId: string, input: AccountLinkInput): Promise<AccountLink> {
    try {
      const link = await this.stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: input.returnUrl,
        refresh_url: input.refreshUrl,
      });
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
    } catch (error) {
      return asRequestError(error, 'PAYMENT_ACCOUNT_NOT_FOUND');
    }
  }

  async createTransfer(input: CreateTransferInput): Promise<Transfer> {
    try {
      const transfer = await this.stripe.transfers.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          destination: input.destination,
          transfer_group: input.transferGroup,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toTransfer(transfer);
    } catch (error) {
      return asRequestError(error, 'PAYMENT_ACCOUNT_NOT_FOUND');
    }
  }

  async retrieveTransfer(transferId: string): Promise<Transfer> {
    try {
      return toTransfer(await this.stripe.transfers.retrieve(transferId));
    } catch (error) {
      return asRequestError(error, 'PAYMENT_TRANSFER_NOT_FOUND');
    }
  }

  async listBalanceTransactions(input: ListBalanceTransactionsInput): Promise<BalanceTransactionPage> {
    try {
      const created = {
        ...(input.createdFrom ? { gte: Math.floor(input.createdFrom.getTime() / 1000) } : {}),
        ...(input.createdBefore ? { lt: Math.floor(input.createdBefore.getTime() / 1000) } : {}),
      };
      const page = await this.stripe.balanceTransactions.list({
        limit: Math.min(Math.max(Math.trunc(input.limit), 1), 100),
        ...(input.startingAfter ? { starting_after: input.startingAfter } : {}),
        ...(Object.keys(created).length > 0 ? { created } : {}),
        // The source (charge, refund, dispute) carries the payment intent the ledger knows (decision 304).
        expand: ['data.source'],
      });
      return {
        data: page.data.map((transaction) => ({
          id: transaction.id,
          type: transaction.type,
          amountCents: transaction.amount,
          sourceId:
            typeof transaction.source === 'string' ? transaction.source : (transaction.source?.id ?? null),
          createdAt: new Date(transaction.created * 1000),
          feeCents: transaction.fee ?? 0,
          paymentIntentId: paymentIntentOfSource(transaction.source),
        })),
        hasMore: page.has_more,
      };
    } catch (error) {
      return asRequestError(error);
    }
  }

  async chargeFee(intentId: string): Promise<ChargeFee | null> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(intentId, {
        expand: ['latest_charge.balance_transaction'],
      });
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const transaction = charge?.balance_transaction;
      if (!transaction || typeof transaction === 'string') return null;
      return { feeCents: transaction.fee, balanceTransactionId: transaction.id };
    } catch (error) {
      return asRequestError(error);
    }
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    if (!signatureHeader)
      throw new WebhookVerificationError('missing', 'The webhook signature header is missing');
    const secrets = [this.webhookSecret, ...(this.connectWebhookSecret ? [this.connectWebhookSecret] : [])];
    try {
      for (const [index, secret] of secrets.entries()) {
        try {
          this.stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, webhookToleranceSeconds);
          break;
        } catch (error) {
          const mismatch =
            error instanceof Stripe.errors.StripeSignatureVerificationError &&
            !/tolerance/i.test(error.message);
          if (!mismatch || index === secrets.length - 1) throw error;
        }
      }
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
