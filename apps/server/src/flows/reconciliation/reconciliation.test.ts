import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPayoutsResponse,
  ReconciliationDayResponse,
  ReconciliationDaysResponse,
} from '@maplesource/contracts';
import { activatePayoutAccount } from '../../../test/payout-helpers';
import type { TestApp } from '../../../test/helpers';
import {
  as,
  makeOrder,
  makeStorefront,
  makeUser,
  paySandboxCard,
  waitFor,
  createPaymentTestApp,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf, withTransaction } from '../../db/transaction';
import { reconcileDay } from './reconcile-provider-balance';

/**
 * The daily reconciliation (decision 304): a day whose captures, provider fees, refunds and payouts all reached both
 * the ledger and the provider reports no mismatch; a provider transaction the ledger lacks, or an amount that
 * differs, is reported; a re-run replaces the day's report. Admins read the reports and the payouts across
 * storefronts; buyers and sellers cannot.
 */
const webhookSecret = 'reconciliation_webhook_secret_for_tests';
let t: TestApp;
let buyer: Party;
let seller: Party;
let admin: Party;
let sellerId: number;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createPaymentTestApp(webhookSecret);
  buyer = await makeUser(t, ['buyer'], 'Rita Buyer');
  seller = await makeUser(t, ['buyer', 'seller'], 'Reco Seller');
  admin = await makeUser(t, ['buyer', 'admin'], 'Ada Admin');
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));
const get = (party: Party, role: 'buyer' | 'seller' | 'admin', url: string) =>
  t.app.inject({ method: 'GET', url, headers: as(party, role) });
const entryKinds = async (orderId: string) =>
  (
    await rows<{ kind: string }>(
      sql`SELECT kind FROM ledger_entries WHERE order_id = ${orderId}::uuid ORDER BY id`,
    )
  ).map((row) => row.kind);

/** The storefront's payout account through the sandbox's onboarding page: active, paid daily from $1. */
const onboard = (storefrontId: number) =>
  activatePayoutAccount(t, seller, storefrontId, { minimumCents: 100 });

