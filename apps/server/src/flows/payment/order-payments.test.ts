import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreateOrderIntentResponse, Order, SandboxConfirmResponse } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  as,
  chatActions,
  makeOrder,
  makeStorefront,
  makeUser,
  waitFor,
  createPaymentTestApp,
  confirmSandboxCard,
  sandboxCard,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';
import { paymentWebhookPath } from '../../plugins/payments';
import { signWebhook } from '../../plugins/payments/signature';

/**
 * The payment backend for orders: one intent per order, the sandbox's own card endpoint and
 * challenge page, webhook events settling the order (replays, out of order, tampered), payment reviews and
 * idempotent refunds.
 */
const webhookSecret = 'order_payments_webhook_secret_for_tests';
let t: TestApp;
let buyer: Party;
let otherBuyer: Party;
let seller: Party;
let otherSeller: Party;
let admin: Party;
let verified: { id: number; slug: string };
let unverified: { id: number; slug: string };

const post = (
  party: Party | null,
  url: string,
  payload: object,
  role: 'buyer' | 'seller' | 'admin' = 'buyer',
) => t.app.inject({ method: 'POST', url, headers: as(party, role), payload });
const intentPath = (kind: 'product' | 'service') =>
  `/api/v1/payment/${kind === 'product' ? 'create-order-intent' : 'create-service-order-intent'}`;
const intentFor = (
  party: Party,
  orderId: string,
  kind: 'product' | 'service' = 'product',
  role: 'buyer' | 'seller' = 'buyer',
) => post(party, intentPath(kind), { orderId }, role);
const orderOf = async (orderId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: as(buyer) })).json<{
    order: Order;
  }>().order;
const pay = (intent: CreateOrderIntentResponse, cardNumber: string, extra: object = {}) =>
  confirmSandboxCard(t, intent, cardNumber, extra);
const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await t.database.db.execute(query))[0]!.n);
const paymentStatusIs = (orderId: string, status: string) => async () =>
  (await orderOf(orderId)).payment.status === status;

/** A Stripe-shaped event about one intent, signed like the sandbox signs its deliveries. */
function signedEvent(
  id: string,
  type: string,
  object: Record<string, unknown>,
  created: number,
  timestamp?: number,
) {
  const body = JSON.stringify({ id, object: 'event', type, created, data: { object } });
  return { body, signature: signWebhook(body, webhookSecret, timestamp) };
}
const deliver = (event: { body: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: paymentWebhookPath,
    payload: event.body,
    headers: { 'content-type': 'application/json', 'maplesource-signature': event.signature },
  });

async function paidOrder(storefront = verified, totalCents = 11_300) {
  const { orderId, chatId } = await makeOrder(t.app, { buyer, seller, storefront, totalCents });
  const intent = (await intentFor(buyer, orderId)).json<CreateOrderIntentResponse>();
  expect((await pay(intent, '4242 4242 4242 4242')).statusCode).toBe(200);
  await waitFor('the payment to settle', paymentStatusIs(orderId, 'paid'));
  return { orderId, chatId, intent };
}

beforeAll(async () => {
  t = await createPaymentTestApp(webhookSecret);
  buyer = await makeUser(t, ['buyer'], 'Bea Buyer');
  otherBuyer = await makeUser(t, ['buyer'], 'Olga Other');
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  otherSeller = await makeUser(t, ['buyer', 'seller'], 'Otto Seller');
  admin = await makeUser(t, ['buyer', 'admin'], 'Ada Admin');
  verified = await makeStorefront(t, seller, true);
  unverified = await makeStorefront(t, seller, false);
});
afterAll(async () => t?.close());

