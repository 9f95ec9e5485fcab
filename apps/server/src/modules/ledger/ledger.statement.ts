import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';

/** One entry of a seller's monthly statement: what it did to the seller's balance, and the balance after it. */
export interface StatementLine {
  entryId: string;
  createdAt: string;
  orderId: string | null;
  kind: string;
  amountCents: number;
  balanceAfterCents: number;
}

export interface SellerStatement {
  month: string;
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
}

/**
 * A seller's statement for one calendar month in Toronto time (docs/product.md §9): the balance the platform owes
 * the seller (pending + available, decision 296) at the month's start, every entry that moved it in the month,
 * oldest first with the running balance, and the balance at the month's end. A release moves money from pending
 * to available, so it shows as a line of 0; a payout leaves available for paid out, so it lowers the balance.
 */
export async function sellerStatement(
  db: Db,
  sellerId: string | number,
  month: string,
): Promise<SellerStatement> {
  const start = sql`(${`${month}-01`}::date)::timestamp AT TIME ZONE 'America/Toronto'`;
  const end = sql`((${`${month}-01`}::date) + interval '1 month')::timestamp AT TIME ZONE 'America/Toronto'`;
  const sellerLines = sql`
    SELECT e.id, e.kind, e.order_id, e.created_at, l.amount_cents
    FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE a.holder_kind = 'seller' AND a.holder_id = ${String(sellerId)} AND a.kind IN ('pending', 'available')`;
  const [opening] = rowsOf<{ total: string | null }>(
    await db.execute(sql`
      SELECT COALESCE(SUM(s.amount_cents), 0) AS total FROM (${sellerLines}) s WHERE s.created_at < ${start}`),
  );
  const rows = rowsOf<{
    id: string;
    kind: string;
    order_id: string | null;
    created_at: Date | string;
    amount_cents: string;
  }>(
    await db.execute(sql`
      SELECT s.id, s.kind, s.order_id, s.created_at, SUM(s.amount_cents) AS amount_cents
      FROM (${sellerLines}) s WHERE s.created_at >= ${start} AND s.created_at < ${end}
      GROUP BY s.id, s.kind, s.order_id, s.created_at ORDER BY s.id`),
  );
  const openingCents = Number(opening?.total ?? 0);
  let running = openingCents;
  const lines = rows.map((row) => {
    running += Number(row.amount_cents);
    return {
      entryId: String(row.id),
      createdAt: new Date(row.created_at).toISOString(),
      orderId: row.order_id,
      kind: row.kind,
      amountCents: Number(row.amount_cents),
      balanceAfterCents: running,
    };
  });
  return { month, openingCents, lines, closingCents: running };
}
