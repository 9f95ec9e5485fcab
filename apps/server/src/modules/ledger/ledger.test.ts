import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { rowsOf, withTransaction } from '../../db/transaction';
import { createLedgerService } from './ledger.service';
import { balanceOf, post } from './ledger.postings';
import { feeRateBps, quoteFee } from './platform-fee';

/**
 * The ledger's guarantees (decision 296): entries balance and cannot be changed, a running balance per account
 * equals its lines, a posting key posts once whatever the repeats, and the held funds move as docs/product.md §9
 * promises.
 */
let database: TestDatabase;
const ledger = createLedgerService();
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.destroy());

const cash = { holder: 'platform', kind: 'cash_at_provider' } as const;
const pendingOf = (id: string) => ({ holder: 'seller', id, kind: 'pending' }) as const;
const fee = (grossCents: number, rateBps = 500) =>
  quoteFee({ grossCents, rateBps, province: 'ON', date: '2026-11-28' });
const linesSum = async (accountKind: string, holderId: string) =>
  Number(
    rowsOf<{ total: string | number }>(
      await db().execute(sql`
        SELECT COALESCE(SUM(l.amount_cents), 0) AS total FROM ledger_lines l
        JOIN ledger_accounts a ON a.id = l.account_id
        WHERE a.kind = ${accountKind} AND a.holder_id = ${holderId}`),
    )[0]!.total,
  );
const errorOf = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  return null;
};

async function capture(sellerId: string, grossCents: number, releaseAt: Date) {
  const orderId = randomUUID();
  await withTransaction(db(), (tx) =>
    ledger.postCapture(tx, {
      orderId,
      sellerId,
      buyerUserId: randomUUID(),
      grossCents,
      fee: fee(grossCents),
      releaseAt,
    }),
  );
  return orderId;
}

