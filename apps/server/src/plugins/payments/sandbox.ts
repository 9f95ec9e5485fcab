import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { rowsOf, withTransaction } from '../../db/transaction';
import type { Jobs } from '../jobs';
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
  type AccountLinkInput,
  type CreateConnectedAccountInput,
  type CreateTransferInput,
  type ListBalanceTransactionsInput,
  type ChargeFee,
} from './provider';
import { cardFeeCents } from './provider-fees';
import { SandboxConnect, sandboxConnectWebhookJob, type SandboxConnectJob } from './sandbox-connect';
import { signWebhook, verifyWebhookSignature } from './signature';

/** What confirming with a card leads to: Stripe's test cards, spaces allowed. */
type CardOutcome = 'succeeded' | 'card_declined' | 'insufficient_funds' | 'requires_action';
const testCards: Record<string, CardOutcome> = {
  '4242424242424242': 'succeeded',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'requires_action',
};

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const brandOf = (digits: string) =>
  digits.startsWith('4')
    ? 'visa'
    : /^5[1-5]/.test(digits)
      ? 'mastercard'
      : /^3[47]/.test(digits)
        ? 'amex'
        : 'card';

interface IntentRow {
  id: string;
  client_secret: string;
  idempotency_key: string;
  amount_cents: number;
  currency: 'cad';
  status: PaymentIntent['status'];
  metadata: Record<string, string>;
  card_brand: string | null;
  card_last4: string | null;
  failure_code: PaymentFailureCode | null;
  refunded_cents: number;
  updated_at: string | Date;
}

const toIntent = (row: IntentRow): PaymentIntent => ({
  id: row.id,
  amountCents: Number(row.amount_cents),
  currency: 'cad',
  status: row.status,
  clientSecret: row.client_secret,
  metadata: row.metadata,
  card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
  failureCode: row.failure_code,
  nextAction: row.status === 'requires_action' ? { type: 'authenticate' } : null,
  refundedCents: Number(row.refunded_cents),
});

/** The intent as Stripe writes it in an event's `data.object`. */
const stripeShaped = (intent: PaymentIntent) => ({
  id: intent.id,
  object: 'payment_intent',
  amount: intent.amountCents,
  amount_received: intent.status === 'succeeded' ? intent.amountCents : 0,
  currency: intent.currency,
  status: intent.status,
  metadata: intent.metadata,
  last_payment_error: intent.failureCode ? { code: intent.failureCode } : null,
  payment_method_details: intent.card ? { card: intent.card } : null,
  amount_refunded: intent.refundedCents,
});

export const sandboxWebhookJob = 'payments.sandbox-webhook';

/** What the delivery job carries: which intent, and what happened to it. */
export interface SandboxWebhookJob {
  intentId: string;
  kind: 'settle' | 'requires_action' | 'refund' | 'dispute_created' | 'dispute_closed';
  refundId?: string;
  disputeId?: string;
}

interface DisputeRow {
  id: string;
  intent_id: string;
  amount_cents: number | string;
  reason: string;
  status: 'needs_response' | 'won' | 'lost';
  created_at: string | Date;
  updated_at: string | Date;
}

/** A dispute as Stripe writes it in a `charge.dispute.*` event's `data.object`. */
const stripeDispute = (row: DisputeRow) => ({
  id: row.id,
  object: 'dispute',
  amount: Number(row.amount_cents),
  currency: 'cad',
  payment_intent: row.intent_id,
  reason: row.reason,
  status: row.status,
  created: Math.floor(new Date(row.created_at).getTime() / 1000),
});

const balanceTransactionId = () => `txn_sb_${randomBytes(12).toString('hex')}`;

/** Posts one signed event to our webhook route; resolves with the HTTP status. */
export type WebhookDelivery = (rawBody: string, signature: string) => Promise<number>;

