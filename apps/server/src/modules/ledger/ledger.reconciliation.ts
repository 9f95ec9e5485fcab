import { sql } from 'drizzle-orm';
import type {
  ReconciliationDaySummary,
  ReconciliationMismatch,
  ReconciliationMovementType,
} from '@maplesource/contracts/reconciliation';
import type { Db } from '../../db/client';
import { rowsOf, type Tx } from '../../db/transaction';

/**
 * The ledger's side of the daily reconciliation (decision 304): what moved the platform's cash at the provider on a
 * day, and the stored report of each reconciled day.
 */
export interface LedgerCashMovement {
  key: string;
  kind: 'capture' | 'refund_paid' | 'provider_fee' | 'payout' | 'payout_failed';
  orderId: string | null;
  /** In the provider's sign: a capture is +gross, a refund, a fee or a payout is negative. */
  amountCents: number;
}

/**
 * The entries of [from, to) that moved cash at the provider: captures, refunds and chargebacks paid out
 * (`refund_paid`), provider fees — their `cash_at_provider` line — and payouts and their failures, whose transfer
 * leaves (or comes back to) the provider's balance: their `paid_out` line. Signs flipped to the provider's.
 */
export async function cashMovements(db: Db, from: Date, to: Date): Promise<LedgerCashMovement[]> {
  const rows = rowsOf<{
    posting_key: string;
    kind: LedgerCashMovement['kind'];
    order_id: string | null;
    amount_cents: string | number;
  }>(
    await db.execute(sql`
      SELECT e.posting_key, e.kind, e.order_id, l.amount_cents
      FROM ledger_entries e
      JOIN ledger_lines l ON l.entry_id = e.id
      JOIN ledger_accounts a ON a.id = l.account_id
      WHERE e.created_at >= ${from} AND e.created_at < ${to}
        AND ((e.kind IN ('capture', 'refund_paid', 'provider_fee') AND a.holder_kind = 'platform'
              AND a.kind = 'cash_at_provider')
          OR (e.kind IN ('payout', 'payout_failed') AND a.kind = 'paid_out'))
      ORDER BY e.id`),
  );
  return rows.map((row) => ({
    key: row.posting_key,
    kind: row.kind,
    orderId: row.order_id,
    amountCents: -Number(row.amount_cents),
  }));
}

export interface ReconciliationReport {
  summary: ReconciliationDaySummary;
  mismatches: ReconciliationMismatch[];
}

/**
 * Stores a day's report, replacing the previous one in the caller's transaction: the day's row is upserted first
 * (its row lock orders two runs of the same day), then its mismatches are replaced.
 */
export async function storeReconciliation(tx: Tx, report: ReconciliationReport): Promise<void> {
  const day = report.summary;
  await tx.execute(sql`
    INSERT INTO ledger_reconciliation_days (run_date, provider, ran_at, provider_count, ledger_count, matched_count,
                                            mismatch_count, provider_total_cents, ledger_total_cents)
    VALUES (${day.runDate}::date, ${day.provider}, ${day.ranAt}::timestamptz, ${day.providerCount}, ${day.ledgerCount},
            ${day.matchedCount}, ${day.mismatchCount}, ${day.providerTotalCents}, ${day.ledgerTotalCents})
    ON CONFLICT (run_date) DO UPDATE SET provider = EXCLUDED.provider, ran_at = EXCLUDED.ran_at,
      provider_count = EXCLUDED.provider_count, ledger_count = EXCLUDED.ledger_count,
      matched_count = EXCLUDED.matched_count, mismatch_count = EXCLUDED.mismatch_count,
      provider_total_cents = EXCLUDED.provider_total_cents, ledger_total_cents = EXCLUDED.ledger_total_cents`);
  await tx.execute(sql`DELETE FROM ledger_reconciliation_mismatches WHERE run_date = ${day.runDate}::date`);
  if (report.mismatches.length === 0) return;
  for (let start = 0; start < report.mismatches.length; start += 500) {
    const values = report.mismatches.slice(start, start + 500).map(
      (m) => sql`(${day.runDate}::date, ${m.kind}, ${m.type}, ${m.sourceId}, ${m.providerTransactionId},
                  ${m.ledgerEntryKey}, ${m.orderId}::uuid, ${m.providerAmountCents}::bigint,
                  ${m.ledgerAmountCents}::bigint)`,
    );
    await tx.execute(sql`
      INSERT INTO ledger_reconciliation_mismatches (run_date, kind, type, source_id, provider_transaction_id,
                                                    ledger_entry_key, order_id, provider_amount_cents,
                                                    ledger_amount_cents)
      VALUES ${sql.join(values, sql`, `)}`);
  }
}

