import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, type Tx } from '../../db/transaction';

/**
 * The payouts of storefronts (decision 297): what the payout run paid, to which provider account, and how it went.
 * The ledger holds the money; these rows hold the transfer's state and its idempotency key (the row's id).
 */
export type PayoutStatus = 'pending' | 'sent' | 'failed';

export interface StoredPayout {
  id: string;
  sellerId: number;
  runDate: string;
  amountCents: number;
  provider: 'sandbox' | 'stripe';
  destination: string;
  status: PayoutStatus;
  transferId: string | null;
  failureReason: string | null;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
}

interface PayoutRow {
  id: string;
  seller_id: string | number;
  run_date: string | Date;
  amount_cents: string | number;
  provider: 'sandbox' | 'stripe';
  destination: string;
  status: PayoutStatus;
  transfer_id: string | null;
  failure_reason: string | null;
  created_at: string | Date;
  sent_at: string | Date | null;
  failed_at: string | Date | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
const toPayout = (row: PayoutRow): StoredPayout => ({
  id: row.id,
  sellerId: Number(row.seller_id),
  runDate:
    typeof row.run_date === 'string' ? row.run_date.slice(0, 10) : row.run_date.toISOString().slice(0, 10),
  amountCents: Number(row.amount_cents),
  provider: row.provider,
  destination: row.destination,
  status: row.status,
  transferId: row.transfer_id,
  failureReason: row.failure_reason,
  createdAt: iso(row.created_at)!,
  sentAt: iso(row.sent_at),
  failedAt: iso(row.failed_at),
});

/** The storefront's payout of the run day, unless it has one: null then (the unique key decides, not a read). */
export async function createPayout(
  tx: Tx,
  input: {
    id: string;
    sellerId: number;
    runDate: string;
    amountCents: number;
    provider: 'sandbox' | 'stripe';
    destination: string;
  },
): Promise<StoredPayout | null> {
  const [row] = rowsOf<PayoutRow>(
    await tx.execute(sql`
      INSERT INTO payouts (id, seller_id, run_date, amount_cents, provider, destination)
      VALUES (${input.id}, ${input.sellerId}, ${input.runDate}::date, ${input.amountCents}, ${input.provider},
              ${input.destination})
      ON CONFLICT (seller_id, run_date) DO NOTHING
      RETURNING *`),
  );
  return row ? toPayout(row) : null;
}

/** Payouts still waiting for their transfer (a run killed after the ledger posting), oldest first. */
export async function pendingPayouts(db: Db, limit: number, onlySellerId?: number): Promise<StoredPayout[]> {
  return rowsOf<PayoutRow>(
    await db.execute(sql`
      SELECT * FROM payouts
      WHERE status = 'pending' AND (${onlySellerId ?? null}::bigint IS NULL OR seller_id = ${onlySellerId ?? null}::bigint)
      ORDER BY created_at, id LIMIT ${limit}`),
  ).map(toPayout);
}

/** The transfer went out: pending → sent, once. */
export async function markPayoutSent(db: Db | Tx, payoutId: string, transferId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE payouts SET status = 'sent', transfer_id = ${transferId}, sent_at = now()
      WHERE id = ${payoutId} AND status = 'pending'
      RETURNING id`),
  );
  return rows.length === 1;
}

/**
 * The transfer was refused, or reversed later (by its transfer id): → failed, once; the caller returns the funds
 * to available in the same transaction. Null when it had already failed (or does not exist).
 */
export async function markPayoutFailed(
  tx: Tx,
  which: { payoutId: string } | { transferId: string },
  reason: string,
): Promise<StoredPayout | null> {
  const where = 'payoutId' in which ? sql`id = ${which.payoutId}` : sql`transfer_id = ${which.transferId}`;
  const [row] = rowsOf<PayoutRow>(
    await tx.execute(sql`
      UPDATE payouts SET status = 'failed', failure_reason = ${reason.slice(0, 500)}, failed_at = now()
      WHERE ${where} AND status <> 'failed'
      RETURNING *`),
  );
  return row ? toPayout(row) : null;
}

/** A storefront's payouts, newest first, a page at a time (the cursor is the last one's id). */
export async function payoutsOf(
  db: Db,
  sellerId: number,
  input: { after: string | null; limit: number },
): Promise<{ items: StoredPayout[]; nextCursor: string | null }> {
  const after = input.after
    ? sql`AND (created_at, id) < (SELECT created_at, id FROM payouts WHERE id::text = ${input.after} AND seller_id = ${sellerId})`
    : sql``;
  const rows = rowsOf<PayoutRow>(
    await db.execute(sql`
      SELECT * FROM payouts WHERE seller_id = ${sellerId} ${after}
      ORDER BY created_at DESC, id DESC LIMIT ${input.limit + 1}`),
  );
  const items = rows.slice(0, input.limit).map(toPayout);
  return { items, nextCursor: rows.length > input.limit ? items[items.length - 1]!.id : null };
}

/** Every payout of a period, for the admin and the reconciliation. */
export async function payoutsBetween(db: Db, from: Date, to: Date): Promise<StoredPayout[]> {
  return rowsOf<PayoutRow>(
    await db.execute(sql`
      SELECT * FROM payouts WHERE created_at >= ${from} AND created_at < ${to} ORDER BY created_at, id`),
  ).map(toPayout);
}

/**
 * Payouts across storefronts for the admin (decision 304), newest first, optionally of one status; keyset pages on
 * (created_at, id), the cursor being the last payout's id.
 */
export async function payoutsForAdmin(
  db: Db,
  input: { status: PayoutStatus | null; after: string | null; limit: number },
): Promise<{ items: StoredPayout[]; nextCursor: string | null }> {
  const status = input.status ? sql`AND status = ${input.status}` : sql``;
  const after = input.after
    ? sql`AND (created_at, id) < (SELECT created_at, id FROM payouts WHERE id = ${input.after}::uuid)`
    : sql``;
  const rows = rowsOf<PayoutRow>(
    await db.execute(sql`
      SELECT * FROM payouts WHERE true ${status} ${after}
      ORDER BY created_at DESC, id DESC LIMIT ${input.limit + 1}`),
  );
  const items = rows.slice(0, input.limit).map(toPayout);
  return { items, nextCursor: rows.length > input.limit ? items[items.length - 1]!.id : null };
}

/** These payouts, by id (the reconciliation maps the ledger's payout entries to their transfers, decision 304). */
export async function payoutsByIds(db: Db, ids: string[]): Promise<Map<string, StoredPayout>> {
  const unique = [...new Set(ids)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (unique.length === 0) return new Map();
  const rows = rowsOf<PayoutRow>(
    await db.execute(sql`
      SELECT * FROM payouts WHERE id IN (${sql.join(
        unique.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((row) => [row.id, toPayout(row)]));
}
