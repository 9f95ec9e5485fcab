import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, withTransaction } from '../../db/transaction';
import type { Jobs } from '../jobs';
import {
  PaymentRequestError,
  type AccountLink,
  type AccountLinkInput,
  type BalanceTransactionPage,
  type ConnectedAccount,
  type ConnectProvider,
  type CreateConnectedAccountInput,
  type CreateTransferInput,
  type ListBalanceTransactionsInput,
  type Transfer,
} from './provider';

/** Where the sandbox's onboarding page lives (served by the payment backend, like the card challenge page). */
export const sandboxOnboardingPath = (token: string) => `/sandbox-connect/onboard/${token}`;

/** Stripe's Canadian test bank account whose payouts fail: transfers to an account given it are reversed. */
export const sandboxFailingAccountNumber = '000111111116';

/** How long an onboarding link stays valid (Stripe's account links last a few minutes). */
const linkLifetimeMinutes = 15;

export const sandboxConnectWebhookJob = 'payments.sandbox-connect-webhook';

export interface SandboxConnectJob {
  kind: 'account' | 'transfer' | 'transfer_reversal';
  id: string;
}

interface AccountRow {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  fails_transfers: boolean;
  requirements_due: string[];
  updated_at: string | Date;
}

interface TransferRow {
  id: string;
  destination: string;
  amount_cents: number | string;
  transfer_group: string | null;
  metadata: Record<string, string>;
  status: 'pending' | 'paid' | 'failed' | 'reversed';
  updated_at: string | Date;
}

interface LinkRow {
  token: string;
  account_id: string;
  return_url: string;
  refresh_url: string;
  expires_at: string | Date;
  used_at: string | Date | null;
}

const toAccount = (row: AccountRow): ConnectedAccount => ({
  id: row.id,
  detailsSubmitted: row.details_submitted,
  chargesEnabled: row.charges_enabled,
  payoutsEnabled: row.payouts_enabled,
  requirementsDue: row.requirements_due,
  disabledReason: null,
  metadata: row.metadata,
});

const toTransfer = (row: TransferRow): Transfer => ({
  id: row.id,
  amountCents: Number(row.amount_cents),
  currency: 'cad',
  destination: row.destination,
  transferGroup: row.transfer_group,
  status: row.status === 'failed' ? 'reversed' : 'paid',
  metadata: row.metadata,
});

const unixSeconds = (at: string | Date) => Math.floor(new Date(at).getTime() / 1000);

/** The objects as Stripe writes them in an event's `data.object`. */
const stripeAccount = (row: AccountRow) => ({
  id: row.id,
  object: 'account',
  type: 'express',
  country: 'CA',
  email: row.email,
  details_submitted: row.details_submitted,
  charges_enabled: row.charges_enabled,
  payouts_enabled: row.payouts_enabled,
  requirements: { currently_due: row.requirements_due, disabled_reason: null },
  metadata: row.metadata,
});
const stripeTransfer = (row: TransferRow) => ({
  id: row.id,
  object: 'transfer',
  amount: Number(row.amount_cents),
  amount_reversed: row.status === 'failed' ? Number(row.amount_cents) : 0,
  currency: 'cad',
  destination: row.destination,
  transfer_group: row.transfer_group,
  reversed: row.status === 'failed',
  metadata: row.metadata,
});

/**
 * Stripe Connect's test mode, played locally (decision 312): Express-like connected accounts onboarded on the
 * sandbox's own page, transfers (one per idempotency key), the platform balance's transactions. Rows of its own
 * tables, so it survives a restart; every change reaches our webhook route as a signed event from a durable job.
 */
