import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, type Tx } from '../../db/transaction';

/**
 * Disputes on paid orders (decision 304): recorded when the provider reports one, closed once (conditional update)
 * won or lost. An open dispute freezes the order's hold like an open payment review (`ledger.release`).
 */
export interface LedgerDispute {
  disputeId: string;
  provider: 'sandbox' | 'stripe';
  orderId: string;
  sellerId: number;
  amountCents: number;
  reason: string;
  status: 'open' | 'won' | 'lost';
}

interface DisputeRow {
  dispute_id: string;
  provider: 'sandbox' | 'stripe';
  order_id: string;
  seller_id: string | number;
  amount_cents: string | number;
  reason: string;
  status: 'open' | 'won' | 'lost';
}

const toDispute = (row: DisputeRow): LedgerDispute => ({
  disputeId: row.dispute_id,
  provider: row.provider,
  orderId: row.order_id,
  sellerId: Number(row.seller_id),
  amountCents: Number(row.amount_cents),
  reason: row.reason,
  status: row.status,
});

/**
 * Records a dispute once (its id is the key): answers it when new, null for a repeat. Taken under the order's hold
 * row lock when there is a hold, so a release running at the same time either finished first or sees it.
 */
export async function recordDispute(
  tx: Tx,
  input: Omit<LedgerDispute, 'status'>,
): Promise<LedgerDispute | null> {
  await tx.execute(sql`SELECT order_id FROM ledger_holds WHERE order_id = ${input.orderId}::uuid FOR UPDATE`);
  const [row] = rowsOf<DisputeRow>(
    await tx.execute(sql`
      INSERT INTO ledger_disputes (dispute_id, provider, order_id, seller_id, amount_cents, reason)
      VALUES (${input.disputeId}, ${input.provider}, ${input.orderId}::uuid, ${input.sellerId}, ${input.amountCents},
              ${input.reason.slice(0, 100)})
      ON CONFLICT (dispute_id) DO NOTHING
      RETURNING *`),
  );
  return row ? toDispute(row) : null;
}

/** Closes an open dispute, once: the dispute when this call closed it, null when it was not open (or unknown). */
export async function closeDispute(
  tx: Tx,
  disputeId: string,
  outcome: 'won' | 'lost',
): Promise<LedgerDispute | null> {
  const [row] = rowsOf<DisputeRow>(
    await tx.execute(sql`
      UPDATE ledger_disputes SET status = ${outcome}, closed_at = now()
      WHERE dispute_id = ${disputeId} AND status = 'open'
      RETURNING *`),
  );
  return row ? toDispute(row) : null;
}

/** The dispute of this id, or null. */
export async function disputeOf(db: Db, disputeId: string): Promise<LedgerDispute | null> {
  const [row] = rowsOf<DisputeRow>(
    await db.execute(sql`SELECT * FROM ledger_disputes WHERE dispute_id = ${disputeId}`),
  );
  return row ? toDispute(row) : null;
}

/** Whether the order has an open dispute (read under the hold's lock by the release). */
export async function disputeOpen(db: Db, orderId: string): Promise<boolean> {
  const [row] = rowsOf<{ open: boolean }>(
    await db.execute(sql`
      SELECT true AS open FROM ledger_disputes WHERE order_id = ${orderId}::uuid AND status = 'open' LIMIT 1`),
  );
  return Boolean(row?.open);
}
