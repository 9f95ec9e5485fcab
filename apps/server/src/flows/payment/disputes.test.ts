import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import {
  makeOrder,
  paySandboxCard,
  waitFor,
  createPaymentTestApp,
  buyerAndStorefront,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf, withTransaction } from '../../db/transaction';
import { cardFeeCents, paymentWebhookPath, type SandboxPaymentProvider } from '../../plugins/payments';
import { signWebhook } from '../../plugins/payments/signature';
import { postProviderFee } from './post-provider-fee';

/**
 * Provider fees and chargebacks (decision 304): the sandbox charges Stripe Canada's card fee and the ledger posts it
 * once per order, borne by the platform; a dispute freezes the order's held funds, a lost one is charged back once
 * per dispute id whatever the replays, a won one unfreezes; forged events change nothing.
 */
const webhookSecret = 'disputes_webhook_secret_for_tests';
const farFuture = new Date(Date.now() + 400 * 86_400_000);
let t: TestApp;
let buyer: Party;
let seller: Party;
let storefront: { id: number; slug: string };

beforeAll(async () => {
  t = await createPaymentTestApp(webhookSecret);
  ({ buyer, seller, storefront } = await buyerAndStorefront(t, {
    buyer: 'Dana Buyer',
    seller: 'Dora Seller',
  }));
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const sandbox = () => t.app.payments.provider as SandboxPaymentProvider;
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));
const entries = (orderId: string) =>
  rows<{ kind: string; posting_key: string }>(
    sql`SELECT kind, posting_key FROM ledger_entries WHERE order_id = ${orderId}::uuid ORDER BY id`,
  );
const platformBalance = async (kind: string) =>
  Number(
    (
      await rows<{ balance_cents: string }>(
        sql`SELECT balance_cents FROM ledger_accounts WHERE holder_kind = 'platform' AND kind = ${kind}`,
      )
    )[0]?.balance_cents ?? 0,
  );
const disputeOf = async (orderId: string) =>
  (
    await rows<{ dispute_id: string; status: string }>(
      sql`SELECT dispute_id, status FROM ledger_disputes WHERE order_id = ${orderId}::uuid`,
    )
  )[0];
/** Releases the order's hold as the sweep would, long after its date. */
function release(orderId: string) {
  return withTransaction(db(), async (tx) => {
    const facts = await t.app.orders.ledgerFacts(tx, orderId);
    return t.app.ledger.release(tx, orderId, farFuture, facts!.reviewOpen);
  });
}

async function paidOrder(totalCents: number) {
  const { orderId } = await makeOrder(t.app, { buyer, seller, storefront, totalCents, leadDays: 5 });
  const intent = await paySandboxCard(t, buyer, orderId);
  await waitFor(
    'the capture and the provider fee in the ledger',
    async () => ((await entries(orderId)).some((entry) => entry.kind === 'provider_fee') ? true : undefined),
    { timeoutMs: 60_000 },
  );
  return { orderId, intentId: intent.intentId };
}

const deliver = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: paymentWebhookPath,
    payload: body,
    headers: { 'content-type': 'application/json', 'maplesource-signature': signature },
  });
const disputeEvent = (id: string, type: string, object: Record<string, unknown>) =>
  JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });

describe('provider fees', () => {
  it('the sandbox charges 2.9 % + 30¢ and the ledger posts it once, borne by the platform', async () => {
    expect(cardFeeCents(11_300)).toBe(358); // 327.7 → 328, + 30
    const feesBefore = await platformBalance('provider_fees');
    const before = await t.app.ledger.sellerBalance(db(), storefront.id);
    const { orderId, intentId } = await paidOrder(11_300);
    const [charge] = await rows<{ amount_cents: string; fee_cents: string }>(
      sql`SELECT amount_cents, fee_cents FROM sandbox_balance_transactions WHERE type = 'charge' AND source_id = ${intentId}`,
    );
    expect(Number(charge!.amount_cents)).toBe(11_300);
    expect(Number(charge!.fee_cents)).toBe(358);
    expect(await entries(orderId)).toEqual([
      { kind: 'capture', posting_key: `capture:${orderId}` },
      { kind: 'provider_fee', posting_key: `provider-fee:${orderId}` },
    ]);
    expect(await platformBalance('provider_fees')).toBe(feesBefore - 358);
    // The seller's share is the one without the provider's fee: 11,300 − 565 (5 %) − 73 (HST on it).
    const after = await t.app.ledger.sellerBalance(db(), storefront.id);
    expect(after.pendingCents - before.pendingCents).toBe(11_300 - 565 - 73);
    // The job run again (a retry), five times at once, posts nothing more.
    const again = await Promise.all(Array.from({ length: 5 }, () => postProviderFee(t.app, orderId)));
    expect(again).toEqual([false, false, false, false, false]);
    expect(await platformBalance('provider_fees')).toBe(feesBefore - 358);
    expect(await t.app.ledger.trialBalance(db())).toBe(0);
  });
});