/**
 * The default payment provider: Stripe's test mode, played locally (decision 073). Intents and
 * refunds are rows of its own tables; outcomes follow Stripe's test cards; confirmation settles
 * asynchronously in a durable job that posts a signed webhook to our route, retried with backoff
 * until the route answers 2xx — like Stripe's own deliveries.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly signatureHeader = 'maplesource-signature';
  /** Connected accounts, onboarding links, transfers, balance transactions (decision 312). */
  readonly connect: SandboxConnect;

  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly secret: string,
  ) {
    this.connect = new SandboxConnect(db, jobs);
  }

  /** Registers the delivery job; `deliver` posts to the webhook route. Called once, before the app is ready. */
  registerJobs(deliver: WebhookDelivery) {
    this.jobs.register<SandboxWebhookJob>(
      sandboxWebhookJob,
      async (job) => {
        const event = await this.eventFor(job);
        if (!event) return;
        const body = JSON.stringify(event);
        const status = await deliver(body, signWebhook(body, this.secret));
        if (status < 200 || status >= 300) throw new Error(`webhook route answered ${status}`);
      },
      { retryLimit: 8, retryDelaySeconds: 2, retryDelayMaxSeconds: 3600 },
    );
    this.jobs.register<SandboxConnectJob>(
      sandboxConnectWebhookJob,
      async (job) => {
        const event = await this.connect.eventFor(job);
        if (event) {
          const body = JSON.stringify(event);
          const status = await deliver(body, signWebhook(body, this.secret));
          if (status < 200 || status >= 300) throw new Error(`webhook route answered ${status}`);
        }
        await this.connect.afterDelivery(job);
      },
      { retryLimit: 8, retryDelaySeconds: 2, retryDelayMaxSeconds: 3600 },
    );
  }

  createConnectedAccount = (input: CreateConnectedAccountInput) => this.connect.createConnectedAccount(input);
  retrieveConnectedAccount = (accountId: string) => this.connect.retrieveConnectedAccount(accountId);
  createAccountLink = (accountId: string, input: AccountLinkInput) =>
    this.connect.createAccountLink(accountId, input);
  createTransfer = (input: CreateTransferInput) => this.connect.createTransfer(input);
  retrieveTransfer = (transferId: string) => this.connect.retrieveTransfer(transferId);
  listBalanceTransactions = (input: ListBalanceTransactionsInput) =>
    this.connect.listBalanceTransactions(input);

  private async row(intentId: string): Promise<IntentRow> {
    const [row] = rowsOf<IntentRow>(
      await this.db.execute(sql`select * from sandbox_payment_intents where id = ${intentId}`),
    );
    if (!row) throw new PaymentRequestError('PAYMENT_INTENT_NOT_FOUND', 'No such payment intent');
    return row;
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    if (!Number.isInteger(input.amountCents) || input.amountCents < 50 || input.amountCents > 99_999_999)
      throw new PaymentRequestError(
        'PAYMENT_INVALID',
        'The amount must be whole cents between $0.50 and $999,999.99',
      );
    const id = `pi_sb_${randomBytes(12).toString('hex')}`;
    // Stripe's shape (`<id>_secret_<random>`), and like Stripe's, not derivable from the id (decision 238).
    const clientSecret = `${id}_secret_${randomBytes(24).toString('hex')}`;
    const [created] = await queryPrepared<IntentRow>(
      this.db,
      sql`insert into sandbox_payment_intents (id, client_secret, idempotency_key, amount_cents, currency, status, metadata)
          values (${id}::text, ${clientSecret}::text, ${input.idempotencyKey}::text, ${input.amountCents}::bigint, 'cad',
                  'requires_payment_method', ${JSON.stringify(input.metadata)}::jsonb)
          on conflict (idempotency_key) do nothing
          returning *`,
    );
    if (created) return toIntent(created);
    const [existing] = rowsOf<IntentRow>(
      await this.db.execute(
        sql`select * from sandbox_payment_intents where idempotency_key = ${input.idempotencyKey}`,
      ),
    );
    if (!existing || Number(existing.amount_cents) !== input.amountCents)
      throw new PaymentRequestError('PAYMENT_INVALID', 'This idempotency key was used for another amount');
    return toIntent(existing);
  }

  async retrieveIntent(intentId: string): Promise<PaymentIntent> {
    return toIntent(await this.row(intentId));
  }

  async confirm(intentId: string, { paymentMethod }: ConfirmInput): Promise<PaymentIntent> {
    const digits = paymentMethod.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
      throw new PaymentRequestError('PAYMENT_INVALID', 'The card number is not valid');
    // Like Stripe's test mode: only test cards; any other number is declined.
    const outcome: CardOutcome = testCards[digits] ?? 'card_declined';
    const status = outcome === 'requires_action' ? 'requires_action' : 'processing';
    const pending = outcome === 'requires_action' ? null : outcome;
    const [updated] = rowsOf<IntentRow>(
      await this.db.execute(sql`
        update sandbox_payment_intents
        set status = ${status}, pending_outcome = ${pending}, failure_code = null,
            card_brand = ${brandOf(digits)}, card_last4 = ${digits.slice(-4)}, updated_at = clock_timestamp()
        where id = ${intentId} and status = 'requires_payment_method'
        returning *`),
    );
    if (!updated) {
      await this.row(intentId); // 404 when it does not exist
      throw new PaymentRequestError('PAYMENT_INTENT_STATE', 'This payment cannot be confirmed now');
    }
    await this.jobs.send(sandboxWebhookJob, {
      intentId,
      kind: status === 'requires_action' ? 'requires_action' : 'settle',
    } satisfies SandboxWebhookJob);
    return toIntent(updated);
  }

  /** The sandbox's authentication page answers here: approved → succeeds; refused → fails. */
  async completeAuthentication(intentId: string, approved: boolean): Promise<PaymentIntent> {
    const [updated] = rowsOf<IntentRow>(
      await this.db.execute(sql`
        update sandbox_payment_intents
        set status = 'processing', pending_outcome = ${approved ? 'succeeded' : 'authentication_failed'},
            updated_at = clock_timestamp()
        where id = ${intentId} and status = 'requires_action'
        returning *`),
    );
    if (!updated) {
      await this.row(intentId);
      throw new PaymentRequestError('PAYMENT_INTENT_STATE', 'This payment is not waiting for authentication');
    }
    await this.jobs.send(sandboxWebhookJob, { intentId, kind: 'settle' } satisfies SandboxWebhookJob);
    return toIntent(updated);
  }

  async refund(intentId: string, input: RefundInput): Promise<Refund> {
    const refund = await withTransaction(this.db, async (tx) => {
      const [intent] = rowsOf<IntentRow>(
        await tx.execute(sql`select * from sandbox_payment_intents where id = ${intentId} for update`),
      );
      if (!intent) throw new PaymentRequestError('PAYMENT_INTENT_NOT_FOUND', 'No such payment intent');
      const [existing] = rowsOf<{ id: string; intent_id: string; amount_cents: number }>(
        await tx.execute(
          sql`select * from sandbox_payment_refunds where idempotency_key = ${input.idempotencyKey}`,
        ),
      );
      if (existing) {
        if (existing.intent_id !== intentId)
          throw new PaymentRequestError(
            'PAYMENT_INVALID',
            'This idempotency key was used for another payment',
          );
        return { refund: existing, created: false };
      }
      if (intent.status !== 'succeeded')
        throw new PaymentRequestError('PAYMENT_INTENT_STATE', 'Only a successful payment can be refunded');
      const left = Number(intent.amount_cents) - Number(intent.refunded_cents);
      const amount = input.amountCents ?? left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left)
        throw new PaymentRequestError(
          'PAYMENT_REFUND_TOO_LARGE',
          'The refund is more than what is left to refund',
        );
      const id = `re_sb_${randomBytes(12).toString('hex')}`;
      await tx.execute(sql`
        insert into sandbox_payment_refunds (id, intent_id, idempotency_key, amount_cents)
        values (${id}, ${intentId}, ${input.idempotencyKey}, ${amount})`);
      await tx.execute(sql`
        update sandbox_payment_intents set refunded_cents = refunded_cents + ${amount}, updated_at = clock_timestamp()
        where id = ${intentId}`);
      // Like Stripe's: the refund leaves the platform's balance; the card fee is not given back (decision 304).
      await tx.execute(sql`
        insert into sandbox_balance_transactions (id, type, source_id, amount_cents, fee_cents, currency, payment_intent_id)
        values (${balanceTransactionId()}, 'refund', ${id}, ${-amount}, 0, 'cad', ${intentId})`);
      return { refund: { id, intent_id: intentId, amount_cents: amount }, created: true };
    });
    if (refund.created)
      await this.jobs.send(sandboxWebhookJob, {
        intentId,
        kind: 'refund',
        refundId: refund.refund.id,
      } satisfies SandboxWebhookJob);
    return {
      id: refund.refund.id,
      intentId,
      amountCents: Number(refund.refund.amount_cents),
      status: 'succeeded',
    };
  }

  /** Settles a processing intent (once) and builds the event to deliver; null when there is nothing to say. */
  private async eventFor(job: SandboxWebhookJob) {
    if (job.kind === 'settle') {
      await withTransaction(this.db, async (tx) => {
        const [settled] = rowsOf<{ amount_cents: number | string; status: string }>(
          await tx.execute(sql`
            update sandbox_payment_intents
            set status = case when pending_outcome = 'succeeded' then 'succeeded' else 'requires_payment_method' end,
                failure_code = case when pending_outcome = 'succeeded' then null else pending_outcome end,
                pending_outcome = null, updated_at = clock_timestamp()
            where id = ${job.intentId} and status = 'processing'
            returning amount_cents, status`),
        );
        // The charge lands on the platform's balance with the card fee taken (decision 304), once per intent.
        if (settled?.status === 'succeeded') {
          const amount = Number(settled.amount_cents);
          await tx.execute(sql`
            insert into sandbox_balance_transactions (id, type, source_id, amount_cents, fee_cents, currency, payment_intent_id)
            values (${balanceTransactionId()}, 'charge', ${job.intentId}, ${amount}, ${cardFeeCents(amount)}, 'cad',
                    ${job.intentId})
            on conflict (type, source_id) do nothing`);
        }
      });
    }
    if (job.kind === 'dispute_created' || job.kind === 'dispute_closed') return this.disputeEvent(job);
    const row = await this.row(job.intentId);
    const intent = toIntent(row);
    let type: string;
    if (job.kind === 'refund') type = 'charge.refunded';
    else if (job.kind === 'requires_action') type = 'payment_intent.requires_action';
    else if (intent.status === 'succeeded') type = 'payment_intent.succeeded';
    else if (intent.status === 'requires_payment_method' && intent.failureCode)
      type = 'payment_intent.payment_failed';
    else return null;
    // The same job retried sends the same event id, so the route's dedupe sees a redelivery.
    const id = `evt_sb_${createHash('sha256')
      .update(`${job.intentId}|${job.kind}|${job.refundId ?? new Date(row.updated_at).toISOString()}`)
      .digest('hex')
      .slice(0, 24)}`;
    return {
      id,
      object: 'event',
      type,
      created: Math.floor(new Date(row.updated_at).getTime() / 1000),
      data: { object: stripeShaped(intent) },
    };
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    verifyWebhookSignature(rawBody, signatureHeader, this.secret);
    return parseStripeShapedEvent('sandbox', rawBody);
  }

  async chargeFee(intentId: string): Promise<ChargeFee | null> {
    const [row] = rowsOf<{ id: string; fee_cents: number | string }>(
      await this.db.execute(sql`
        select id, fee_cents from sandbox_balance_transactions where type = 'charge' and source_id = ${intentId}`),
    );
    return row ? { feeCents: Number(row.fee_cents), balanceTransactionId: row.id } : null;
  }

  /**
   * The cardholder's bank disputes a successful payment (decision 304): what Stripe's test card 4000000000000259
   * does, here on demand (tests, the sandbox). One dispute per payment; `charge.dispute.created` is delivered.
   */
  async openDispute(
    intentId: string,
    input: { amountCents?: number; reason?: string } = {},
  ): Promise<string> {
    const intent = await this.row(intentId);
    if (intent.status !== 'succeeded')
      throw new PaymentRequestError('PAYMENT_INTENT_STATE', 'Only a successful payment can be disputed');
    const amount = input.amountCents ?? Number(intent.amount_cents) - Number(intent.refunded_cents);
    if (!Number.isInteger(amount) || amount <= 0 || amount > Number(intent.amount_cents))
      throw new PaymentRequestError('PAYMENT_INVALID', 'The disputed amount is not valid');
    const id = `dp_sb_${randomBytes(12).toString('hex')}`;
    return withTransaction(this.db, async (tx) => {
      const [created] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into sandbox_disputes (id, intent_id, amount_cents, reason)
          values (${id}, ${intentId}, ${amount}, ${input.reason ?? 'fraudulent'})
          on conflict (intent_id) do nothing
          returning id`),
      );
      if (!created) throw new PaymentRequestError('PAYMENT_INTENT_STATE', 'This payment is already disputed');
      await this.jobs.send(
        sandboxWebhookJob,
        { intentId, kind: 'dispute_created', disputeId: id } satisfies SandboxWebhookJob,
        { tx },
      );
      return id;
    });
  }

  /**
   * The bank decides (decision 304): `lost` takes the disputed amount from the platform's balance (an `adjustment`),
   * `won` leaves it. Once: a dispute already closed answers PAYMENT_INTENT_STATE. `charge.dispute.closed` follows.
   */
  async closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const [closed] = rowsOf<DisputeRow>(
        await tx.execute(sql`
          update sandbox_disputes set status = ${outcome}, updated_at = clock_timestamp()
          where id = ${disputeId} and status = 'needs_response'
          returning *`),
      );
      if (!closed) throw new PaymentRequestError('PAYMENT_INTENT_STATE', 'This dispute is not open');
      if (outcome === 'lost')
        await tx.execute(sql`
          insert into sandbox_balance_transactions (id, type, source_id, amount_cents, fee_cents, currency, payment_intent_id)
          values (${balanceTransactionId()}, 'adjustment', ${disputeId}, ${-Number(closed.amount_cents)}, 0, 'cad',
                  ${closed.intent_id})`);
      await this.jobs.send(
        sandboxWebhookJob,
        { intentId: closed.intent_id, kind: 'dispute_closed', disputeId } satisfies SandboxWebhookJob,
        { tx },
      );
    });
  }

  private async disputeEvent(job: SandboxWebhookJob) {
    const [row] = rowsOf<DisputeRow>(
      await this.db.execute(sql`select * from sandbox_disputes where id = ${job.disputeId ?? ''}`),
    );
    if (!row) return null;
    const at = job.kind === 'dispute_created' ? row.created_at : row.updated_at;
    const id = `evt_sb_${createHash('sha256')
      .update(`${row.intent_id}|${job.kind}|${row.id}`)
      .digest('hex')
      .slice(0, 24)}`;
    return {
      id,
      object: 'event',
      type: job.kind === 'dispute_created' ? 'charge.dispute.created' : 'charge.dispute.closed',
      created: Math.floor(new Date(at).getTime() / 1000),
      data: { object: stripeDispute(row) },
    };
  }
}

/** Reads a verified `{ id, type, created, data: { object } }` body (Stripe's event shape, which the sandbox copies). */
export function parseStripeShapedEvent(provider: PaymentEvent['provider'], rawBody: Buffer): PaymentEvent {
  let raw: unknown;
  try {
    raw = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('malformed', 'The webhook body is not JSON');
  }
  const event = raw as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } };
  if (
    typeof event.id !== 'string' ||
    event.id.length === 0 ||
    event.id.length > 255 ||
    typeof event.type !== 'string' ||
    typeof event.created !== 'number' ||
    typeof event.data?.object !== 'object' ||
    event.data.object === null
  )
    throw new WebhookVerificationError('malformed', 'The webhook body is not an event');
  return {
    provider,
    id: event.id,
    type: event.type,
    createdAt: new Date(event.created * 1000),
    object: event.data.object as Record<string, unknown>,
    raw,
  };
}