interface DayRow {
  run_date: string | Date;
  provider: 'sandbox' | 'stripe';
  ran_at: string | Date;
  provider_count: number;
  ledger_count: number;
  matched_count: number;
  mismatch_count: number;
  provider_total_cents: string | number;
  ledger_total_cents: string | number;
}

const isoDate = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

const toSummary = (row: DayRow): ReconciliationDaySummary => ({
  runDate: isoDate(row.run_date),
  provider: row.provider,
  ranAt: new Date(row.ran_at).toISOString(),
  providerCount: Number(row.provider_count),
  ledgerCount: Number(row.ledger_count),
  matchedCount: Number(row.matched_count),
  mismatchCount: Number(row.mismatch_count),
  providerTotalCents: Number(row.provider_total_cents),
  ledgerTotalCents: Number(row.ledger_total_cents),
});

/** Reconciled days, newest first, a page at a time (the cursor is the last day shown). */
export async function reconciliationDays(
  db: Db,
  input: { before: string | null; limit: number },
): Promise<{ items: ReconciliationDaySummary[]; nextCursor: string | null }> {
  const before = input.before ? sql`WHERE run_date < ${input.before}::date` : sql``;
  const rows = rowsOf<DayRow>(
    await db.execute(sql`
      SELECT * FROM ledger_reconciliation_days ${before} ORDER BY run_date DESC LIMIT ${input.limit + 1}`),
  );
  const items = rows.slice(0, input.limit).map(toSummary);
  return { items, nextCursor: rows.length > input.limit ? items[items.length - 1]!.runDate : null };
}

/** A reconciled day and its mismatches, or null when the day was never reconciled. */
export async function reconciliationDay(db: Db, date: string): Promise<ReconciliationReport | null> {
  const [day] = rowsOf<DayRow>(
    await db.execute(sql`SELECT * FROM ledger_reconciliation_days WHERE run_date = ${date}::date`),
  );
  if (!day) return null;
  const rows = rowsOf<{
    kind: ReconciliationMismatch['kind'];
    type: ReconciliationMovementType;
    source_id: string;
    provider_transaction_id: string | null;
    ledger_entry_key: string | null;
    order_id: string | null;
    provider_amount_cents: string | number | null;
    ledger_amount_cents: string | number | null;
  }>(
    await db.execute(sql`
      SELECT kind, type, source_id, provider_transaction_id, ledger_entry_key, order_id, provider_amount_cents,
             ledger_amount_cents
      FROM ledger_reconciliation_mismatches WHERE run_date = ${date}::date ORDER BY id`),
  );
  const cents = (value: string | number | null) => (value === null ? null : Number(value));
  return {
    summary: toSummary(day),
    mismatches: rows.map((row) => ({
      kind: row.kind,
      type: row.type,
      sourceId: row.source_id,
      providerTransactionId: row.provider_transaction_id,
      ledgerEntryKey: row.ledger_entry_key,
      orderId: row.order_id,
      providerAmountCents: cents(row.provider_amount_cents),
      ledgerAmountCents: cents(row.ledger_amount_cents),
    })),
  };
}
