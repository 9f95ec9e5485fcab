import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { rowsOf, withTransaction } from '../../db/transaction';
import { createLedgerService } from './ledger.service';
import { quoteFee } from './platform-fee';

/**
 * Decision 296's invariants under random sequences of captures, releases, full and partial refunds, payout runs,
 * failed payouts and chargebacks — repeated, and run two at a time (concurrent transactions on PostgreSQL). After
 * every step: every entry sums to zero, every account's running balance is the sum of its lines, all accounts sum
 * to zero, and a seller's available balance is negative only after a refund or chargeback that followed a payout.
 */
let database: TestDatabase;
const ledger = createLedgerService();
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.destroy());

type Command =
  | { op: 'capture'; order: number; seller: number; grossCents: number }
  | { op: 'release'; order: number }
  | { op: 'refund'; order: number; percent: number }
  | { op: 'chargeback'; order: number; dispute: number; cents: number }
  | { op: 'payout'; seller: number; payout: number }
  | { op: 'payoutFailed'; payout: number };

let runs = 0;
const orders = 5;
const sellers = 2;
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('capture' as const),
    order: fc.nat(orders - 1),
    seller: fc.nat(sellers - 1),
    grossCents: fc.integer({ min: 1, max: 5_000_000 }),
  }),
  fc.record({ op: fc.constant('release' as const), order: fc.nat(orders - 1) }),
  fc.record({
    op: fc.constant('refund' as const),
    order: fc.nat(orders - 1),
    percent: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({
    op: fc.constant('chargeback' as const),
    order: fc.nat(orders - 1),
    dispute: fc.nat(3),
    cents: fc.integer({ min: 1, max: 5_000_000 }),
  }),
  fc.record({ op: fc.constant('payout' as const), seller: fc.nat(sellers - 1), payout: fc.nat(6) }),
  fc.record({ op: fc.constant('payoutFailed' as const), payout: fc.nat(6) }),
);
/** A step: one command, the same twice (a replay), or two at once. */
const step = fc.oneof(
  command.map((one) => [one]),
  command.map((one) => [one, one]),
  fc.tuple(command, command),
);

interface Run {
  id: string;
  /** Numbers the run's sellers (seller ids are numbers). */
  number: number;
  orderIds: string[];
  orderSeller: Map<number, number>;
  orderGross: Map<number, number>;
  payoutSeller: Map<number, number>;
  paidOut: Set<number>;
  /** Sellers a refund or chargeback reached after one of their payouts. */
  refundedAfterPayout: Set<number>;
}

const sellerIdOf = (run: Run, seller: number) => String(run.number * sellers + seller + 1_000_000);

async function execute(run: Run, c: Command): Promise<void> {
  switch (c.op) {
    case 'capture': {
      const seller = run.orderSeller.get(c.order) ?? c.seller;
      const grossCents = run.orderGross.get(c.order) ?? c.grossCents;
      run.orderSeller.set(c.order, seller);
      run.orderGross.set(c.order, grossCents);
      await withTransaction(db(), (tx) =>
        ledger.postCapture(tx, {
          orderId: run.orderIds[c.order]!,
          sellerId: sellerIdOf(run, seller),
          buyerUserId: run.orderIds[c.order]!,
          grossCents,
          fee: quoteFee({ grossCents, rateBps: 500, province: 'ON', date: '2026-11-28' }),
          releaseAt: new Date(0),
        }),
      );
      return;
    }
    case 'release':
      await withTransaction(db(), (tx) => ledger.release(tx, run.orderIds[c.order]!, new Date(), false));
      return;
    case 'refund':
    case 'chargeback': {
      const gross = run.orderGross.get(c.order);
      const seller = run.orderSeller.get(c.order);
      const orderId = run.orderIds[c.order]!;
      const posted = await withTransaction(db(), async (tx) =>
        c.op === 'refund'
          ? ledger.postRefundTotal(tx, {
              orderId,
              refundedTotalCents: Math.ceil(((gross ?? 0) * c.percent) / 100),
            })
          : ledger.postChargeback(tx, {
              orderId,
              disputeId: `${orderId}:${c.dispute}`,
              amountCents: c.cents,
            }),
      );
      if (posted > 0 && seller !== undefined && run.paidOut.has(seller)) run.refundedAfterPayout.add(seller);
      return;
    }
    case 'payout': {
      const owner = run.payoutSeller.get(c.payout) ?? c.seller;
      run.payoutSeller.set(c.payout, owner);
      const sellerId = sellerIdOf(run, owner);
      const paid = await withTransaction(db(), async (tx) => {
        const available = await ledger.lockAvailable(tx, sellerId);
        if (available <= 0) return false; // a negative balance is recovered before anything is paid
        return ledger.postPayout(tx, { sellerId, payoutId: `${run.id}:${c.payout}`, amountCents: available });
      });
      if (paid) run.paidOut.add(owner);
      return;
    }
    case 'payoutFailed': {
      const owner = run.payoutSeller.get(c.payout);
      if (owner === undefined) return;
      await withTransaction(db(), (tx) =>
        ledger.postPayoutFailed(tx, { sellerId: sellerIdOf(run, owner), payoutId: `${run.id}:${c.payout}` }),
      );
      return;
    }
  }
}

async function checkInvariants(run: Run) {
  const unbalanced = rowsOf(
    await db().execute(sql`
      SELECT entry_id FROM ledger_lines GROUP BY entry_id HAVING SUM(amount_cents) <> 0 OR COUNT(*) < 2`),
  );
  expect(unbalanced).toEqual([]);
  const drifted = rowsOf(
    await db().execute(sql`
      SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_lines l ON l.account_id = a.id
      GROUP BY a.id, a.balance_cents HAVING a.balance_cents <> COALESCE(SUM(l.amount_cents), 0)`),
  );
  expect(drifted).toEqual([]);
  expect(await ledger.trialBalance(db())).toBe(0);
  for (let seller = 0; seller < sellers; seller++) {
    const balance = await ledger.sellerBalance(db(), sellerIdOf(run, seller));
    expect(balance.pendingCents).toBeGreaterThanOrEqual(0);
    expect(balance.paidOutCents).toBeGreaterThanOrEqual(0);
    if (balance.availableCents < 0) expect(run.refundedAfterPayout.has(seller)).toBe(true);
  }
}

describe('the ledger under random sequences', () => {
  it('keeps every entry balanced, every balance true, the books at zero, and available ≥ 0 but after a refund past a payout', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const run: Run = {
          id: randomUUID().slice(0, 8),
          number: runs++,
          orderIds: Array.from({ length: orders }, () => randomUUID()),
          orderSeller: new Map(),
          orderGross: new Map(),
          payoutSeller: new Map(),
          paidOut: new Set(),
          refundedAfterPayout: new Set(),
        };
        for (const commands of steps) {
          await Promise.all(commands.map((c) => execute(run, c)));
          await checkInvariants(run);
        }
      }),
      { numRuns: 40 },
    );
  }, 300_000);
});