describe('the order intent', () => {
  it('is one intent per order whatever the number of concurrent calls, for the invoice total', async () => {
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront: verified, totalCents: 22_600 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => intentFor(buyer, orderId)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const intents = new Set(answers.map((res) => res.json<CreateOrderIntentResponse>().intentId));
    expect(intents.size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({
      amountCents: 22_600,
      currency: 'cad',
      provider: 'sandbox',
      status: 'requires_payment_method',
    });
    expect(await count(sql`SELECT count(*) AS n FROM order_payments WHERE order_id = ${orderId}`)).toBe(1);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM sandbox_payment_intents WHERE idempotency_key = ${`order:${orderId}`}`,
      ),
    ).toBe(1);
  });

  it.each(['product', 'service'] as const)(
    "refuses another buyer's %s order, a foreign seller, its seller and the wrong kind (404), creating no intent",
    async (kind) => {
      const { orderId } = await makeOrder(t.app, { buyer, seller, storefront: verified, kind });
      for (const res of [
        await intentFor(otherBuyer, orderId, kind),
        await intentFor(otherSeller, orderId, kind),
        await intentFor(otherSeller, orderId, kind, 'seller'),
        await intentFor(seller, orderId, kind),
        await intentFor(buyer, orderId, kind === 'product' ? 'service' : 'product'),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('ORDER_NOT_FOUND');
      }
      expect((await post(null, intentPath(kind), { orderId })).statusCode).toBe(401);
      expect(await count(sql`SELECT count(*) AS n FROM order_payments WHERE order_id = ${orderId}`)).toBe(0);
      expect(
        await count(
          sql`SELECT count(*) AS n FROM sandbox_payment_intents WHERE idempotency_key = ${`order:${orderId}`}`,
        ),
      ).toBe(0);
    },
  );
});

describe('paying with the sandbox card endpoint', () => {
  it('4242 confirms the order through the signed webhook, keeping only brand and last 4', async () => {
    const { orderId, chatId, intent } = await paidOrder();
    const order = await orderOf(orderId);
    expect(order.status).toBe('confirmed');
    expect(order.payment).toMatchObject({
      status: 'paid',
      cardBrand: 'visa',
      cardLast4: '4242',
      failureCode: null,
    });
    expect(order.timeline.map((entry) => entry.status)).toEqual(['pending', 'confirmed']);
    expect(await chatActions(t, chatId)).toContain('order_updated');
    // The buyer is told the payment went through; the seller hears it from the chat message.
    await waitFor(
      'the buyer payment notification',
      async () =>
        (await count(
          sql`SELECT count(*) AS n FROM notifications WHERE source_key = ${`order-paid:${orderId}`}`,
        )) === 1,
    );
    // No table holds the card number.
    const dump = JSON.stringify(
      rowsOf(
        await t.database.db.execute(sql`SELECT * FROM sandbox_payment_intents WHERE id = ${intent.intentId}`),
      ),
    );
    expect(dump).not.toContain('4242424242424242');
    // Paying again is refused by the provider; the intent answers as settled.
    expect((await pay(intent, '4242424242424242')).statusCode).toBe(409);
    expect((await intentFor(buyer, orderId)).json()).toMatchObject({
      intentId: intent.intentId,
      status: 'succeeded',
    });
  });

  it('0002 fails with card_declined, then 4242 on the same intent succeeds without a second order or intent', async () => {
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront: verified });
    const intent = (await intentFor(buyer, orderId)).json<CreateOrderIntentResponse>();
    const declined = await pay(intent, '4000 0000 0000 0002');
    expect(declined.json<SandboxConfirmResponse>().status).toBe('processing');
    await waitFor('the decline', paymentStatusIs(orderId, 'failed'));
    expect((await orderOf(orderId)).payment.failureCode).toBe('card_declined');
    const retry = (await intentFor(buyer, orderId)).json<CreateOrderIntentResponse>();
    expect(retry.intentId).toBe(intent.intentId);
    expect(retry.failureCode).toBe('card_declined');
    expect((await pay(retry, '4242424242424242')).statusCode).toBe(200);
    await waitFor('the retry to settle', paymentStatusIs(orderId, 'paid'));
    expect(await count(sql`SELECT count(*) AS n FROM order_payments WHERE order_id = ${orderId}`)).toBe(1);
  });

  it('3155 asks for authentication on a script-free challenge page; approving settles the payment', async () => {
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront: verified });
    const intent = (await intentFor(buyer, orderId)).json<CreateOrderIntentResponse>();
    const answer = (
      await pay(intent, '4000002500003155', { returnPath: `/checkout?order=${orderId}` })
    ).json<SandboxConfirmResponse>();
    expect(answer.status).toBe('requires_action');
    expect(answer.challengeUrl).toMatch(/^\/sandbox-pay\/intents\/pi_sb_[a-f0-9]+\/challenge\?/);
    await waitFor('requires_action on the order', paymentStatusIs(orderId, 'requires_action'));

    const page = await t.app.inject({ method: 'GET', url: answer.challengeUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Two plain forms under the site's CSP: no inline script or style for it to block.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
    expect(page.body).toContain('Approve');
    const wrongSecret = await t.app.inject({
      method: 'GET',
      url: answer.challengeUrl!.replace(/client_secret=[^&]+/, 'client_secret=nope'),
    });
    expect(wrongSecret.statusCode).toBe(404);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/intents/${intent.intentId}/authenticate`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_secret: intent.clientSecret,
        decision: 'approve',
        return_path: `/checkout?order=${orderId}`,
      }).toString(),
    });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`/checkout?order=${orderId}`);
    await waitFor('the authenticated payment', paymentStatusIs(orderId, 'paid'));
  });

  it('refuses a wrong client secret, an expired card and a non-Luhn number without touching the order', async () => {
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront: verified });
    const intent = (await intentFor(buyer, orderId)).json<CreateOrderIntentResponse>();
    const wrong = await t.app.inject({
      method: 'POST',
      url: intent.confirmUrl!,
      payload: sandboxCard('4242424242424242', 'pi_sb_000000000000000000000000'),
    });
    expect(wrong.statusCode).toBe(404);
    const expired = await pay(intent, '4242424242424242', { expYear: 2020 });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('CARD_EXPIRED');
    const luhn = await pay(intent, '4242424242424241');
    expect(luhn.statusCode).toBe(400);
    expect((await orderOf(orderId)).payment.status).toBe('unpaid');
  });
  it('answers junk sent to the sandbox endpoints with 4xx, never 5xx', async () => {
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront: verified });
    const intent = (await intentFor(buyer, orderId)).json<CreateOrderIntentResponse>();
    const base = `/sandbox-pay/intents/${intent.intentId}`;
    const attempts = [
      {
        method: 'POST' as const,
        url: `${base}/confirm`,
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST' as const,
        url: `${base}/confirm`,
        payload: { clientSecret: intent.clientSecret, cardNumber: 'x'.repeat(5000) },
      },
      {
        method: 'POST' as const,
        url: `${base}/confirm`,
        payload: { ...sandboxCard('4242424242424242', intent.clientSecret), cvc: 12 },
      },
      { method: 'POST' as const, url: '/sandbox-pay/intents/../../api/v1/orders/confirm', payload: {} },
      {
        method: 'POST' as const,
        url: '/sandbox-pay/intents/pi_sb_zz/confirm',
        payload: sandboxCard('4242424242424242', 'x'),
      },
      { method: 'GET' as const, url: `${base}/challenge` },
      { method: 'GET' as const, url: `${base}/challenge?client_secret=${intent.clientSecret}` }, // not waiting: 409
      {
        method: 'POST' as const,
        url: `${base}/authenticate`,
        payload: { client_secret: intent.clientSecret, decision: 'maybe' },
      },
      {
        method: 'POST' as const,
        url: `${base}/authenticate`,
        payload: { client_secret: intent.clientSecret, decision: 'approve', return_path: '//evil.example' },
      },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject(attempt);
      expect(res.statusCode, attempt.url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, attempt.url).toBeLessThan(500);
    }
    expect((await orderOf(orderId)).payment.status).toBe('unpaid');
  });
});

