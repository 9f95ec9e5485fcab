import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { dateInTimeZone } from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { PaymentRequestError } from '../../plugins/payments';
import type { StoredPayout, StoredPayoutAccount } from '../../modules/payout-accounts';
import '../../modules/ledger';
import '../../modules/payout-accounts';

export type RunPayoutsDoors = Pick<
  FastifyInstance,
  'db' | 'ledger' | 'payoutAccounts' | 'payments' | 'events' | 'log'
>;

export const payoutRunJob = 'payouts.run';
const pageSize = 500;
/** Payout days are Toronto calendar days (decision 297): one payout per storefront and day. */
const payoutTimeZone = 'America/Toronto';

export interface PayoutRunSummary {
  /** Payouts created (ledger posted) by this run. */
  created: number;
  /** Transfers made or confirmed, new and retried. */
  sent: number;
  failed: number;
}

export interface PayoutRunOptions {
  now?: Date;
  /** One storefront only: the test clock's run (decision 306); the daily job pays every storefront. */
  onlySellerId?: number;
  /** Called once a payout is committed, before its transfer (tests stop a process here). */
  afterPayoutCommitted?: (payout: StoredPayout) => Promise<void>;
}

/** ISO weekday (1 = Monday) of a calendar date. */
const isoWeekday = (isoDate: string) => {
  const day = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/**
 * The payout run (decision 297), a durable daily job: first the payouts a killed run left pending are sent again
 * (same idempotency key: the provider transfers once), then every active account due today (daily, or weekly on its
 * weekday) whose available balance reaches its minimum is paid that balance — the payout row and the ledger posting
 * in one transaction under the balance's row lock, the transfer after the commit. Two runs at once, a rerun after a
 * success and a run restarted after `kill -9` pay each storefront once a day (the unique key of the payout row).
 */
export async function runPayouts(
  doors: RunPayoutsDoors,
  options: PayoutRunOptions = {},
): Promise<PayoutRunSummary> {
  const now = options.now ?? new Date();
  const runDate = dateInTimeZone(now, payoutTimeZone);
  const summary: PayoutRunSummary = { created: 0, sent: 0, failed: 0 };
  const pending = await doors.payoutAccounts.pendingPayouts(doors.db, 10_000, options.onlySellerId);
  await eachConcurrently(pending, async (payout) => count(summary, await sendPayout(doors, payout)));

  let afterSellerId = 0;
  for (;;) {
    const accounts = await doors.payoutAccounts.dueAccounts(doors.db, {
      weekday: isoWeekday(runDate),
      afterSellerId,
      limit: pageSize,
      onlySellerId: options.onlySellerId,
    });
    await eachConcurrently(accounts, async (account) => {
      const payout = await createPayout(doors, account, runDate);
      if (!payout) return;
      summary.created += 1;
      await options.afterPayoutCommitted?.(payout);
      await count(summary, await sendPayout(doors, payout));
    });
    if (accounts.length < pageSize) return summary;
    afterSellerId = accounts[accounts.length - 1]!.sellerId;
  }
}

/**
 * Storefronts paid at once by a run: each payout is its own transaction and transfer, independent of the others
 * (the unique key and the balance's row lock keep each storefront to one payout a day), so a few at a time keep
 * both cores and the pool busy without starving the requests the process serves (decision 297's figures).
 */
const payoutConcurrency = 4;

async function eachConcurrently<T>(items: readonly T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(payoutConcurrency, items.length) }, worker));
}

async function count(summary: PayoutRunSummary, outcome: 'sent' | 'failed' | 'pending') {
  if (outcome !== 'pending') summary[outcome] += 1;
}

/** The storefront's payout of the day, if its available balance reaches the minimum and it has none yet. */
function createPayout(doors: RunPayoutsDoors, account: StoredPayoutAccount, runDate: string) {
  return withTransaction(doors.db, async (tx) => {
    const available = await doors.ledger.lockAvailable(tx, account.sellerId);
    if (available < account.minimumCents) return null;
    const payout = await doors.payoutAccounts.createPayout(tx, {
      id: randomUUID(),
      sellerId: account.sellerId,
      runDate,
      amountCents: available,
      provider: account.provider,
      destination: account.providerAccountId,
    });
    if (!payout) return null;
    await doors.ledger.postPayout(tx, {
      sellerId: account.sellerId,
      payoutId: payout.id,
      amountCents: available,
    });
    return payout;
  });
}

/**
 * Transfers the payout (its id as the idempotency key; `transfer_group` = the payout id, as it pays several orders)
 * and marks it sent. A refusal by the provider fails it (the funds go back to available); any other error — the
 * provider unreachable — leaves it pending for the next run.
 */
async function sendPayout(
  doors: RunPayoutsDoors,
  payout: StoredPayout,
): Promise<'sent' | 'failed' | 'pending'> {
  try {
    const transfer = await doors.payments.provider.createTransfer({
      amountCents: payout.amountCents,
      currency: 'cad',
      destination: payout.destination,
      transferGroup: `payout_${payout.id}`,
      metadata: { payoutId: payout.id, sellerId: String(payout.sellerId) },
      idempotencyKey: payout.id,
    });
    await doors.payoutAccounts.markPayoutSent(doors.db, payout.id, transfer.id);
    return 'sent';
  } catch (error) {
    if (!(error instanceof PaymentRequestError)) {
      doors.log.warn(
        { err: error, payoutId: payout.id },
        'payout transfer not made: retried by the next run',
      );
      return 'pending';
    }
    await failPayout(doors, { payoutId: payout.id }, error.message);
    return 'failed';
  }
}

/**
 * A payout the provider refused or reversed: failed once, its amount back to the seller's available balance, and
 * `payout.failed` announced — in one transaction (the webhook's, for a reversal).
 */
export async function failPayout(
  doors: Pick<RunPayoutsDoors, 'db' | 'ledger' | 'payoutAccounts' | 'events'>,
  which: { payoutId: string } | { transferId: string },
  reason: string,
  inTx?: Parameters<Parameters<typeof withTransaction>[1]>[0],
) {
  const work = async (tx: NonNullable<typeof inTx>) => {
    const failed = await doors.payoutAccounts.markPayoutFailed(tx, which, reason);
    if (!failed) return false;
    await doors.ledger.postPayoutFailed(tx, { sellerId: failed.sellerId, payoutId: failed.id });
    await doors.events.emit(
      'payout.failed',
      { payoutId: failed.id, sellerId: failed.sellerId, amountCents: failed.amountCents, reason },
      tx,
    );
    return true;
  };
  return inTx ? work(inTx) : withTransaction(doors.db, work);
}

export async function registerPayoutRunJobs(app: FastifyInstance) {
  app.jobs.register(payoutRunJob, async () => void (await runPayouts(app)));
  // 14:00 UTC: 9:00 or 10:00 in Toronto, a business morning.
  await app.jobs.schedule(payoutRunJob, '0 14 * * *');
}
