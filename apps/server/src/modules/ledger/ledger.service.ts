import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, type Tx } from '../../db/transaction';
import { conflict } from '../../plugins/errors';
import { balanceOf, post, type LedgerAccountRef } from './ledger.postings';
import type { PlatformFeeQuote } from './platform-fee';
import { disputeOpen } from './ledger.disputes';

const cash: LedgerAccountRef = { holder: 'platform', kind: 'cash_at_provider' };
const fees: LedgerAccountRef = { holder: 'platform', kind: 'fees' };
const feeTax: LedgerAccountRef = { holder: 'platform', kind: 'fee_tax' };
const providerFees: LedgerAccountRef = { holder: 'platform', kind: 'provider_fees' };
const seller = (id: string | number, kind: 'pending' | 'available' | 'paid_out'): LedgerAccountRef => ({
  holder: 'seller',
  id: String(id),
  kind,
});

interface HoldRow {
  order_id: string;
  seller_id: string | number;
  buyer_user_id: string;
  gross_cents: string | number;
  fee_cents: string | number;
  fee_tax_cents: string | number;
  held_cents: string | number;
  refunded_cents: string | number;
  release_at: Date | string;
  released_at: Date | string | null;
}

async function lockHold(tx: Tx, orderId: string): Promise<HoldRow | null> {
  const [row] = rowsOf<HoldRow>(
    await tx.execute(sql`
      SELECT order_id, seller_id, buyer_user_id, gross_cents, fee_cents, fee_tax_cents, held_cents, refunded_cents,
             release_at, released_at
      FROM ledger_holds WHERE order_id = ${orderId}::uuid FOR UPDATE`),
  );
  return row ?? null;
}

/** The platform's fee and its tax on the first `refundedCents` of the order, by proportion (rounded down). */
const feeShareOf = (hold: HoldRow, refundedCents: number) => {
  const gross = Number(hold.gross_cents);
  return {
    fee: Math.floor((refundedCents * Number(hold.fee_cents)) / gross),
    tax: Math.floor((refundedCents * Number(hold.fee_tax_cents)) / gross),
  };
};

export type ReleaseOutcome = 'released' | 'not_due' | 'frozen' | 'already_released' | 'no_hold';

/**
 * The ledger's operations (decision 296). Each runs in the caller's transaction, next to the business change
 * that causes it, and is idempotent by its posting key.
 */