describe('the daily reconciliation', () => {
  it('reports no mismatch for a day of captures, fees, a refund and a payout that both sides recorded', async () => {
    const storefront = await makeStorefront(t, seller, true);
    sellerId = storefront.id;
    await onboard(sellerId);
    const paid: Array<{ orderId: string; intentId: string }> = [];
    for (const totalCents of [11_300, 22_600]) {
      const { orderId } = await makeOrder(t.app, { buyer, seller, storefront, totalCents, leadDays: 5 });
      const { intentId } = await paySandboxCard(t, buyer, orderId);
      await waitFor('the capture and its provider fee', async () =>
        (await entryKinds(orderId)).includes('provider_fee') ? true : undefined,
      );
      paid.push({ orderId, intentId });
    }
    // A partial refund through the provider: its webhook posts it to the ledger.
    await t.app.payments.provider.refund(paid[1]!.intentId, {
      amountCents: 2_000,
      idempotencyKey: 'reco-refund',
    });
    await waitFor('the refund in the ledger', async () =>
      (await entryKinds(paid[1]!.orderId)).includes('refund_paid') ? true : undefined,
    );
    // The first order's funds are released and paid out by the payout run (its transfer leaves the balance).
    await withTransaction(db(), (tx) =>
      t.app.ledger.release(tx, paid[0]!.orderId, new Date(Date.now() + 30 * 86_400_000), false),
    );
    await t.app.jobs.send('payouts.run', {});
    await waitFor(
      'the payout to be sent',
      async () =>
        (await rows<{ status: string }>(sql`SELECT status FROM payouts WHERE seller_id = ${sellerId}`))[0]
          ?.status === 'sent'
          ? true
          : undefined,
      { timeoutMs: 60_000 },
    );

    const report = await reconcileDay(t.app, today());
    expect(report.mismatches).toEqual([]);
    // Two charges, two fees, one refund, one transfer on each side.
    expect(report.summary).toMatchObject({
      runDate: today(),
      provider: 'sandbox',
      providerCount: 6,
      ledgerCount: 6,
      matchedCount: 6,
      mismatchCount: 0,
    });
    const fees = 358 + 685; // 2.9 % + 30¢ of 113.00 and of 226.00
    const payout = 11_300 - 565 - 73;
    expect(report.summary.providerTotalCents).toBe(11_300 + 22_600 - fees - 2_000 - payout);
    expect(report.summary.ledgerTotalCents).toBe(report.summary.providerTotalCents);
  });

  it('reports a provider transaction the ledger lacks and an amount that differs; a re-run replaces the report', async () => {
    // The provider moved money the ledger never heard of (a charge whose webhook was lost, say).
    await db().execute(sql`
      INSERT INTO sandbox_balance_transactions (id, type, source_id, amount_cents, fee_cents, currency, payment_intent_id)
      VALUES (${`txn_sb_${randomBytes(8).toString('hex')}`}, 'adjustment', 'dp_only_at_provider', -4200, 0, 'cad', NULL)`);
    const first = await reconcileDay(t.app, today());
    expect(first.mismatches).toEqual([
      expect.objectContaining({
        kind: 'missing_in_ledger',
        type: 'adjustment',
        sourceId: 'dp_only_at_provider',
        providerAmountCents: -4_200,
        ledgerAmountCents: null,
      }),
    ]);
    // The provider's refund amount no longer matches the ledger's.
    await db().execute(
      sql`UPDATE sandbox_balance_transactions SET amount_cents = -1500 WHERE type = 'refund'`,
    );
    const second = await reconcileDay(t.app, today());
    expect(second.summary.mismatchCount).toBe(2);
    expect(second.mismatches).toContainEqual(
      expect.objectContaining({
        kind: 'amount_differs',
        type: 'refund',
        providerAmountCents: -1_500,
        ledgerAmountCents: -2_000,
      }),
    );
    // Replaced, not added to: the day has one report and its two mismatches.
    const stored = await rows<{ n: string | number }>(
      sql`SELECT count(*) AS n FROM ledger_reconciliation_mismatches WHERE run_date = ${today()}::date`,
    );
    expect(Number(stored[0]!.n)).toBe(2);
    // Two runs of the same day at once end with one report of two mismatches.
    await Promise.all([reconcileDay(t.app, today()), reconcileDay(t.app, today())]);
    const [days, again] = await Promise.all([
      rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM ledger_reconciliation_days`),
      rows<{ n: string | number }>(
        sql`SELECT count(*) AS n FROM ledger_reconciliation_mismatches WHERE run_date = ${today()}::date`,
      ),
    ]);
    expect(Number(days[0]!.n)).toBe(1);
    expect(Number(again[0]!.n)).toBe(2);
  });

  it('reads every page of the provider’s transactions, and the daily job reconciles the day it is given', async () => {
    // 150 provider movements on a past day, none of them in the ledger: more than one page of 100.
    await db().execute(sql`
      INSERT INTO sandbox_balance_transactions (id, type, source_id, amount_cents, fee_cents, currency, created_at)
      SELECT 'txn_sb_paged_' || n, 'adjustment', 'dp_paged_' || n, -n, 0, 'cad',
             timestamptz '2026-01-03 00:00:00+00' + n * interval '1 minute'
      FROM generate_series(1, 150) AS n`);
    const paged = await reconcileDay(t.app, '2026-01-03');
    expect(paged.summary).toMatchObject({ providerCount: 150, ledgerCount: 0, mismatchCount: 150 });
    expect(paged.summary.providerTotalCents).toBe(-(150 * 151) / 2);
    expect(new Set(paged.mismatches.map((mismatch) => mismatch.sourceId)).size).toBe(150);
    await db().execute(sql`DELETE FROM ledger_reconciliation_days WHERE run_date = '2026-01-03'`);

    // The durable job, for a day with no movement on either side: a clean report of zeros.
    await t.app.jobs.send('ledger.reconcile-provider-balance', { date: '2026-01-02' });
    const day = await waitFor(
      'the job’s report',
      async () => t.app.ledger.reconciliationDay(db(), '2026-01-02'),
      {
        timeoutMs: 40_000,
      },
    );
    expect(day.summary).toMatchObject({ providerCount: 0, ledgerCount: 0, mismatchCount: 0 });
    expect(day.mismatches).toEqual([]);
    await db().execute(sql`DELETE FROM ledger_reconciliation_days WHERE run_date = '2026-01-02'`);
  });

  it('serves the days and a day’s mismatches to admins only', async () => {
    const days = await get(admin, 'admin', '/api/v1/admin/reconciliation');
    expect(days.statusCode, days.body).toBe(200);
    expect(days.json<ReconciliationDaysResponse>().items.map((day) => day.runDate)).toEqual([today()]);
    const day = await get(admin, 'admin', `/api/v1/admin/reconciliation/${today()}`);
    expect(day.statusCode).toBe(200);
    const body = day.json<ReconciliationDayResponse>();
    expect(body.day.mismatchCount).toBe(2);
    expect(body.mismatches.map((mismatch) => mismatch.kind).sort()).toEqual([
      'amount_differs',
      'missing_in_ledger',
    ]);

    const never = await get(admin, 'admin', '/api/v1/admin/reconciliation/2020-01-01');
    expect(never.statusCode).toBe(404);
    expect(never.json().error.code).toBe('RECONCILIATION_NOT_FOUND');
    const bad = await get(admin, 'admin', '/api/v1/admin/reconciliation/2026-13-40');
    expect(bad.statusCode).toBe(400);
    for (const [party, role] of [
      [buyer, 'buyer'],
      [seller, 'seller'],
    ] as const) {
      expect((await get(party, role, '/api/v1/admin/reconciliation')).statusCode).toBe(403);
      expect((await get(party, role, `/api/v1/admin/reconciliation/${today()}`)).statusCode).toBe(403);
    }
  });

  it('lets an admin reconcile a day again now, and no day after today', async () => {
    const run = (party: Party, role: 'buyer' | 'seller' | 'admin', date: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/reconciliation/${date}/run`,
        headers: as(party, role),
      });
    const again = await run(admin, 'admin', today());
    expect(again.statusCode, again.body).toBe(200);
    const report = again.json<ReconciliationDayResponse>();
    expect(report.day.runDate).toBe(today());
    expect(report.mismatches.length).toBe(report.day.mismatchCount);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const future = await run(admin, 'admin', tomorrow);
    expect(future.statusCode).toBe(400);
    expect(future.json().error.code).toBe('RECONCILIATION_DATE_FUTURE');
    expect((await run(admin, 'admin', '2026-02-30')).statusCode).toBe(400);
    expect((await run(admin, 'admin', '%00')).statusCode).toBe(400);
    expect((await run(seller, 'seller', today())).statusCode).toBe(403);
  });
});