describe('chargebacks', () => {
  it('a dispute freezes the hold; lost, it is charged back once whatever the replays and the forgeries', async () => {
    const { orderId, intentId } = await paidOrder(20_000);
    const disputeId = await sandbox().openDispute(intentId);
    await waitFor('the dispute to be recorded', async () => ((await disputeOf(orderId)) ? true : undefined), {
      timeoutMs: 40_000,
    });
    expect((await disputeOf(orderId))!.status).toBe('open');
    // Frozen: even past its date the hold stays.
    expect(await release(orderId)).toBe('frozen');

    // A forged closing (signed with another secret) is refused and changes nothing.
    const forged = disputeEvent('evt_forged_1', 'charge.dispute.closed', {
      id: disputeId,
      object: 'dispute',
      amount: 20_000,
      payment_intent: intentId,
      status: 'lost',
    });
    const refused = await deliver(forged, signWebhook(forged, 'not_the_secret'));
    expect(refused.statusCode).toBe(400);
    expect((await disputeOf(orderId))!.status).toBe('open');

    await sandbox().closeDispute(disputeId, 'lost');
    await waitFor('the chargeback', async () =>
      (await entries(orderId)).some((entry) => entry.kind === 'chargeback') ? true : undefined,
    );
    expect((await disputeOf(orderId))!.status).toBe('lost');
    // The same closing again, under a new event id and correctly signed: the dispute is closed, nothing is posted.
    const again = disputeEvent('evt_replayed_close', 'charge.dispute.closed', {
      id: disputeId,
      object: 'dispute',
      amount: 20_000,
      payment_intent: intentId,
      status: 'lost',
    });
    expect((await deliver(again, signWebhook(again, webhookSecret))).statusCode).toBe(200);
    expect((await deliver(again, signWebhook(again, webhookSecret))).statusCode).toBe(200);
    const kinds = (await entries(orderId)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'chargeback')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'refund_paid')).toHaveLength(1);
    // The whole payment came back out of the held share: nothing left to release.
    const [hold] = await rows<{ refunded_cents: string; held_cents: string }>(
      sql`SELECT refunded_cents, held_cents FROM ledger_holds WHERE order_id = ${orderId}::uuid`,
    );
    expect(Number(hold!.refunded_cents)).toBe(20_000);
    expect(Number(hold!.held_cents)).toBe(0);
    // The sandbox took the amount from the platform's balance once.
    const adjustments = await rows<{ amount_cents: string }>(
      sql`SELECT amount_cents FROM sandbox_balance_transactions WHERE type = 'adjustment' AND source_id = ${disputeId}`,
    );
    expect(adjustments.map((row) => Number(row.amount_cents))).toEqual([-20_000]);
    expect(await t.app.ledger.trialBalance(db())).toBe(0);

    // The seller was e-mailed once of the dispute and once of its outcome, whatever the replays.
    for (const change of ['opened', 'lost'])
      await waitFor(`the ${change} e-mail`, async () => {
        const [mail] = await rows<{ to_address: string; subject: string }>(
          sql`SELECT * FROM outbox_messages WHERE mail_key = ${`order-dispute-${change}:${disputeId}`}`,
        );
        return mail ?? undefined;
      });
    const [opened] = await rows<{ subject: string; body: string }>(
      sql`SELECT * FROM outbox_messages WHERE mail_key = ${`order-dispute-opened:${disputeId}`}`,
    );
    expect(opened!.subject).toMatch(/disputed the payment/);
    expect(
      await rows(sql`SELECT 1 FROM mail_deliveries WHERE mail_key LIKE ${`order-dispute-%:${disputeId}`}`),
    ).toHaveLength(2);
  });

  it('concurrent closings of one dispute, under different event ids, charge back once', async () => {
    const { orderId, intentId } = await paidOrder(12_000);
    const disputeId = await sandbox().openDispute(intentId);
    await waitFor('the dispute to be recorded', async () => ((await disputeOf(orderId)) ? true : undefined), {
      timeoutMs: 40_000,
    });
    const closings = Array.from({ length: 6 }, (_, index) =>
      disputeEvent(`evt_close_${disputeId}_${index}`, 'charge.dispute.closed', {
        id: disputeId,
        object: 'dispute',
        amount: 12_000,
        payment_intent: intentId,
        status: 'lost',
      }),
    );
    const answers = await Promise.all(
      closings.map((body) => deliver(body, signWebhook(body, webhookSecret))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const kinds = (await entries(orderId)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'chargeback')).toHaveLength(1);
    // Announced once, so the seller hears of it once.
    const announced = await rows(sql`
      SELECT 1 FROM domain_events
      WHERE name = 'order.dispute-changed' AND payload->>'disputeId' = ${disputeId} AND payload->>'change' = 'lost'`);
    expect(announced).toHaveLength(1);
    expect(await t.app.ledger.trialBalance(db())).toBe(0);
  });

  it('a dispute won unfreezes the hold, which is then released; a second dispute on the payment is refused', async () => {
    // This seller reads French: the dispute's e-mails are in French.
    await db().execute(sql`
      INSERT INTO user_preferences (user_id, preferred_language) VALUES (${seller.id}, 'fr')
      ON CONFLICT (user_id) DO UPDATE SET preferred_language = 'fr'`);
    const { orderId, intentId } = await paidOrder(15_000);
    const disputeId = await sandbox().openDispute(intentId, { reason: 'product_not_received' });
    await expect(sandbox().openDispute(intentId)).rejects.toMatchObject({ code: 'PAYMENT_INTENT_STATE' });
    await waitFor('the dispute to be recorded', async () => ((await disputeOf(orderId)) ? true : undefined), {
      timeoutMs: 40_000,
    });
    expect(await release(orderId)).toBe('frozen');
    await sandbox().closeDispute(disputeId, 'won');
    await expect(sandbox().closeDispute(disputeId, 'lost')).rejects.toMatchObject({
      code: 'PAYMENT_INTENT_STATE',
    });
    await waitFor('the dispute to be won', async () =>
      (await disputeOf(orderId))?.status === 'won' ? true : undefined,
    );
    expect(await release(orderId)).toBe('released');
    expect((await entries(orderId)).map((entry) => entry.kind)).not.toContain('chargeback');
    const won = await waitFor('the French e-mail of the outcome', async () => {
      const [mail] = await rows<{ subject: string; body: string }>(
        sql`SELECT subject, body FROM outbox_messages WHERE mail_key = ${`order-dispute-won:${disputeId}`}`,
      );
      return mail ?? undefined;
    });
    expect(won.subject).toMatch(/contestation du paiement a été tranchée en votre faveur/);
    expect(won.body).toMatch(/150,00\s*\$/);
  });

  it('a dispute event naming no order’s payment is recorded as an event and changes nothing', async () => {
    const body = disputeEvent('evt_unknown_dispute', 'charge.dispute.created', {
      id: 'dp_unknown',
      object: 'dispute',
      amount: 1_000,
      payment_intent: 'pi_nobody',
      status: 'needs_response',
    });
    expect((await deliver(body, signWebhook(body, webhookSecret))).statusCode).toBe(200);
    expect(await rows(sql`SELECT 1 FROM ledger_disputes WHERE dispute_id = 'dp_unknown'`)).toHaveLength(0);
  });
});
