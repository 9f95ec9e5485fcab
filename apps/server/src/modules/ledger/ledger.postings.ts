import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, type Tx } from '../../db/transaction';

/** Who an account belongs to and what it holds (decision 296). */
export type LedgerAccountRef =
  | { holder: 'seller'; id: string; kind: 'pending' | 'available' | 'paid_out' }
  | { holder: 'buyer'; id: string; kind: 'refunds' }
  | { holder: 'platform'; kind: 'fees' | 'fee_tax' | 'provider_fees' | 'cash_at_provider' };

export type LedgerEntryKind =
  | 'capture'
  | 'release'
  | 'refund'
  | 'refund_paid'
  | 'payout'
  | 'payout_failed'
  | 'chargeback'
  | 'provider_fee';

export interface LedgerPosting {
  /** Unique per business fact (`capture:<orderId>`, `payout:<payoutId>`…): a repeat posts nothing. */
  key: string;
  kind: LedgerEntryKind;
  orderId: string | null;
  lines: Array<{ account: LedgerAccountRef; amountCents: number }>;
}

const holderIdOf = (account: LedgerAccountRef) => (account.holder === 'platform' ? '' : account.id);
const accountKey = (account: LedgerAccountRef) => `${account.holder}|${holderIdOf(account)}|${account.kind}`;

/**
 * The ids of these accounts, created on first use. One statement; a concurrent first use of the same account
 * (its insert waits for the other transaction, the statement's snapshot misses the row) is read again.
 */
export async function accountIds(db: Db, accounts: LedgerAccountRef[]): Promise<Map<string, number>> {
  const wanted = [...new Map(accounts.map((account) => [accountKey(account), account])).values()];
  const values = sql.join(
    wanted.map((account) => sql`(${account.holder}, ${holderIdOf(account)}, ${account.kind})`),
    sql`, `,
  );
  const ids = new Map<string, number>();
  for (let attempt = 0; attempt < 2 && ids.size < wanted.length; attempt++) {
    const rows = rowsOf<{ id: string | number; holder_kind: string; holder_id: string; kind: string }>(
      await db.execute(sql`
        WITH wanted (holder_kind, holder_id, kind) AS (VALUES ${values}),
        created AS (
          INSERT INTO ledger_accounts (holder_kind, holder_id, kind)
          SELECT holder_kind, holder_id, kind FROM wanted
          ON CONFLICT (holder_kind, holder_id, kind) DO NOTHING
          RETURNING id, holder_kind, holder_id, kind)
        SELECT id, holder_kind, holder_id, kind FROM created
        UNION ALL
        SELECT a.id, a.holder_kind, a.holder_id, a.kind
        FROM ledger_accounts a JOIN wanted w USING (holder_kind, holder_id, kind)`),
    );
    for (const row of rows) ids.set(`${row.holder_kind}|${row.holder_id}|${row.kind}`, Number(row.id));
  }
  if (ids.size < wanted.length) throw new Error('ledger accounts could not be created');
  return ids;
}

/**
 * Posts one journal entry in the caller's transaction: the entry and its lines in one statement (the lines'
 * trigger moves each account's running balance; the database checks at commit that the lines sum to zero).
 * Lines are written in account order, so concurrent postings lock accounts in one order. Answers false when an
 * entry with this key exists (a replay).
 *
 * `onlyIf`, a statement run first in the same statement (a CTE), posts the entry only if it returns a row: the
 * business change that causes the posting (an `INSERT … ON CONFLICT DO NOTHING RETURNING …`) and its entry then
 * take one round trip, and a replay of the change posts nothing.
 *
 * The accounts are looked up in the same statement; the first posting to an account (none exists yet) creates the
 * accounts and posts again, without `onlyIf` (its change is made).
 */
export async function post(tx: Tx, posting: LedgerPosting, onlyIf?: SQL): Promise<boolean> {
  const lines = posting.lines.filter((line) => line.amountCents !== 0);
  for (const line of lines)
    if (!Number.isSafeInteger(line.amountCents)) throw new RangeError('ledger amounts are whole cents');
  if (lines.length < 2) return false;
  if (lines.reduce((sum, line) => sum + line.amountCents, 0) !== 0)
    throw new RangeError(`ledger entry ${posting.key} does not balance`);
  const values = sql.join(
    lines.map(
      (line) =>
        sql`(${line.account.holder}, ${holderIdOf(line.account)}, ${line.account.kind}, ${line.amountCents}::bigint)`,
    ),
    sql`, `,
  );
  const [outcome] = rowsOf<{ caused: string | number; resolved: string | number; posted: string | number }>(
    await tx.execute(sql`
      WITH ${onlyIf ? sql`cause AS (${onlyIf}),` : sql``}
      line (holder_kind, holder_id, kind, amount_cents) AS (VALUES ${values}),
      resolved AS (
        SELECT a.id AS account_id, line.amount_cents
        FROM line JOIN ledger_accounts a USING (holder_kind, holder_id, kind)),
      entry AS (
        INSERT INTO ledger_entries (posting_key, kind, order_id)
        SELECT ${posting.key}, ${posting.kind}, ${posting.orderId}::uuid
        WHERE (SELECT count(*) FROM resolved) = ${lines.length}
          ${onlyIf ? sql`AND EXISTS (SELECT FROM cause)` : sql``}
        ON CONFLICT (posting_key) DO NOTHING
        RETURNING id),
      posted AS (
        INSERT INTO ledger_lines (entry_id, account_id, amount_cents)
        SELECT entry.id, resolved.account_id, resolved.amount_cents
        FROM entry, resolved
        ORDER BY resolved.account_id
        RETURNING entry_id)
      SELECT ${onlyIf ? sql`(SELECT count(*) FROM cause)` : sql`1`} AS caused,
             (SELECT count(*) FROM resolved) AS resolved, (SELECT count(*) FROM posted) AS posted`),
  );
  if (Number(outcome?.posted ?? 0) > 0) return true;
  // The cause was a replay, or every account exists and the entry did (a replay): nothing to post.
  if (Number(outcome?.caused ?? 0) === 0 || Number(outcome?.resolved ?? 0) === lines.length) return false;
  await accountIds(
    tx,
    lines.map((line) => line.account),
  );
  return post(tx, { ...posting, lines });
}

/** One account's balance (a single row), or 0 when it has never been posted to. */
export async function balanceOf(db: Db, account: LedgerAccountRef, lock = false): Promise<number> {
  if (lock) {
    // Created if need be, so the lock exists even before the first posting.
    const id = (await accountIds(db, [account])).get(accountKey(account))!;
    const [row] = rowsOf<{ balance_cents: string | number }>(
      await db.execute(sql`SELECT balance_cents FROM ledger_accounts WHERE id = ${id} FOR UPDATE`),
    );
    return Number(row?.balance_cents ?? 0);
  }
  const [row] = rowsOf<{ balance_cents: string | number }>(
    await db.execute(sql`
      SELECT balance_cents FROM ledger_accounts
      WHERE holder_kind = ${account.holder} AND holder_id = ${holderIdOf(account)} AND kind = ${account.kind}`),
  );
  return Number(row?.balance_cents ?? 0);
}