describe('the admin’s payouts', () => {
  it('lists payouts across storefronts by status with the storefront’s name, a page at a time, to admins only', async () => {
    // A second, failed payout of another storefront.
    const other = await makeStorefront(t, seller, true);
    const [sent] = await rows<{ destination: string; provider: string }>(
      sql`SELECT destination, provider FROM payouts WHERE seller_id = ${sellerId}`,
    );
    await db().execute(sql`
      INSERT INTO payouts (id, seller_id, run_date, amount_cents, provider, destination, status, failure_reason, failed_at)
      VALUES (gen_random_uuid(), ${other.id}, '2026-01-05', 4000, ${sent!.provider}, ${sent!.destination}, 'failed',
              'The transfer was reversed by the payout provider', now())`);

    const all = await get(admin, 'admin', '/api/v1/admin/payouts?limit=1');
    expect(all.statusCode, all.body).toBe(200);
    const first = all.json<AdminPayoutsResponse>();
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toBe(first.items[0]!.id);
    const next = (
      await get(admin, 'admin', `/api/v1/admin/payouts?limit=1&cursor=${first.nextCursor}`)
    ).json<AdminPayoutsResponse>();
    expect(next.items).toHaveLength(1);
    expect(next.nextCursor).toBeNull();
    expect(new Set([...first.items, ...next.items].map((payout) => payout.status))).toEqual(
      new Set(['sent', 'failed']),
    );

    const failed = (
      await get(admin, 'admin', '/api/v1/admin/payouts?status=failed')
    ).json<AdminPayoutsResponse>();
    expect(failed.items).toEqual([
      expect.objectContaining({
        sellerId: other.id,
        storefrontSlug: other.slug,
        status: 'failed',
        failureReason: 'The transfer was reversed by the payout provider',
        amountCents: 4_000,
      }),
    ]);
    expect(failed.items[0]!.storefrontName.length).toBeGreaterThan(0);
    const sentOnly = (
      await get(admin, 'admin', '/api/v1/admin/payouts?status=sent')
    ).json<AdminPayoutsResponse>();
    expect(sentOnly.items.map((payout) => payout.sellerId)).toEqual([sellerId]);
    expect((await get(admin, 'admin', '/api/v1/admin/payouts?status=paid')).statusCode).toBe(400);
    expect((await get(admin, 'admin', '/api/v1/admin/payouts?cursor=nope')).statusCode).toBe(400);
    expect((await get(buyer, 'buyer', '/api/v1/admin/payouts')).statusCode).toBe(403);
    expect((await get(seller, 'seller', '/api/v1/admin/payouts')).statusCode).toBe(403);
  });
});