export function createLedgerService() {
  return {
    /**
     * A captured payment: cash at the provider against the seller's share in pending, the platform's fee and the
     * GST/HST on it, and the order's hold until `releaseAt`. A replay posts nothing.
     */
    async postCapture(
      tx: Tx,
      input: {
        orderId: string;
        sellerId: string | number;
        buyerUserId: string;
        grossCents: number;
        fee: PlatformFeeQuote;
        releaseAt: Date;
      },
    ): Promise<boolean> {
      const { fee } = input;
      if (
        fee.sellerShareCents + fee.feeCents + fee.feeTaxCents !== input.grossCents ||
        fee.sellerShareCents < 0
      )
        throw new RangeError('the fee quote does not split this payment');
      // The hold and the entry in one statement (the webhook's transaction waits on each round trip).
      return post(
        tx,
        {
          key: `capture:${input.orderId}`,
          kind: 'capture',
          orderId: input.orderId,
          lines: [
            { account: cash, amountCents: -input.grossCents },
            { account: seller(input.sellerId, 'pending'), amountCents: fee.sellerShareCents },
            { account: fees, amountCents: fee.feeCents },
            { account: feeTax, amountCents: fee.feeTaxCents },
          ],
        },
        sql`
          INSERT INTO ledger_holds (order_id, seller_id, buyer_user_id, gross_cents, fee_cents, fee_tax_cents,
                                    fee_rate_bps, held_cents, release_at)
          VALUES (${input.orderId}::uuid, ${input.sellerId}, ${input.buyerUserId}::uuid, ${input.grossCents},
                  ${fee.feeCents}, ${fee.feeTaxCents}, ${fee.rateBps}, ${fee.sellerShareCents}, ${input.releaseAt})
          ON CONFLICT (order_id) DO NOTHING
          RETURNING order_id`,
      );
    },

    /**
     * The provider's fee on an order's payment (decision 304): the platform bears it — its `provider_fees` expense
     * against its cash at the provider, which the provider paid out less — and the seller's share is unchanged.
     * Once per order (`provider-fee:<orderId>`).
     */
    async postProviderFee(tx: Tx, input: { orderId: string; feeCents: number }): Promise<boolean> {
      if (!Number.isSafeInteger(input.feeCents) || input.feeCents < 0)
        throw new RangeError('a provider fee is a whole number of cents');
      return post(tx, {
        key: `provider-fee:${input.orderId}`,
        kind: 'provider_fee',
        orderId: input.orderId,
        lines: [
          { account: cash, amountCents: input.feeCents },
          { account: providerFees, amountCents: -input.feeCents },
        ],
      });
    },

    /** Moves a hold's release date (the order was delivered); a released hold keeps its history. */
    async setReleaseDate(tx: Tx, orderId: string, releaseAt: Date): Promise<void> {
      await tx.execute(sql`
        UPDATE ledger_holds SET release_at = ${releaseAt}
        WHERE order_id = ${orderId}::uuid AND released_at IS NULL`);
    },

    /** Orders whose held funds are due by `now` (the release sweep's work list). */
    async dueHolds(db: Db, now: Date, limit: number, onlySellerId?: number): Promise<string[]> {
      return rowsOf<{ order_id: string }>(
        await db.execute(sql`
          SELECT order_id FROM ledger_holds
          WHERE released_at IS NULL AND release_at <= ${now}
            AND (${onlySellerId ?? null}::bigint IS NULL OR seller_id = ${onlySellerId ?? null}::bigint)
          ORDER BY release_at, order_id LIMIT ${limit}`),
      ).map((row) => row.order_id);
    },

    /**
     * Pending → available for one order, under its hold's row lock: only when due and `reviewOpen` is false (the
     * caller read it under the order's row lock). Refunds already taken from the hold are not released.
     */
    async release(tx: Tx, orderId: string, now: Date, reviewOpen: boolean): Promise<ReleaseOutcome> {
      const hold = await lockHold(tx, orderId);
      if (!hold) return 'no_hold';
      if (hold.released_at) return 'already_released';
      if (new Date(hold.release_at) > now) return 'not_due';
      // An open payment review or an open dispute (decision 304) freezes the hold.
      if (reviewOpen || (await disputeOpen(tx, orderId))) return 'frozen';
      const amount = Number(hold.held_cents);
      await post(tx, {
        key: `release:${orderId}`,
        kind: 'release',
        orderId,
        lines: [
          { account: seller(hold.seller_id, 'pending'), amountCents: -amount },
          { account: seller(hold.seller_id, 'available'), amountCents: amount },
        ],
      });
      await tx.execute(sql`
        UPDATE ledger_holds SET held_cents = 0, released_at = ${now} WHERE order_id = ${orderId}::uuid`);
      return 'released';
    },

    /**
     * The order's payment has been refunded `refundedTotalCents` in all (the provider's running total, so the
     * webhook and the review resolution post each refund once between them). The difference comes out of the
     * seller's held funds first, then their available balance — which may go negative after a payout; the next
     * payouts recover it first — and the platform gives back its fee and tax in proportion. The buyer's refunds
     * account receives it and pays it out to the card in the same transaction. Answers the cents posted.
     */
    async postRefundTotal(tx: Tx, input: { orderId: string; refundedTotalCents: number }): Promise<number> {
      const hold = await lockHold(tx, input.orderId);
      if (!hold) return 0;
      const before = Number(hold.refunded_cents);
      const total = Math.min(input.refundedTotalCents, Number(hold.gross_cents));
      if (total <= before) return 0;
      return reverse(tx, hold, before, total, `refund:${input.orderId}:${total}`, 'refund');
    },

    /** A chargeback (a dispute the buyer won at their bank) of `amountCents`, once per dispute id. */
    async postChargeback(
      tx: Tx,
      input: { orderId: string; disputeId: string; amountCents: number },
    ): Promise<number> {
      const hold = await lockHold(tx, input.orderId);
      if (!hold) return 0;
      const before = Number(hold.refunded_cents);
      const total = Math.min(before + input.amountCents, Number(hold.gross_cents));
      if (total <= before) return 0;
      return reverse(tx, hold, before, total, `chargeback:${input.disputeId}`, 'chargeback');
    },

    /**
     * The seller's available balance under its row lock, for a payout run: held until the transaction ends, so
     * no other payout, refund or release moves it meanwhile.
     */
    lockAvailable: (tx: Tx, sellerId: string | number) => balanceOf(tx, seller(sellerId, 'available'), true),

    /**
     * A payout of `amountCents` to the seller (available → paid out), once per payout id. The caller holds the
     * available balance's lock (`lockAvailable`); more than available → 409 PAYOUT_EXCEEDS_AVAILABLE.
     */
    async postPayout(
      tx: Tx,
      input: { sellerId: string | number; payoutId: string; amountCents: number },
    ): Promise<boolean> {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
        throw new RangeError('a payout is a positive number of cents');
      const available = await balanceOf(tx, seller(input.sellerId, 'available'), true);
      if (input.amountCents > available)
        throw conflict('PAYOUT_EXCEEDS_AVAILABLE', 'This payout is more than the seller’s available balance');
      return post(tx, {
        key: `payout:${input.payoutId}`,
        kind: 'payout',
        orderId: null,
        lines: [
          { account: seller(input.sellerId, 'available'), amountCents: -input.amountCents },
          { account: seller(input.sellerId, 'paid_out'), amountCents: input.amountCents },
        ],
      });
    },

    /** A payout whose transfer failed: its amount goes back to available, once per payout id. */
    async postPayoutFailed(tx: Tx, input: { sellerId: string | number; payoutId: string }): Promise<boolean> {
      const [paid] = rowsOf<{ amount_cents: string | number }>(
        await tx.execute(sql`
          SELECT l.amount_cents FROM ledger_entries e
          JOIN ledger_lines l ON l.entry_id = e.id
          JOIN ledger_accounts a ON a.id = l.account_id AND a.kind = 'paid_out'
            AND a.holder_kind = 'seller' AND a.holder_id = ${String(input.sellerId)}
          WHERE e.posting_key = ${`payout:${input.payoutId}`}`),
      );
      if (!paid) return false;
      const amount = Number(paid.amount_cents);
      return post(tx, {
        key: `payout-failed:${input.payoutId}`,
        kind: 'payout_failed',
        orderId: null,
        lines: [
          { account: seller(input.sellerId, 'paid_out'), amountCents: -amount },
          { account: seller(input.sellerId, 'available'), amountCents: amount },
        ],
      });
    },

    /** The seller's three balances, one row each. */
    async sellerBalance(db: Db, sellerId: string | number) {
      const rows = rowsOf<{ kind: string; balance_cents: string | number }>(
        await db.execute(sql`
          SELECT kind, balance_cents FROM ledger_accounts
          WHERE holder_kind = 'seller' AND holder_id = ${String(sellerId)}`),
      );
      const of = (kind: string) => Number(rows.find((row) => row.kind === kind)?.balance_cents ?? 0);
      return { pendingCents: of('pending'), availableCents: of('available'), paidOutCents: of('paid_out') };
    },

    /** The sum of every account's balance: zero unless the ledger is broken (reconciliation, tests). */
    async trialBalance(db: Db): Promise<number> {
      const [row] = rowsOf<{ total: string | number | null }>(
        await db.execute(sql`SELECT COALESCE(SUM(balance_cents), 0) AS total FROM ledger_accounts`),
      );
      return Number(row?.total ?? 0);
    },
  };
}