describe('the sandbox client secret (decision 238)', () => {
  it('is a random secret of its own: the intent id, which the seller sees, confirms nothing', async () => {
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront: verified });
    const intent = (await intentFor(buyer, orderId)).json<CreateOrderIntentResponse>();
    expect(intent.clientSecret).not.toBe(intent.intentId);
    expect(intent.clientSecret).toMatch(/^pi_sb_[a-f0-9]{24}_secret_[a-f0-9]{48}$/);
    // The same buyer asking again gets the same secret; another intent gets another one.
    expect((await intentFor(buyer, orderId)).json<CreateOrderIntentResponse>().clientSecret).toBe(
      intent.clientSecret,
    );
    const { orderId: second } = await makeOrder(t.app, { buyer, seller, storefront: verified });
    const other = (await intentFor(buyer, second)).json<CreateOrderIntentResponse>();
    expect(other.clientSecret.slice(-48)).not.toBe(intent.clientSecret.slice(-48));

    // The seller's order view shows the intent id; used as the secret, it is refused everywhere.
    const sellerView = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/orders/${orderId}`,
      headers: as(seller, 'seller'),
    });
    expect(sellerView.json<{ order: Order }>().order.payment.intentId).toBe(intent.intentId);
    const asSecret = await t.app.inject({
      method: 'POST',
      url: intent.confirmUrl!,
      payload: sandboxCard('4242424242424242', intent.intentId),
    });
    expect(asSecret.statusCode).toBe(404);
    expect(asSecret.json().error.code).toBe('PAYMENT_INTENT_NOT_FOUND');
    // Nor does another intent's secret, nor the secret cut short.
    for (const secret of [other.clientSecret, intent.clientSecret.slice(0, -1)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: intent.confirmUrl!,
        payload: sandboxCard('4242424242424242', secret),
      });
      expect(res.statusCode).toBe(404);
    }
    const challenge = await t.app.inject({
      method: 'GET',
      url: `/sandbox-pay/intents/${intent.intentId}/challenge?client_secret=${intent.intentId}`,
    });
    expect(challenge.statusCode).toBe(404);
    const authenticate = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/intents/${intent.intentId}/authenticate`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_secret: intent.intentId, decision: 'approve' }).toString(),
    });
    expect(authenticate.statusCode).toBe(404);
    expect((await t.app.payments.provider.retrieveIntent(intent.intentId)).status).toBe(
      'requires_payment_method',
    );
    expect((await orderOf(orderId)).payment.status).toBe('unpaid');

    // The buyer's secret pays.
    expect((await pay(intent, '4242 4242 4242 4242')).statusCode).toBe(200);
    await waitFor('the payment to settle', paymentStatusIs(orderId, 'paid'));
  });

  it('is in no seller or admin answer about the order, its payment or its review', async () => {
    const { orderId, intent } = await paidOrder();
    expect(
      (await post(buyer, `/api/v1/orders/${orderId}/payment-review`, { reason: 'Never arrived.' }))
        .statusCode,
    ).toBe(201);
    const answers = [
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/seller/orders/${orderId}`,
        headers: as(seller, 'seller'),
      }),
      await t.app.inject({ method: 'GET', url: '/api/v1/seller/orders', headers: as(seller, 'seller') }),
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/payment-reviews',
        headers: as(admin, 'admin'),
      }),
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/payment-reviews?status=open',
        headers: as(admin, 'admin'),
      }),
    ];
    for (const [index, answer] of answers.entries()) {
      expect(answer.statusCode).toBe(200);
      // Each is about this order (the seller's show its intent id), never with the secret that confirms it.
      expect(answer.body).toContain(index < 2 ? intent.intentId : orderId);
      expect(answer.body).not.toContain(intent.clientSecret);
      expect(answer.body).not.toMatch(/_secret_/);
    }
    // Asking for the intent as the seller (in either role) or as the admin is refused: only the paying buyer gets it.
    for (const [party, role] of [
      [seller, 'seller'],
      [seller, 'buyer'],
      [admin, 'buyer'],
      [admin, 'admin'],
    ] as const) {
      const res = await post(party, intentPath('product'), { orderId }, role);
      expect(res.statusCode, `${role}`).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain(intent.clientSecret);
    }
    // The stored webhook events do not carry it either.
    const stored = rowsOf<{ payload: unknown }>(
      await t.database.db.execute(sql`SELECT payload FROM payment_webhook_events`),
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain('_secret_');
  });
});

describe('webhook events for an order', () => {
  it('a replayed event changes the order once; a tampered or stale one is refused; older events do not win', async () => {
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront: verified });
    const intent = (await intentFor(buyer, orderId)).json<CreateOrderIntentResponse>();
    const now = Math.floor(Date.now() / 1000);
    const object = (status: string, extra: object = {}) => ({
      id: intent.intentId,
      object: 'payment_intent',
      amount: intent.amountCents,
      currency: 'cad',
      status,
      payment_method_details: { card: { brand: 'visa', last4: '4242' } },
      ...extra,
    });

    const tampered = signedEvent('evt_order_tampered', 'payment_intent.succeeded', object('succeeded'), now);
    const forged = await deliver({
      body: tampered.body.replace('visa', 'amex'),
      signature: tampered.signature,
    });
    expect(forged.statusCode).toBe(400);
    const stale = await deliver(
      signedEvent('evt_order_stale', 'payment_intent.succeeded', object('succeeded'), now, now - 301),
    );
    expect(stale.json().error.code).toBe('PAYMENT_WEBHOOK_SIGNATURE_EXPIRED');
    expect((await orderOf(orderId)).payment.status).toBe('unpaid');

    // A later failure arrives first, then the success, then the older failure of a first attempt.
    const failed = signedEvent(
      'evt_order_failed_late',
      'payment_intent.payment_failed',
      object('requires_payment_method', { last_payment_error: { code: 'insufficient_funds' } }),
      now - 10,
    );
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await orderOf(orderId)).payment).toMatchObject({
      status: 'failed',
      failureCode: 'insufficient_funds',
    });
    const olderAction = signedEvent(
      'evt_order_action_old',
      'payment_intent.requires_action',
      object('requires_action'),
      now - 60,
    );
    await deliver(olderAction);
    expect((await orderOf(orderId)).payment.status).toBe('failed');

    const succeeded = signedEvent(
      'evt_order_succeeded',
      'payment_intent.succeeded',
      object('succeeded'),
      now,
    );
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await deliver(succeeded)).json().duplicate);
    expect(answers).toEqual([false, true, true, true, true]);
    // The same fact under another event id (a provider re-send) changes nothing either.
    await deliver(
      signedEvent('evt_order_succeeded_again', 'payment_intent.succeeded', object('succeeded'), now),
    );
    const lateFailure = signedEvent(
      'evt_order_failed_after',
      'payment_intent.payment_failed',
      object('requires_payment_method', { last_payment_error: { code: 'card_declined' } }),
      now + 5,
    );
    await deliver(lateFailure);
    let order = await orderOf(orderId);
    expect(order.payment).toMatchObject({ status: 'paid', failureCode: null, cardLast4: '4242' });
    expect(order.timeline.filter((entry) => entry.status === 'confirmed')).toHaveLength(1);
    // Stripe's way: the intent's event without the card, then the charge's with it, fills the card in only.
    await t.database.db.execute(
      sql`UPDATE order_payments SET card_brand = NULL, card_last4 = NULL WHERE order_id = ${orderId}`,
    );
    const charge = {
      id: 'ch_test_1',
      object: 'charge',
      amount: intent.amountCents,
      currency: 'cad',
      payment_intent: intent.intentId,
      payment_method_details: { card: { brand: 'mastercard', last4: '4444' } },
    };
    expect(
      (await deliver(signedEvent('evt_order_charge', 'charge.succeeded', charge, now + 6))).statusCode,
    ).toBe(200);
    order = await orderOf(orderId);
    expect(order.payment).toMatchObject({ status: 'paid', cardBrand: 'mastercard', cardLast4: '4444' });
    expect(order.timeline.filter((entry) => entry.status === 'confirmed')).toHaveLength(1);
  });
});

describe('an event whose amount or currency is not the intent’s (decision 239)', () => {
  it('is refused with the sandbox: logged at error level, counted once, and the order is not marked paid', async () => {
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront: verified, totalCents: 48_000 });
    const intent = (await intentFor(buyer, orderId)).json<CreateOrderIntentResponse>();
    const now = Math.floor(Date.now() / 1000);
    const object = (extra: object) => ({
      id: intent.intentId,
      object: 'payment_intent',
      amount: intent.amountCents,
      currency: 'cad',
      status: 'succeeded',
      payment_method_details: { card: { brand: 'visa', last4: '4242' } },
      ...extra,
    });
    const logged = vi.spyOn(t.app.log, 'error');
    const refusedEvents = () =>
      count(sql`SELECT count(*) AS n FROM order_payment_refused_events WHERE order_id = ${orderId}`);
    try {
      const wrong = [
        ['evt_mismatch_less', 'payment_intent.succeeded', object({ amount: 50 })],
        ['evt_mismatch_more', 'payment_intent.succeeded', object({ amount: intent.amountCents + 1 })],
        ['evt_mismatch_usd', 'payment_intent.succeeded', object({ currency: 'usd' })],
        ['evt_mismatch_none', 'payment_intent.succeeded', object({ amount: undefined, currency: undefined })],
        [
          'evt_mismatch_charge',
          'charge.succeeded',
          { id: 'ch_1', object: 'charge', payment_intent: intent.intentId, amount: 100, currency: 'cad' },
        ],
      ] as const;
      for (const [id, type, body] of wrong) {
        const event = signedEvent(id, type, body, now);
        // Answered 200 (the event is genuine, and recorded), so the provider does not retry it…
        expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
        expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
      }
      // …but it changed nothing: not paid, not confirmed, no card, no chat line.
      const order = await orderOf(orderId);
      expect(order.payment).toMatchObject({ status: 'unpaid', cardLast4: null, paidAt: null });
      expect(order.status).toBe('pending');
      // Each refused event counted once (redeliveries included), with what it said.
      expect(await refusedEvents()).toBe(wrong.length);
      const reasons = rowsOf<{ event_id: string; reason: string; expected_cents: string | number }>(
        await t.database.db.execute(
          sql`SELECT event_id, reason, expected_cents FROM order_payment_refused_events WHERE order_id = ${orderId} ORDER BY event_id`,
        ),
      );
      expect(reasons.map((row) => [row.event_id, row.reason, Number(row.expected_cents)])).toEqual([
        ['evt_mismatch_charge', 'amount_mismatch', 48_000],
        ['evt_mismatch_less', 'amount_mismatch', 48_000],
        ['evt_mismatch_more', 'amount_mismatch', 48_000],
        ['evt_mismatch_none', 'currency_mismatch', 48_000],
        ['evt_mismatch_usd', 'currency_mismatch', 48_000],
      ]);
      const errors = logged.mock.calls.filter(
        ([fields]) => typeof fields === 'object' && fields !== null && 'paymentEventRefused' in fields,
      );
      expect(errors).toHaveLength(wrong.length);
      expect(errors[0]![0]).toMatchObject({ orderId, intentId: intent.intentId, expectedCents: 48_000 });
    } finally {
      logged.mockRestore();
    }

    // The intent's own amount and currency: paid.
    expect(
      (await deliver(signedEvent('evt_match', 'payment_intent.succeeded', object({}), now))).statusCode,
    ).toBe(200);
    expect((await orderOf(orderId)).payment.status).toBe('paid');
    expect(await refusedEvents()).toBe(5);
  });

  it('a refund event with another amount refunds nothing', async () => {
    const { orderId, intent } = await paidOrder();
    const now = Math.floor(Date.now() / 1000);
    const refund = signedEvent(
      'evt_refund_mismatch',
      'charge.refunded',
      {
        id: intent.intentId,
        object: 'payment_intent',
        amount: intent.amountCents * 10,
        currency: 'cad',
        amount_refunded: intent.amountCents,
      },
      now + 60,
    );
    expect((await deliver(refund)).statusCode).toBe(200);
    expect((await orderOf(orderId)).payment).toMatchObject({ status: 'paid', refundedCents: 0 });
  });
});

describe('payment reviews and refunds', () => {
  const requestReview = (party: Party, orderId: string, reason = 'The goods never arrived at our dock.') =>
    post(party, `/api/v1/orders/${orderId}/payment-review`, { reason });
  const resolve = (reviewId: string, payload: object, party: Party = admin) =>
    post(party, `/api/v1/admin/payment-reviews/${reviewId}/resolve`, payload, 'admin');

  it('is open once per paid order of a verified supplier; others are refused', async () => {
    const { orderId } = await paidOrder();
    // A second buyer, a foreign seller (in either role) and the order's own seller: 404, and no review.
    for (const [party, role] of [
      [otherBuyer, 'buyer'],
      [otherSeller, 'buyer'],
      [otherSeller, 'seller'],
      [seller, 'buyer'],
    ] as const) {
      const res = await post(
        party,
        `/api/v1/orders/${orderId}/payment-review`,
        { reason: 'The goods never arrived at our dock.' },
        role,
      );
      expect(res.statusCode, role).toBe(404);
      expect(res.json().error.code).toBe('ORDER_NOT_FOUND');
    }
    expect((await requestReview(buyer, orderId, 'short')).statusCode).toBe(400);
    const [first, second] = await Promise.all([requestReview(buyer, orderId), requestReview(buyer, orderId)]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
    expect([first!, second!].find((res) => res.statusCode === 409)!.json().error.code).toBe(
      'PAYMENT_REVIEW_EXISTS',
    );
    expect((await orderOf(orderId)).canRequestPaymentReview).toBe(false);

    const unpaid = await makeOrder(t.app, { buyer, seller, storefront: verified });
    expect((await requestReview(buyer, unpaid.orderId)).json().error.code).toBe('PAYMENT_REVIEW_NOT_ALLOWED');
    const notVerified = await paidOrder(unverified);
    expect((await orderOf(notVerified.orderId)).canRequestPaymentReview).toBe(false);
    expect((await requestReview(buyer, notVerified.orderId)).json().error.code).toBe(
      'PAYMENT_REVIEW_NOT_ALLOWED',
    );
    // 7 days after the expected delivery (placed + lead days) the window is closed.
    const late = await paidOrder();
    await t.database.db.execute(
      sql`UPDATE orders SET placed_at = now() - interval '13 days', lead_days = 5 WHERE id = ${late.orderId}`,
    );
    expect((await requestReview(buyer, late.orderId)).json().error.code).toBe('PAYMENT_REVIEW_NOT_ALLOWED');
  });

  /** The conversation's refund lines (`order_updated` whose payload's payment status is a refund). */
  const refundLines = async (chatId: string) =>
    rowsOf<{ sender_id: string; payload: { paymentStatus?: string; orderId?: string; status?: string } }>(
      await t.database.db.execute(
        sql`SELECT sender_id, business_payload AS payload FROM chat_messages
            WHERE chat_id = ${chatId} AND business_action = 'order_updated'
              AND business_payload ->> 'paymentStatus' IN ('refunded', 'partially_refunded')
            ORDER BY seq`,
      ),
    );

  it('an admin refunds through the provider once, shown on the order; dismissing closes a review', async () => {
    const { orderId, chatId, intent } = await paidOrder(verified, 20_000);
    const review = (await requestReview(buyer, orderId)).json().review as { id: string };
    expect((await resolve(review.id, { outcome: 'refund', amountCents: 5_000 }, buyer)).statusCode).toBe(403);

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/payment-reviews?status=open',
      headers: as(admin, 'admin'),
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items.map((item: { id: string }) => item.id)).toContain(review.id);
    // The order's product in both languages, for an admin reading in either (decision 232).
    expect(queue.json().items.find((item: { id: string }) => item.id === review.id).order).toMatchObject({
      subjectName: 'Steel brackets',
      subjectNameFr: 'Supports en acier',
    });

    const [a, b] = await Promise.all([
      resolve(review.id, { outcome: 'refund', amountCents: 5_000, note: 'Partial: one crate damaged' }),
      resolve(review.id, { outcome: 'refund', amountCents: 5_000 }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    expect((await resolve(review.id, { outcome: 'refund' })).json().error.code).toBe(
      'PAYMENT_REVIEW_RESOLVED',
    );
    expect(
      await count(
        sql`SELECT count(*) AS n FROM sandbox_payment_refunds WHERE intent_id = ${intent.intentId}`,
      ),
    ).toBe(1);
    const order = await orderOf(orderId);
    expect(order.payment).toMatchObject({ status: 'partially_refunded', refundedCents: 5_000 });
    expect(order.paymentReview).toMatchObject({ status: 'refunded', refundCents: 5_000 });
    // The provider's charge.refunded event (from its job) agrees and changes nothing more.
    await waitFor(
      'the refund event',
      async () =>
        (await count(sql`SELECT count(*) AS n FROM payment_webhook_events WHERE type = 'charge.refunded'
                       AND payload -> 'data' -> 'object' ->> 'id' = ${intent.intentId}`)) === 1,
    );
    expect((await orderOf(orderId)).payment.refundedCents).toBe(5_000);
    // The conversation says so once (decision 211), from the seller's side so the buyer is notified.
    await t.app.events.drain();
    expect(await refundLines(chatId)).toEqual([
      {
        sender_id: seller.id,
        payload: expect.objectContaining({
          orderId,
          paymentStatus: 'partially_refunded',
        }) as unknown,
      },
    ]);
    await waitFor(
      'the buyer refund notification',
      async () =>
        (await count(sql`SELECT count(*) AS n FROM notifications WHERE recipient_id = ${buyer.id}
                       AND type = 'order_updated' AND metadata ->> 'orderId' = ${orderId}
                       AND metadata ->> 'paymentStatus' = 'partially_refunded'`)) === 1,
    );

    const other = await paidOrder();
    const dismissed = (await requestReview(buyer, other.orderId)).json().review as { id: string };
    const closed = await resolve(dismissed.id, { outcome: 'dismiss', note: 'Delivered per carrier proof' });
    expect(closed.json().review).toMatchObject({ status: 'dismissed', refundCents: 0 });
    expect((await orderOf(other.orderId)).payment.status).toBe('paid');
    expect(await refundLines(other.chatId)).toEqual([]);
  });

  it('a full refund from a review posts one refunded line in the conversation', async () => {
    const { orderId, chatId } = await paidOrder(verified, 12_000);
    const review = (await requestReview(buyer, orderId)).json().review as { id: string };
    const before = (await chatActions(t, chatId)).length;
    expect((await resolve(review.id, { outcome: 'refund' })).statusCode).toBe(200);
    expect((await resolve(review.id, { outcome: 'refund' })).statusCode).toBe(409);
    expect(await chatActions(t, chatId)).toHaveLength(before + 1);
    const lines = await refundLines(chatId);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.payload).toMatchObject({ orderId, paymentStatus: 'refunded' });
  });

  it('refuses a refund more than 30 days after the payment', async () => {
    const { orderId } = await paidOrder();
    const review = (await requestReview(buyer, orderId)).json().review as { id: string };
    await t.database.db.execute(
      sql`UPDATE order_payments SET paid_at = now() - interval '31 days' WHERE order_id = ${orderId}`,
    );
    const res = await resolve(review.id, { outcome: 'refund' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('REFUND_WINDOW_CLOSED');
  });
});

/**
 * The payment backend run alone (SERVICES=payment, docs/product.md §7): its intents, webhook and sandbox answer, and a card
 * payment settles through its own webhook; the buyer's and the chat backend's routes are not there (404
 * ROUTE_NOT_FOUND, not a refusal from a route).
 */
describe('the payment backend alone (SERVICES=payment)', () => {
  let alone: TestApp;
  beforeAll(async () => {
    alone = await createTestApp({
      env: {
        SERVICES: 'payment',
        JOBS_POLLING_INTERVAL_SECONDS: '0.5',
        PAYMENT_WEBHOOK_SECRET: webhookSecret,
      },
    });
  });
  afterAll(async () => alone?.close());

  it('makes the intent and settles the payment, and serves no buyer or chat route', async () => {
    expect(alone.config.SERVICES).toEqual(['payment']);
    const payer = await makeUser(alone, ['buyer'], 'Pat Payer');
    const payee = await makeUser(alone, ['buyer', 'seller'], 'Sol Seller');
    const storefront = await makeStorefront(alone, payee, true);
    const { orderId, chatId } = await makeOrder(alone.app, {
      buyer: payer,
      seller: payee,
      storefront,
      totalCents: 33_900,
    });
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      alone.app.inject({ method, url, headers: as(payer), ...(payload ? { payload } : {}) });

    const intent = await inject('POST', intentPath('product'), { orderId });
    expect(intent.statusCode, intent.body).toBe(200);
    const created = intent.json<CreateOrderIntentResponse>();
    expect(created).toMatchObject({ amountCents: 33_900, provider: 'sandbox' });
    // Another buyer's order is refused by the route itself.
    const stranger = await makeUser(alone, ['buyer'], 'Sid Stranger');
    const foreign = await alone.app.inject({
      method: 'POST',
      url: intentPath('product'),
      headers: as(stranger),
      payload: { orderId },
    });
    expect(foreign.json().error.code).toBe('ORDER_NOT_FOUND');
    expect((await inject('GET', '/api/v1/payment/provider')).statusCode).toBe(200);
    // The webhook route is there: an unsigned delivery is refused by it, not unknown.
    const unsigned = await alone.app.inject({
      method: 'POST',
      url: paymentWebhookPath,
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.code).toMatch(/^PAYMENT_WEBHOOK_/);
    // The sandbox's card endpoint takes the card; its signed event reaches this process's webhook.
    const paid = await alone.app.inject({
      method: 'POST',
      url: created.confirmUrl!,
      payload: sandboxCard('4242 4242 4242 4242', created.clientSecret),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await waitFor(
      'the payment to settle on the payment backend',
      async () =>
        rowsOf<{ status: string }>(
          await alone.database.db.execute(sql`SELECT status FROM order_payments WHERE order_id = ${orderId}`),
        )[0]?.status === 'paid',
    );

    for (const [method, url, payload] of [
      ['GET', `/api/v1/orders/${orderId}`],
      ['GET', `/api/v1/service-orders/${orderId}`],
      ['POST', `/api/v1/orders/${orderId}/payment-review`, { reason: 'The goods never arrived.' }],
      ['GET', `/api/v1/chats/${chatId}/invoices`],
      ['GET', '/api/v1/invoice/details?invoiceToken=x'],
      ['POST', '/api/v1/invoice/accept', {}],
      ['GET', '/api/v1/profile'],
    ] as const) {
      const res = await inject(method, url, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('ROUTE_NOT_FOUND');
    }
  });
});
