import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startScript, type ChildScript } from '../../../test/child-process';
import { waitFor, type Party } from '../../../test/orders-helpers';
import {
  fundStorefront,
  payingSeller as payingSellerOf,
  type PayingSeller,
} from '../../../test/payout-helpers';
import { rowsOf } from '../../db/transaction';
import { sandboxFailingAccountNumber } from '../../plugins/payments';
import { runPayouts } from './run-payouts';
import { testTimeouts } from '../../../../../test-timeouts.mjs';

/**
 * The payout run (decision 297): each active payout account due today is paid its available balance once — a
 * second run, a concurrent run in another process and a run restarted after kill -9 pay nothing more —; a refused
 * or reversed transfer gives the money back to available; the seller reads the history; the ledger stays balanced.
 */
const onPostgres = inject('testDbDriver') === 'postgres';
let t: TestApp;
const children: ChildScript[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' } });
});
afterAll(async () => {
  for (const child of children) await child.kill('SIGKILL');
  await t?.close();
});

const db = () => t.database.db;
const as = (party: Party) => ({ cookie: party.cookie, role: 'seller' });
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));
const balance = (sellerId: number) => t.app.ledger.sellerBalance(db(), sellerId);

const payingSeller = (name: string, accountNumber?: string) => payingSellerOf(t, name, accountNumber);
/** A released payment of `grossCents`: the seller's share lands in available. Returns that share. */
const fund = async (sellerId: number, grossCents: number) =>
  (await fundStorefront(t, sellerId, grossCents)).shareCents;

const transfersTo = (destination: string) =>
  rows<{ id: string; amount_cents: string | number; idempotency_key: string; status: string }>(
    sql`SELECT id, amount_cents, idempotency_key, status FROM sandbox_transfers WHERE destination = ${destination}`,
  );
const payoutsOf = (sellerId: number) =>
  rows<{ id: string; amount_cents: string | number; status: string; transfer_id: string | null }>(
    sql`SELECT id, amount_cents, status, transfer_id FROM payouts WHERE seller_id = ${sellerId}`,
  );
const payoutEntries = async (sellerId: number) =>
  (
    await rows<{ n: number | string }>(sql`
      SELECT count(*) AS n FROM ledger_entries e
      JOIN ledger_lines l ON l.entry_id = e.id
      JOIN ledger_accounts a ON a.id = l.account_id AND a.kind = 'paid_out' AND a.holder_id = ${String(sellerId)}
      WHERE e.kind = 'payout'`)
  )[0]!.n;

/** Exactly one payout of `amount`, sent by exactly one transfer keyed by the payout id, and nothing left. */
async function expectPaidOnce(paying: PayingSeller, amount: number) {
  const payouts = await payoutsOf(paying.sellerId);
  expect(payouts).toHaveLength(1);
  expect(payouts[0]).toMatchObject({ status: 'sent' });
  expect(Number(payouts[0]!.amount_cents)).toBe(amount);
  const transfers = await transfersTo(paying.destination);
  expect(transfers).toHaveLength(1);
  expect(transfers[0]!.idempotency_key).toBe(payouts[0]!.id);
  expect(transfers[0]!.id).toBe(payouts[0]!.transfer_id);
  expect(Number(transfers[0]!.amount_cents)).toBe(amount);
  expect(Number(await payoutEntries(paying.sellerId))).toBe(1);
  expect(await balance(paying.sellerId)).toMatchObject({ availableCents: 0, paidOutCents: amount });
}