async function reverse(
  tx: Tx,
  hold: HoldRow,
  before: number,
  total: number,
  key: string,
  kind: 'refund' | 'chargeback',
): Promise<number> {
  const amount = total - before;
  const feeBefore = feeShareOf(hold, before);
  const feeAfter = feeShareOf(hold, total);
  const feeBack = feeAfter.fee - feeBefore.fee;
  const taxBack = feeAfter.tax - feeBefore.tax;
  const fromSeller = amount - feeBack - taxBack;
  const fromHeld = hold.released_at ? 0 : Math.min(fromSeller, Number(hold.held_cents));
  const buyer: LedgerAccountRef = { holder: 'buyer', id: hold.buyer_user_id, kind: 'refunds' };
  const orderId = hold.order_id;
  const posted = await post(tx, {
    key,
    kind,
    orderId,
    lines: [
      { account: seller(hold.seller_id, 'pending'), amountCents: -fromHeld },
      { account: seller(hold.seller_id, 'available'), amountCents: -(fromSeller - fromHeld) },
      { account: fees, amountCents: -feeBack },
      { account: feeTax, amountCents: -taxBack },
      { account: buyer, amountCents: amount },
    ],
  });
  if (!posted) return 0;
  await post(tx, {
    key: `${key}:paid`,
    kind: 'refund_paid',
    orderId,
    lines: [
      { account: buyer, amountCents: -amount },
      { account: cash, amountCents: amount },
    ],
  });
  await tx.execute(sql`
    UPDATE ledger_holds SET refunded_cents = ${total}, held_cents = held_cents - ${fromHeld}
    WHERE order_id = ${orderId}::uuid`);
  return amount;
}

export type LedgerService = ReturnType<typeof createLedgerService>;