describe('the ledger', () => {
  it('refuses to UPDATE or DELETE an entry or a line, and to truncate them', async () => {
    await capture('9001', 10_000, new Date());
    for (const statement of [
      sql`UPDATE ledger_entries SET kind = 'refund'`,
      sql`DELETE FROM ledger_entries`,
      sql`UPDATE ledger_lines SET amount_cents = amount_cents * 2`,
      sql`DELETE FROM ledger_lines`,
      sql`TRUNCATE ledger_lines`,
      sql`TRUNCATE ledger_entries CASCADE`,
    ])
      expect(await errorOf(() => db().execute(statement))).toMatch(/append-only/);
    expect(await ledger.trialBalance(db())).toBe(0);
  });

  it('refuses, at commit, an entry whose lines do not sum to zero or that has one line', async () => {
    const accounts = rowsOf<{ id: string }>(
      await db().execute(sql`SELECT id FROM ledger_accounts ORDER BY id LIMIT 2`),
    );
    const unbalanced = () =>
      withTransaction(db(), async (tx) => {
        const [entry] = rowsOf<{ id: string }>(
          await tx.execute(sql`
            INSERT INTO ledger_entries (posting_key, kind) VALUES (${`test:${randomUUID()}`}, 'capture') RETURNING id`),
        );
        await tx.execute(sql`
          INSERT INTO ledger_lines (entry_id, account_id, amount_cents) VALUES
            (${entry!.id}, ${accounts[0]!.id}, 100), (${entry!.id}, ${accounts[1]!.id}, -99)`);
      });
    expect(await errorOf(unbalanced)).toMatch(/unbalanced/);
    const lonely = () =>
      withTransaction(db(), async (tx) => {
        await tx.execute(sql`
          INSERT INTO ledger_entries (posting_key, kind) VALUES (${`test:${randomUUID()}`}, 'capture')`);
      });
    expect(await errorOf(lonely)).toMatch(/unbalanced/);
    // Nothing of either stayed.
    expect(
      rowsOf(await db().execute(sql`SELECT 1 FROM ledger_entries WHERE posting_key LIKE 'test:%'`)),
    ).toHaveLength(0);
    expect(await ledger.trialBalance(db())).toBe(0);
  });

  it('keeps each account’s running balance equal to the sum of its lines, with the balance each line left', async () => {
    const sellerId = '9002';
    await capture(sellerId, 10_000, new Date(Date.now() + 86_400_000));
    await capture(sellerId, 2_345, new Date(Date.now() + 86_400_000));
    const share = fee(10_000).sellerShareCents + fee(2_345).sellerShareCents;
    expect(await balanceOf(db(), pendingOf(sellerId))).toBe(share);
    expect(await linesSum('pending', sellerId)).toBe(share);
    const after = rowsOf<{ balance_after_cents: string }>(
      await db().execute(sql`
        SELECT l.balance_after_cents FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
        WHERE a.holder_id = ${sellerId} AND a.kind = 'pending' ORDER BY l.id`),
    ).map((row) => Number(row.balance_after_cents));
    expect(after).toEqual([fee(10_000).sellerShareCents, share]);
  });

  it('posts a key once: a replay and 50 concurrent repeats add nothing', async () => {
    const orderId = randomUUID();
    const sellerId = '9003';
    const once = () =>
      withTransaction(db(), (tx) =>
        ledger.postCapture(tx, {
          orderId,
          sellerId,
          buyerUserId: randomUUID(),
          grossCents: 50_000,
          fee: fee(50_000),
          releaseAt: new Date(),
        }),
      );
    const results = await Promise.all(Array.from({ length: 50 }, once));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await once()).toBe(false);
    expect(await balanceOf(db(), pendingOf(sellerId))).toBe(fee(50_000).sellerShareCents);
    const raw = { key: `raw:${randomUUID()}`, kind: 'capture' as const, orderId: null };
    const lines = [
      { account: cash, amountCents: -7 },
      { account: pendingOf('9004'), amountCents: 7 },
    ];
    const posted = await Promise.all(
      Array.from({ length: 20 }, () => withTransaction(db(), (tx) => post(tx, { ...raw, lines }))),
    );
    expect(posted.filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(db(), pendingOf('9004'))).toBe(7);
    expect(await ledger.trialBalance(db())).toBe(0);
  });

  it('posts every one of 10 concurrent first captures of a storefront that has no account yet', async () => {
    const sellerId = '9020';
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        withTransaction(db(), (tx) =>
          ledger.postCapture(tx, {
            orderId: randomUUID(),
            sellerId,
            buyerUserId: randomUUID(),
            grossCents: 10_000,
            fee: fee(10_000),
            releaseAt: new Date(Date.now() + 30 * 86_400_000),
          }),
        ),
      ),
    );
    expect(results).toEqual(Array.from({ length: 10 }, () => true));
    expect(await balanceOf(db(), pendingOf(sellerId))).toBe(10 * fee(10_000).sellerShareCents);
    expect(await ledger.trialBalance(db())).toBe(0);
  });

  it('releases held funds once, only when due, and not while a review is open', async () => {
    const sellerId = '9005';
    const releaseAt = new Date(Date.now() + 3_600_000);
    const orderId = await capture(sellerId, 10_000, releaseAt);
    const share = fee(10_000).sellerShareCents;
    const release = (now: Date, reviewOpen = false) =>
      withTransaction(db(), (tx) => ledger.release(tx, orderId, now, reviewOpen));
    expect(await release(new Date())).toBe('not_due');
    expect(await release(new Date(releaseAt.getTime() + 1), true)).toBe('frozen');
    expect(await ledger.dueHolds(db(), new Date(releaseAt.getTime() + 1), 1000)).toContain(orderId);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => release(new Date(releaseAt.getTime() + 1))),
    );
    expect(outcomes.filter((outcome) => outcome === 'released')).toHaveLength(1);
    expect(await ledger.sellerBalance(db(), sellerId)).toEqual({
      pendingCents: 0,
      availableCents: share,
      paidOutCents: 0,
    });
    expect(await ledger.dueHolds(db(), new Date(releaseAt.getTime() + 1), 1000)).not.toContain(orderId);
  });

  it('takes a refund from held funds first, gives the fee back in proportion, and from available after release', async () => {
    const sellerId = '9006';
    const orderId = await capture(sellerId, 10_000, new Date(Date.now() - 1));
    const quote = fee(10_000);
    expect(quote).toEqual({ rateBps: 500, feeCents: 500, feeTaxCents: 65, sellerShareCents: 9_435 });
    const refund = (total: number) =>
      withTransaction(db(), (tx) => ledger.postRefundTotal(tx, { orderId, refundedTotalCents: total }));
    expect(await refund(4_000)).toBe(4_000);
    expect(await refund(4_000)).toBe(0); // the webhook after the review's resolution: nothing again
    // 40 % of the fee (200) and its tax (26) come back; the seller's held share gives the rest.
    expect(await balanceOf(db(), pendingOf(sellerId))).toBe(9_435 - (4_000 - 200 - 26));
    expect(await balanceOf(db(), { holder: 'platform', kind: 'fees' })).toBeGreaterThanOrEqual(300);
    await withTransaction(db(), (tx) => ledger.release(tx, orderId, new Date(), false));
    const released = 9_435 - 3_774;
    expect(await ledger.sellerBalance(db(), sellerId)).toMatchObject({
      pendingCents: 0,
      availableCents: released,
    });
    // Paid out, then refunded in full: available goes negative by the seller's part of the rest.
    await withTransaction(db(), async (tx) => {
      await ledger.lockAvailable(tx, sellerId);
      await ledger.postPayout(tx, { sellerId, payoutId: `p-${orderId}`, amountCents: released });
    });
    expect(await refund(10_000)).toBe(6_000);
    const balance = await ledger.sellerBalance(db(), sellerId);
    expect(balance).toEqual({ pendingCents: 0, availableCents: -(6_000 - 300 - 39), paidOutCents: released });
    expect(await ledger.trialBalance(db())).toBe(0);
  });

  it('pays out no more than available, once per payout id, and gives a failed payout back once', async () => {
    const sellerId = '9007';
    const orderId = await capture(sellerId, 20_000, new Date(Date.now() - 1));
    await withTransaction(db(), (tx) => ledger.release(tx, orderId, new Date(), false));
    const available = fee(20_000).sellerShareCents;
    const payout = (payoutId: string, amountCents: number) =>
      withTransaction(db(), async (tx) => {
        await ledger.lockAvailable(tx, sellerId);
        return ledger.postPayout(tx, { sellerId, payoutId, amountCents });
      });
    const tooMuch = await errorOf(() => payout('too-much', available + 1));
    expect(tooMuch).toMatch(/available balance/);
    expect(await payout('po-1', available)).toBe(true);
    expect(await payout('po-1', available).catch((error: Error) => error.message)).toMatch(/available/);
    const fail = () =>
      withTransaction(db(), (tx) => ledger.postPayoutFailed(tx, { sellerId, payoutId: 'po-1' }));
    expect(await Promise.all([fail(), fail(), fail()])).toEqual(expect.arrayContaining([true, false, false]));
    expect(await ledger.sellerBalance(db(), sellerId)).toEqual({
      pendingCents: 0,
      availableCents: available,
      paidOutCents: 0,
    });
    expect(await withTransaction(db(), (tx) => ledger.lockAvailable(tx, sellerId))).toBe(available);
    expect(await withTransaction(db(), (tx) => ledger.lockAvailable(tx, 'never-posted'))).toBe(0);
  });

  it('uses the category’s dated fee rate, else the default, and GST/HST only on the fee', async () => {
    expect(await feeRateBps(db(), 'Packaging', '2026-11-28')).toBe(600);
    expect(await feeRateBps(db(), 'Hardware', '2026-11-28')).toBe(500);
    expect(await errorOf(() => feeRateBps(db(), 'Hardware', '2025-01-01'))).toMatch(/no platform fee/);
    // Québec: GST 5 % only (no QST on the platform's fee); Nova Scotia: HST.
    expect(
      quoteFee({ grossCents: 10_000, rateBps: 500, province: 'QC', date: '2026-11-28' }).feeTaxCents,
    ).toBe(25);
    expect(quoteFee({ grossCents: 10_000, rateBps: 500, province: null, date: '2026-11-28' })).toEqual({
      rateBps: 500,
      feeCents: 500,
      feeTaxCents: 0,
      sellerShareCents: 9_500,
    });
  });
});