describe('the payout run', () => {
  it('pays each due account its available balance once, and a second or concurrent run pays nothing', async () => {
    const daily = await payingSeller('Daily Payouts');
    const share = (await fund(daily.sellerId, 11_300)) + (await fund(daily.sellerId, 5_650));
    const belowMinimum = await payingSeller('Small Balance');
    await fund(belowMinimum.sellerId, 1_000);
    const otherDay = await payingSeller('Weekly Payouts');
    await fund(otherDay.sellerId, 20_000);
    // Weekly, on a weekday that is not today's in Toronto.
    const todayIso =
      new Date(new Date().toLocaleString('en-US', { timeZone: 'America/Toronto' })).getDay() || 7;
    await db().execute(sql`
      UPDATE payout_accounts SET schedule_interval = 'weekly', schedule_weekday = ${(todayIso % 7) + 1}
      WHERE seller_id = ${otherDay.sellerId}`);

    const [first, second] = await Promise.all([runPayouts(t.app), runPayouts(t.app)]);
    expect(first!.created + second!.created).toBeGreaterThanOrEqual(1);
    await expectPaidOnce(daily, share);
    expect(await payoutsOf(belowMinimum.sellerId)).toEqual([]);
    expect(await payoutsOf(otherDay.sellerId)).toEqual([]);
    expect((await balance(otherDay.sellerId)).availableCents).toBeGreaterThan(0);

    // Run again after the success, and once more with new funds the same day: a payout a day.
    await fund(daily.sellerId, 11_300);
    expect((await runPayouts(t.app)).created).toBe(0);
    expect(await payoutsOf(daily.sellerId)).toHaveLength(1);
    expect(await t.app.ledger.trialBalance(db())).toBe(0);

    // The seller reads the history; another seller cannot.
    const history = await t.app.inject({
      url: `/api/v1/seller/${daily.sellerId}/payouts`,
      headers: as(daily.seller),
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toMatchObject({
      items: [{ amountCents: share, status: 'sent', failureReason: null }],
      nextCursor: null,
    });
    const foreign = await t.app.inject({
      url: `/api/v1/seller/${daily.sellerId}/payouts`,
      headers: as(belowMinimum.seller),
    });
    expect(foreign.statusCode).toBe(404);
    const asBuyer = await t.app.inject({
      url: `/api/v1/seller/${daily.sellerId}/payouts`,
      headers: { cookie: daily.seller.cookie, role: 'buyer' },
    });
    expect([401, 403]).toContain(asBuyer.statusCode);
    for (const query of ['limit=0', 'limit=1000', 'cursor=%00', 'cursor=not-a-uuid']) {
      const bad = await t.app.inject({
        url: `/api/v1/seller/${daily.sellerId}/payouts?${query}`,
        headers: as(daily.seller),
      });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.code).toBeTruthy();
    }
  });

  it('gives the money back to available when the provider refuses the transfer', async () => {
    const refused = await payingSeller('Refused Transfer');
    const share = await fund(refused.sellerId, 11_300);
    // The provider stopped the account's transfers since our last account.updated.
    await db().execute(
      sql`UPDATE sandbox_connected_accounts SET payouts_enabled = false WHERE id = ${refused.destination}`,
    );
    await runPayouts(t.app);
    const [payout] = await payoutsOf(refused.sellerId);
    expect(payout).toMatchObject({ status: 'failed', transfer_id: null });
    expect(await transfersTo(refused.destination)).toEqual([]);
    expect(await balance(refused.sellerId)).toMatchObject({ availableCents: share, paidOutCents: 0 });
    expect(await t.app.ledger.trialBalance(db())).toBe(0);
    // The storefront's owner is told, by e-mail.
    const [owner] = await rows<{ email: string }>(
      sql`SELECT email FROM users WHERE id = ${refused.seller.id}`,
    );
    await t.app.events.drain();
    await waitFor('the payout failure e-mail', async () =>
      (await t.app.messaging.readOutbox(owner!.email, 20)).some(
        (m) => m.body.includes('could not be made') && m.link?.endsWith('/seller-centre/payouts'),
      ),
    );
  });

  it('fails the payout once when the provider reverses its transfer (the failing test account)', async () => {
    const failing = await payingSeller('Closed Bank Account', sandboxFailingAccountNumber);
    const share = await fund(failing.sellerId, 11_300);
    await runPayouts(t.app);
    await waitFor(
      'the transfer.reversed webhook',
      async () => (await payoutsOf(failing.sellerId))[0]?.status === 'failed',
      { timeoutMs: 40_000 },
    );
    expect(await balance(failing.sellerId)).toMatchObject({ availableCents: share, paidOutCents: 0 });
    const [reversed] = await transfersTo(failing.destination);
    expect(reversed!.status).toBe('failed');
    expect(await t.app.ledger.trialBalance(db())).toBe(0);
    const history = await t.app.inject({
      url: `/api/v1/seller/${failing.sellerId}/payouts`,
      headers: as(failing.seller),
    });
    expect(history.json().items[0]).toMatchObject({ status: 'failed', failureReason: expect.any(String) });
  });
});

describe.runIf(onPostgres)('the payout run across processes (PostgreSQL)', () => {
  it(
    'pays each seller once after a run killed with kill -9 half-way and two runs started at once',
    async () => {
      // Only these sellers' funds are due: earlier tests' sellers have nothing left above their minimum.
      const sellers: Array<{ paying: PayingSeller; share: number }> = [];
      for (let i = 0; i < 6; i++) {
        const paying = await payingSeller(`Process Seller ${i}`);
        sellers.push({ paying, share: await fund(paying.sellerId, 10_000 + i * 1_000) });
      }
      const killed = startScript('test/payout-run-child.ts', {
        DATABASE_URL: t.database.location,
        PAUSE_AFTER: '3',
      });
      children.push(killed);
      const committed: string[] = [];
      killed.onLine((line) => {
        const match = /^committed (\S+)$/.exec(line);
        if (match) committed.push(match[1]!);
      });
      // The run pays several storefronts at a time: more payouts than three may be committed (and paused) by the
      // time this looks.
      await waitFor('three payouts committed by the first process', () => committed.length >= 3, {
        timeoutMs: 2 * testTimeouts.testMs,
      });
      await killed.kill('SIGKILL');
      // The third payout was committed (its ledger posting too) but never sent.
      const [left] = await rows<{ status: string }>(
        sql`SELECT status FROM payouts WHERE id = ${committed[2]!}`,
      );
      expect(left!.status).toBe('pending');

      // A second process and this one run at the same time.
      const other = startScript('test/payout-run-child.ts', { DATABASE_URL: t.database.location });
      children.push(other);
      const [, summary] = await Promise.all([other.line(/^done (.+)$/), runPayouts(t.app)]);
      expect(summary).toBeTruthy();
      for (const { paying, share } of sellers) await expectPaidOnce(paying, share);
      expect(await t.app.ledger.trialBalance(db())).toBe(0);
    },
    4 * testTimeouts.testMs,
  ); // two server processes start (tsx) on a busy machine
});
