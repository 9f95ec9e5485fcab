import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  reconciliationDateSchema,
  type ReconciliationMismatch,
  type ReconciliationMovementType,
} from '@maplesource/contracts/reconciliation';
import { withTransaction } from '../../db/transaction';
import type { BalanceTransaction } from '../../plugins/payments';
import type { LedgerCashMovement, ReconciliationReport } from '../../modules/ledger';
import '../../modules/ledger';
import '../../modules/orders';
import '../../modules/payout-accounts';

/**
 * The daily reconciliation (decision 304): the ledger's movements of the platform's cash at the provider on a UTC
 * day — captures, refunds, chargebacks, provider fees, payouts and their failures — against the provider's balance
 * transactions of that day (read a page at a time), matched by the id both sides know: the payment intent for a
 * charge, its refunds and its fee, the dispute for a chargeback, the transfer for a payout. Amounts are summed per
 * (type, id) on each side, so two partial refunds of a payment on one day match the provider's two refunds. The
 * report (the day's counts and totals, one row per mismatch) replaces that day's previous one in one transaction.
 */
export type ReconciliationDoors = Pick<
  FastifyInstance,
  'db' | 'ledger' | 'orders' | 'payoutAccounts' | 'payments'
>;

export const reconciliationJob = 'ledger.reconcile-provider-balance';
const pageSize = 100;

interface Bucket {
  type: ReconciliationMovementType;
  sourceId: string;
  amountCents: number;
  count: number;
  /** The first provider transaction, or ledger entry key, in it. */
  reference: string;
  orderId: string | null;
}

/** A provider transaction as movements: a charge brings its gross and, separately, the provider's fee on it. */
function providerMovements(transaction: BalanceTransaction): Array<Omit<Bucket, 'count' | 'orderId'>> {
  const byIntent = transaction.paymentIntentId ?? transaction.sourceId ?? transaction.id;
  const bySource = transaction.sourceId ?? transaction.id;
  const of = (type: ReconciliationMovementType, sourceId: string, amountCents: number) => ({
    type,
    sourceId,
    amountCents,
    reference: transaction.id,
  });
  switch (transaction.type) {
    case 'charge':
    case 'payment':
      return [
        of('charge', byIntent, transaction.amountCents),
        ...(transaction.feeCents > 0 ? [of('provider_fee', byIntent, -transaction.feeCents)] : []),
      ];
    case 'refund':
    case 'payment_refund':
      return [of('refund', byIntent, transaction.amountCents)];
    case 'transfer':
    case 'transfer_cancel':
    case 'transfer_refund':
      return [of('transfer', bySource, transaction.amountCents)];
    case 'adjustment':
      return [of('adjustment', bySource, transaction.amountCents)];
    default:
      // The provider's payouts to the platform's bank and its other own movements are not the ledger's.
      return [];
  }
}

function add(buckets: Map<string, Bucket>, movement: Omit<Bucket, 'count'>) {
  const key = `${movement.type}|${movement.sourceId}`;
  const bucket = buckets.get(key);
  if (bucket) {
    bucket.amountCents += movement.amountCents;
    bucket.count += 1;
  } else buckets.set(key, { ...movement, count: 1 });
}

/** Every balance transaction of [from, to), a page at a time. */
async function providerTransactions(doors: ReconciliationDoors, from: Date, to: Date) {
  const all: BalanceTransaction[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const page = await doors.payments.provider.listBalanceTransactions({
      createdFrom: from,
      createdBefore: to,
      limit: pageSize,
      ...(startingAfter ? { startingAfter } : {}),
    });
    all.push(
      ...page.data.filter((transaction) => transaction.createdAt >= from && transaction.createdAt < to),
    );
    if (!page.hasMore || page.data.length === 0) return all;
    startingAfter = page.data[page.data.length - 1]!.id;
  }
}