export class SandboxConnect implements ConnectProvider {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
  ) {}

  /** Builds the event a job delivers (null: nothing to say); registered by the sandbox provider's registerJobs. */
  async eventFor(job: SandboxConnectJob) {
    if (job.kind === 'account') {
      const row = await this.accountRow(job.id);
      return this.event(
        `account|${row.id}|${new Date(row.updated_at).toISOString()}`,
        'account.updated',
        row.updated_at,
        stripeAccount(row),
      );
    }
    if (job.kind === 'transfer_reversal') {
      // Reversed once: the balance gets its money back in the same transaction.
      await withTransaction(this.db, async (tx) => {
        const reversed = rowsOf<{ id: string; amount_cents: string | number }>(
          await tx.execute(sql`
            update sandbox_transfers set status = 'failed', failure_code = 'account_closed', updated_at = clock_timestamp()
            where id = ${job.id} and status = 'paid'
            returning id, amount_cents`),
        );
        for (const transfer of reversed)
          await tx.execute(sql`
            insert into sandbox_balance_transactions (id, type, source_id, amount_cents, currency)
            values (${`txn_sb_${randomBytes(12).toString('hex')}`}, 'transfer_cancel', ${transfer.id},
                    ${Number(transfer.amount_cents)}, 'cad')
            on conflict (type, source_id) do nothing`);
      });
    }
    const row = await this.transferRow(job.id);
    if (job.kind === 'transfer_reversal' && row.status !== 'failed') return null;
    return this.event(
      `${job.kind}|${row.id}`,
      job.kind === 'transfer' ? 'transfer.created' : 'transfer.reversed',
      row.updated_at,
      stripeTransfer(row),
    );
  }

  /** After `transfer.created` was delivered: a transfer to an account with the failing test number is reversed. */
  async afterDelivery(job: SandboxConnectJob) {
    if (job.kind !== 'transfer') return;
    const row = await this.transferRow(job.id);
    const account = await this.accountRow(row.destination);
    if (account.fails_transfers && row.status === 'paid')
      await this.jobs.send(
        sandboxConnectWebhookJob,
        { kind: 'transfer_reversal', id: row.id } satisfies SandboxConnectJob,
        { singletonKey: `reversal:${row.id}` },
      );
  }

  private event(identity: string, type: string, at: string | Date, object: object) {
    // The same job retried sends the same event id, so the route's dedupe sees a redelivery.
    const id = `evt_sb_${createHash('sha256').update(identity).digest('hex').slice(0, 24)}`;
    return { id, object: 'event', type, created: unixSeconds(at), data: { object } };
  }

  private async accountRow(accountId: string): Promise<AccountRow> {
    const [row] = rowsOf<AccountRow>(
      await this.db.execute(sql`select * from sandbox_connected_accounts where id = ${accountId}`),
    );
    if (!row) throw new PaymentRequestError('PAYMENT_ACCOUNT_NOT_FOUND', 'No such connected account');
    return row;
  }

  private async transferRow(transferId: string): Promise<TransferRow> {
    const [row] = rowsOf<TransferRow>(
      await this.db.execute(sql`select * from sandbox_transfers where id = ${transferId}`),
    );
    if (!row) throw new PaymentRequestError('PAYMENT_TRANSFER_NOT_FOUND', 'No such transfer');
    return row;
  }

  async createConnectedAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount> {
    const id = `acct_sb_${randomBytes(12).toString('hex')}`;
    const [created] = rowsOf<AccountRow>(
      await this.db.execute(sql`
        insert into sandbox_connected_accounts (id, idempotency_key, country, email, metadata)
        values (${id}, ${input.idempotencyKey}, 'CA', ${input.email ?? null}, ${JSON.stringify(input.metadata)}::jsonb)
        on conflict (idempotency_key) do nothing
        returning *`),
    );
    if (created) return toAccount(created);
    const [existing] = rowsOf<AccountRow>(
      await this.db.execute(
        sql`select * from sandbox_connected_accounts where idempotency_key = ${input.idempotencyKey}`,
      ),
    );
    if (!existing) throw new PaymentRequestError('PAYMENT_INVALID', 'The account could not be created');
    return toAccount(existing);
  }

  async retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount> {
    return toAccount(await this.accountRow(accountId));
  }

  async createAccountLink(accountId: string, input: AccountLinkInput): Promise<AccountLink> {
    await this.accountRow(accountId);
    const token = randomBytes(24).toString('hex');
    const [link] = rowsOf<{ expires_at: string | Date }>(
      await this.db.execute(sql`
        insert into sandbox_account_links (token, account_id, return_url, refresh_url, expires_at)
        values (${token}, ${accountId}, ${input.returnUrl}, ${input.refreshUrl},
                now() + make_interval(mins => ${linkLifetimeMinutes}))
        returning expires_at`),
    );
    return { url: sandboxOnboardingPath(token), expiresAt: new Date(link!.expires_at) };
  }

  /** The onboarding page's link: null when unknown; `usable` false when expired or used (go to refresh_url). */
  async onboardingLink(
    token: string,
  ): Promise<{ link: LinkRow; account: AccountRow; usable: boolean } | null> {
    const [link] = rowsOf<LinkRow & { usable: boolean }>(
      await this.db.execute(sql`
        select *, (used_at is null and expires_at > now()) as usable from sandbox_account_links where token = ${token}`),
    );
    if (!link) return null;
    return { link, account: await this.accountRow(link.account_id), usable: link.usable };
  }

  /**
   * The seller submitted the sandbox onboarding form: the link is used up (once, under its row lock), the account
   * becomes active, and `account.updated` is delivered. Answers where to send the seller (return or refresh URL).
   */
  async completeOnboarding(token: string, bankAccountNumber: string): Promise<string | null> {
    return withTransaction(this.db, async (tx) => {
      const [link] = rowsOf<LinkRow & { usable: boolean }>(
        await tx.execute(sql`
          update sandbox_account_links set used_at = now()
          where token = ${token} and used_at is null and expires_at > now()
          returning *`),
      );
      if (!link) {
        const [known] = rowsOf<LinkRow>(
          await tx.execute(sql`select * from sandbox_account_links where token = ${token}`),
        );
        return known ? known.refresh_url : null;
      }
      await tx.execute(sql`
        update sandbox_connected_accounts
        set details_submitted = true, charges_enabled = true, payouts_enabled = true, requirements_due = '{}',
            bank_last4 = ${bankAccountNumber.slice(-4)},
            fails_transfers = ${bankAccountNumber === sandboxFailingAccountNumber},
            updated_at = clock_timestamp()
        where id = ${link.account_id}`);
      await this.jobs.send(
        sandboxConnectWebhookJob,
        { kind: 'account', id: link.account_id } satisfies SandboxConnectJob,
        { tx },
      );
      return link.return_url;
    });
  }

  async createTransfer(input: CreateTransferInput): Promise<Transfer> {
    if (!Number.isInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > 99_999_999_99)
      throw new PaymentRequestError('PAYMENT_INVALID', 'The amount must be a positive number of cents');
    const result = await withTransaction(this.db, async (tx) => {
      const [account] = rowsOf<AccountRow>(
        await tx.execute(sql`select * from sandbox_connected_accounts where id = ${input.destination}`),
      );
      if (!account) throw new PaymentRequestError('PAYMENT_ACCOUNT_NOT_FOUND', 'No such connected account');
      const id = `tr_sb_${randomBytes(12).toString('hex')}`;
      const [created] = rowsOf<TransferRow>(
        await tx.execute(sql`
          insert into sandbox_transfers (id, idempotency_key, destination, amount_cents, currency, transfer_group, metadata, status)
          values (${id}, ${input.idempotencyKey}, ${input.destination}, ${input.amountCents}, 'cad',
                  ${input.transferGroup}, ${JSON.stringify(input.metadata)}::jsonb, 'paid')
          on conflict (idempotency_key) do nothing
          returning *`),
      );
      if (!created) {
        const [existing] = rowsOf<TransferRow>(
          await tx.execute(
            sql`select * from sandbox_transfers where idempotency_key = ${input.idempotencyKey}`,
          ),
        );
        if (
          !existing ||
          existing.destination !== input.destination ||
          Number(existing.amount_cents) !== input.amountCents
        )
          throw new PaymentRequestError(
            'PAYMENT_INVALID',
            'This idempotency key was used for another transfer',
          );
        return existing;
      }
      // Like Stripe: an account that cannot receive transfers yet is refused (nothing is kept).
      if (!account.payouts_enabled)
        throw new PaymentRequestError(
          'PAYMENT_INVALID',
          'The destination account cannot receive transfers until its onboarding is complete',
        );
      await tx.execute(sql`
        insert into sandbox_balance_transactions (id, type, source_id, amount_cents, currency)
        values (${`txn_sb_${randomBytes(12).toString('hex')}`}, 'transfer', ${id}, ${-input.amountCents}, 'cad')`);
      await this.jobs.send(sandboxConnectWebhookJob, { kind: 'transfer', id } satisfies SandboxConnectJob, {
        tx,
      });
      return created;
    });
    return toTransfer(result);
  }

  async retrieveTransfer(transferId: string): Promise<Transfer> {
    return toTransfer(await this.transferRow(transferId));
  }

  async listBalanceTransactions(input: ListBalanceTransactionsInput): Promise<BalanceTransactionPage> {
    const limit = Math.min(Math.max(Math.trunc(input.limit), 1), 100);
    const rows = rowsOf<{
      id: string;
      type: string;
      source_id: string;
      amount_cents: number | string;
      fee_cents: number | string;
      payment_intent_id: string | null;
      created_at: string | Date;
    }>(
      await this.db.execute(sql`
        select id, type, source_id, amount_cents, fee_cents, payment_intent_id, created_at
        from sandbox_balance_transactions
        where (${input.createdFrom?.toISOString() ?? null}::timestamptz is null
               or created_at >= ${input.createdFrom?.toISOString() ?? null}::timestamptz)
          and (${input.createdBefore?.toISOString() ?? null}::timestamptz is null
               or created_at < ${input.createdBefore?.toISOString() ?? null}::timestamptz)
          and (${input.startingAfter ?? null}::text is null
               or seq < (select seq from sandbox_balance_transactions where id = ${input.startingAfter ?? null}::text))
        order by seq desc
        limit ${limit + 1}`),
    );
    return {
      data: rows.slice(0, limit).map((row) => ({
        id: row.id,
        type: row.type,
        amountCents: Number(row.amount_cents),
        sourceId: row.source_id,
        createdAt: new Date(row.created_at),
        feeCents: Number(row.fee_cents),
        paymentIntentId: row.payment_intent_id,
      })),
      hasMore: rows.length > limit,
    };
  }
}
