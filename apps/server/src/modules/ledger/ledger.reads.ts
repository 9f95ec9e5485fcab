import { sql, type SQL } from 'drizzle-orm';
import type { LedgerEntryView, SellerBalance } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { isoText, rowsOf } from '../../db/transaction';
import type { LedgerAccountRef } from './ledger.postings';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The seller's paid orders, newest first, with the fee on each and their held funds (the balance screen). */
export async function sellerOrders(
  db: Db,
  sellerId: string | number,
  limit = 100,
): Promise<Omit<SellerBalance['orders'][number], 'frozen'>[]> {
  const rows = rowsOf<{
    order_id: string;
    gross_cents: string;
    fee_rate_bps: number;
    fee_cents: string;
    fee_tax_cents: string;
    refunded_cents: string;
    held_cents: string;
    release_at: string;
    released_at: string | null;
  }>(
    await db.execute(sql`
      SELECT order_id, gross_cents, fee_rate_bps, fee_cents, fee_tax_cents, refunded_cents, held_cents,
             ${isoText(sql`release_at`)} AS release_at, ${isoText(sql`released_at`)} AS released_at
      FROM ledger_holds WHERE seller_id = ${Number(sellerId)}
      ORDER BY created_at DESC, order_id LIMIT ${limit}`),
  );
  return rows.map((row) => ({
    orderId: row.order_id,
    grossCents: Number(row.gross_cents),
    feeRateBps: Number(row.fee_rate_bps),
    feeCents: Number(row.fee_cents),
    feeTaxCents: Number(row.fee_tax_cents),
    refundedCents: Number(row.refunded_cents),
    heldCents: Number(row.held_cents),
    releaseAt: row.release_at,
    releasedAt: row.released_at,
  }));
}

async function entriesWhere(db: Db, where: SQL, limit: number): Promise<LedgerEntryView[]> {
  const rows = rowsOf<{
    id: string;
    posting_key: string;
    kind: string;
    order_id: string | null;
    created_at: Date | string;
    holder_kind: 'seller' | 'buyer' | 'platform';
    holder_id: string;
    account: string;
    amount_cents: string;
    balance_after_cents: string;
  }>(
    await db.execute(sql`
      WITH chosen AS (SELECT e.* FROM ledger_entries e WHERE ${where} ORDER BY e.id DESC LIMIT ${limit})
      SELECT e.id, e.posting_key, e.kind, e.order_id, e.created_at, a.holder_kind, a.holder_id, a.kind AS account,
             l.amount_cents, l.balance_after_cents
      FROM chosen e JOIN ledger_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.account_id
      ORDER BY e.id DESC, l.id`),
  );
  const entries = new Map<string, LedgerEntryView>();
  for (const row of rows) {
    const id = String(row.id);
    if (!entries.has(id))
      entries.set(id, {
        id,
        key: row.posting_key,
        kind: row.kind,
        orderId: row.order_id,
        createdAt: iso(row.created_at),
        lines: [],
      });
    entries.get(id)!.lines.push({
      holder: row.holder_kind,
      holderId: row.holder_id,
      account: row.account,
      amountCents: Number(row.amount_cents),
      balanceAfterCents: Number(row.balance_after_cents),
    });
  }
  return [...entries.values()];
}

/** Every entry an order caused, newest first. */
export const orderEntries = (db: Db, orderId: string) =>
  entriesWhere(db, sql`e.order_id = ${orderId}::uuid`, 500);

/** An account's entries, newest first, 100 at a time (`before`: an entry id, for the next page). */
export const accountEntries = (db: Db, account: LedgerAccountRef, before?: number) =>
  entriesWhere(
    db,
    sql`e.id IN (
      SELECT l.entry_id FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
      WHERE a.holder_kind = ${account.holder} AND a.holder_id = ${account.holder === 'platform' ? '' : account.id}
        AND a.kind = ${account.kind} ${before ? sql`AND l.entry_id < ${before}` : sql``}
      ORDER BY l.id DESC LIMIT 100)`,
    100,
  );

/** The funds held now, by release date (the admin's held funds), and their total. */
export async function heldFunds(db: Db, limit = 200) {
  const [total] = rowsOf<{ total: string | null }>(
    await db.execute(
      sql`SELECT COALESCE(SUM(held_cents), 0) AS total FROM ledger_holds WHERE released_at IS NULL`,
    ),
  );
  const holds = rowsOf<{
    order_id: string;
    seller_id: string;
    held_cents: string;
    release_at: Date | string;
  }>(
    await db.execute(sql`
      SELECT order_id, seller_id, held_cents, release_at FROM ledger_holds
      WHERE released_at IS NULL ORDER BY release_at, order_id LIMIT ${limit}`),
  );
  return {
    totalHeldCents: Number(total?.total ?? 0),
    holds: holds.map((row) => ({
      orderId: row.order_id,
      sellerId: String(row.seller_id),
      heldCents: Number(row.held_cents),
      releaseAt: iso(row.release_at),
    })),
  };
}