/** The ledger's movements of [from, to), named as the provider names them. */
async function ledgerBuckets(doors: ReconciliationDoors, movements: LedgerCashMovement[]) {
  const intents = await doors.orders.paymentIntentsOf(
    doors.db,
    movements.flatMap((movement) => (movement.orderId ? [movement.orderId] : [])),
  );
  const payoutIdOf = (movement: LedgerCashMovement) => movement.key.split(':')[1] ?? '';
  const payouts = await doors.payoutAccounts.payoutsByIds(
    doors.db,
    movements
      .filter((movement) => movement.kind === 'payout' || movement.kind === 'payout_failed')
      .map(payoutIdOf),
  );
  const buckets = new Map<string, Bucket>();
  for (const movement of movements) {
    const intent = movement.orderId ? (intents.get(movement.orderId) ?? `order:${movement.orderId}`) : null;
    let type: ReconciliationMovementType;
    let sourceId: string;
    if (movement.kind === 'payout' || movement.kind === 'payout_failed') {
      type = 'transfer';
      sourceId = payouts.get(payoutIdOf(movement))?.transferId ?? movement.key;
    } else if (movement.kind === 'refund_paid' && movement.key.startsWith('chargeback:')) {
      type = 'adjustment';
      sourceId = payoutIdOf(movement); // chargeback:<disputeId>:paid
    } else {
      type =
        movement.kind === 'capture' ? 'charge' : movement.kind === 'provider_fee' ? 'provider_fee' : 'refund';
      sourceId = intent ?? movement.key;
    }
    add(buckets, {
      type,
      sourceId,
      amountCents: movement.amountCents,
      reference: movement.key,
      orderId: movement.orderId,
    });
  }
  return buckets;
}

/** Reconciles one UTC day and stores its report (replacing a previous one); answers the report. */
export async function reconcileDay(doors: ReconciliationDoors, date: string): Promise<ReconciliationReport> {
  const runDate = reconciliationDateSchema.parse(date);
  const from = new Date(`${runDate}T00:00:00Z`);
  const to = new Date(from.getTime() + 86_400_000);
  const transactions = await providerTransactions(doors, from, to);
  const atProvider = new Map<string, Bucket>();
  for (const transaction of transactions)
    for (const movement of providerMovements(transaction)) add(atProvider, { ...movement, orderId: null });
  const movements = await doors.ledger.cashMovements(doors.db, from, to);
  const inLedger = await ledgerBuckets(doors, movements);

  const mismatches: ReconciliationMismatch[] = [];
  let matched = 0;
  for (const key of new Set([...atProvider.keys(), ...inLedger.keys()])) {
    const provider = atProvider.get(key);
    const ledger = inLedger.get(key);
    if (provider && ledger && provider.amountCents === ledger.amountCents) {
      matched += 1;
      continue;
    }
    const any = (provider ?? ledger)!;
    mismatches.push({
      kind: !ledger ? 'missing_in_ledger' : !provider ? 'missing_at_provider' : 'amount_differs',
      type: any.type,
      sourceId: any.sourceId,
      providerTransactionId: provider?.reference ?? null,
      ledgerEntryKey: ledger?.reference ?? null,
      orderId: ledger?.orderId ?? null,
      providerAmountCents: provider?.amountCents ?? null,
      ledgerAmountCents: ledger?.amountCents ?? null,
    });
  }
  const total = (buckets: Map<string, Bucket>) =>
    [...buckets.values()].reduce((sum, b) => sum + b.amountCents, 0);
  const count = (buckets: Map<string, Bucket>) => [...buckets.values()].reduce((sum, b) => sum + b.count, 0);
  const report: ReconciliationReport = {
    summary: {
      runDate,
      provider: doors.payments.provider.name,
      ranAt: new Date().toISOString(),
      providerCount: count(atProvider),
      ledgerCount: count(inLedger),
      matchedCount: matched,
      mismatchCount: mismatches.length,
      providerTotalCents: total(atProvider),
      ledgerTotalCents: total(inLedger),
    },
    mismatches,
  };
  await withTransaction(doors.db, (tx) => doors.ledger.storeReconciliation(tx, report));
  return report;
}

/** The UTC day before `now`: the daily run reconciles the day that just ended. */
export const previousUtcDay = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

const jobSchema = z.object({ date: reconciliationDateSchema.optional() });

export async function registerReconciliationJobs(app: FastifyInstance) {
  app.jobs.register(
    reconciliationJob,
    async ({ date }) => void (await reconcileDay(app, date ?? previousUtcDay(new Date()))),
    { schema: jobSchema, retryLimit: 5 },
  );
  // 06:00 UTC: the provider has recorded the day that ended six hours ago, before the 14:00 payout run.
  await app.jobs.schedule(reconciliationJob, '0 6 * * *');
}
