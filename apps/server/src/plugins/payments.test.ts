import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../test/helpers';
import { makeOrder, makeStorefront, makeUser } from '../../test/orders-helpers';
import { ConfigError, loadConfig } from '../config';
import { rowsOf } from '../db/transaction';
import type { SandboxPaymentProvider } from './payments';
import { paymentWebhookPath, type PaymentEvent } from './payments';
import { signWebhook, verifyWebhookSignature } from './payments/signature';

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const eventBody = (id: string, type = 'payment_intent.succeeded') =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'pi_test', object: 'payment_intent', amount: 1000 } },
  });

describe('webhook signatures (HMAC-SHA256 over timestamp.body)', () => {
  const secret = 'whsec_test_secret_0123456789';
  const body = Buffer.from(eventBody('evt_sig'));

  it('accepts its own signature and refuses tampering, other secrets, staleness and junk', () => {
    expect(() => verifyWebhookSignature(body, signWebhook(body, secret), secret)).not.toThrow();
    const tampered = Buffer.from(body.toString().replace('1000', '9000'));
    expect(() => verifyWebhookSignature(tampered, signWebhook(body, secret), secret)).toThrow(
      expect.objectContaining({ reason: 'invalid' }),
    );
    expect(() => verifyWebhookSignature(body, signWebhook(body, 'another_secret_xxxxxx'), secret)).toThrow(
      expect.objectContaining({ reason: 'invalid' }),
    );
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(() => verifyWebhookSignature(body, signWebhook(body, secret, old), secret)).toThrow(
      expect.objectContaining({ reason: 'expired' }),
    );
    const recent = Math.floor(Date.now() / 1000) - 299;
    expect(() => verifyWebhookSignature(body, signWebhook(body, secret, recent), secret)).not.toThrow();
    for (const header of [undefined, '', 't=abc,v1=zz', 'v1=' + 'a'.repeat(64), `t=${recent}`])
      expect(() => verifyWebhookSignature(body, header, secret)).toThrow();
  });
});

describe('payment webhook route and the sandbox provider', () => {
  const webhookSecret = 'sandbox_webhook_secret_for_tests';
  let t: TestApp;
  const handled: PaymentEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5', PAYMENT_WEBHOOK_SECRET: webhookSecret },
      beforeReady: (app) => {
        app.payments.onEvent('*', async (event, tx) => {
          // Handlers run inside the recording transaction.
          await tx.execute(sql`select 1`);
          handled.push(event);
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the checkout the sandbox takes cards (no publishable key)', async () => {
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payment/provider',
      headers: { role: 'buyer' },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ provider: 'sandbox', testPayments: true });
  });

  const post = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: paymentWebhookPath,
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(signature !== undefined ? { 'maplesource-signature': signature } : {}),
      },
    });
  const sign = (body: string, timestamp?: number) =>
    signWebhook(body, t.config.PAYMENT_WEBHOOK_SECRET, timestamp);
  const recordedCount = async (id: string) =>
    rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from payment_webhook_events where event_id = ${id}`,
      ),
    )[0]!.n;
  const handledFor = (intentId: string, type: string) =>
    handled.filter((event) => event.object.id === intentId && event.type === type);

  it('uses the sandbox provider by default', () => {
    expect(t.app.payments.provider.name).toBe('sandbox');
  });

  it('records an event replayed 5 times once and hands it to the handlers once', async () => {
    const body = eventBody('evt_replayed');
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await post(body, sign(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json().duplicate)).toEqual([false, true, true, true, true]);
    expect(await recordedCount('evt_replayed')).toBe(1);
    expect(handled.filter((event) => event.id === 'evt_replayed')).toHaveLength(1);
  });

  it('refuses tampered, stale, unsigned and malformed events with 400 and a code', async () => {
    const body = eventBody('evt_bad');
    const tampered = await post(body.replace('1000', '1'), sign(body));
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('PAYMENT_WEBHOOK_SIGNATURE_INVALID');
    const stale = await post(body, sign(body, Math.floor(Date.now() / 1000) - 400));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('PAYMENT_WEBHOOK_SIGNATURE_EXPIRED');
    const unsigned = await post(body);
    expect(unsigned.json().error.code).toBe('PAYMENT_WEBHOOK_SIGNATURE_INVALID');
    const junk = 'not json {';
    const malformed = await post(junk, sign(junk));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('PAYMENT_WEBHOOK_PAYLOAD_INVALID');
    const notAnEvent = JSON.stringify({ hello: 'world' });
    expect((await post(notAnEvent, sign(notAnEvent))).json().error.code).toBe(
      'PAYMENT_WEBHOOK_PAYLOAD_INVALID',
    );
    expect(await recordedCount('evt_bad')).toBe(0);
  });

  it('does not record an event whose handler fails, so a redelivery can succeed', async () => {
    const failing = await createTestApp({
      database: t.database,
      env: { PAYMENT_WEBHOOK_SECRET: webhookSecret },
      beforeReady: (app) =>
        app.payments.onEvent('payment_intent.succeeded', async () => {
          throw new Error('order table locked');
        }),
    });
    const body = eventBody('evt_handler_fails');
    const answer = await failing.app.inject({
      method: 'POST',
      url: paymentWebhookPath,
      payload: body,
      headers: { 'content-type': 'application/json', 'maplesource-signature': sign(body) },
    });
    await failing.close();
    expect(answer.statusCode).toBe(500);
    expect(await recordedCount('evt_handler_fails')).toBe(0);
    expect((await post(body, sign(body))).json()).toEqual({ received: true, duplicate: false });
  });

  it('creates one intent per idempotency key', async () => {
    const { provider } = t.app.payments;
    const first = await provider.createIntent({
      amountCents: 11_300,
      currency: 'cad',
      metadata: { orderId: 'o-1' },
      idempotencyKey: 'order:o-1',
    });
    const again = await provider.createIntent({
      amountCents: 11_300,
      currency: 'cad',
      metadata: { orderId: 'o-1' },
      idempotencyKey: 'order:o-1',
    });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ status: 'requires_payment_method', amountCents: 11_300, currency: 'cad' });
    await expect(
      provider.createIntent({
        amountCents: 5_000,
        currency: 'cad',
        metadata: {},
        idempotencyKey: 'order:o-1',
      }),
    ).rejects.toMatchObject({ code: 'PAYMENT_INVALID' });
  });

  it('4242… succeeds asynchronously through a signed webhook; only brand and last 4 are kept', async () => {
    const { provider } = t.app.payments;
    const intent = await provider.createIntent({
      amountCents: 2_500,
      currency: 'cad',
      metadata: {},
      idempotencyKey: 'order:ok',
    });
    const confirming = await provider.confirm(intent.id, { paymentMethod: '4242 4242 4242 4242' });
    expect(confirming.status).toBe('processing');
    await waitFor(() => handledFor(intent.id, 'payment_intent.succeeded').length === 1);
    const settled = await provider.retrieveIntent(intent.id);
    expect(settled).toMatchObject({
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
      failureCode: null,
    });
    const stored = JSON.stringify(
      rowsOf(await t.database.db.execute(sql`select * from sandbox_payment_intents where id = ${intent.id}`)),
    );
    expect(stored).not.toContain('4242424242424242');
  });

  it('4000…0002 is declined, and a retry with 4242… on the same intent succeeds', async () => {
    const { provider } = t.app.payments;
    const intent = await provider.createIntent({
      amountCents: 9_900,
      currency: 'cad',
      metadata: {},
      idempotencyKey: 'order:declined',
    });
    await provider.confirm(intent.id, { paymentMethod: '4000 0000 0000 0002' });
    await waitFor(() => handledFor(intent.id, 'payment_intent.payment_failed').length === 1);
    expect(await provider.retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      failureCode: 'card_declined',
    });
    await provider.confirm(intent.id, { paymentMethod: '4242424242424242' });
    await waitFor(() => handledFor(intent.id, 'payment_intent.succeeded').length === 1);
    await expect(provider.confirm(intent.id, { paymentMethod: '4242424242424242' })).rejects.toMatchObject({
      code: 'PAYMENT_INTENT_STATE',
    });
  });

  it('4000…9995 fails for insufficient funds; a bad number is refused at once', async () => {
    const { provider } = t.app.payments;
    const intent = await provider.createIntent({
      amountCents: 700,
      currency: 'cad',
      metadata: {},
      idempotencyKey: 'order:poor',
    });
    await expect(provider.confirm(intent.id, { paymentMethod: '4242 4242 4242 4241' })).rejects.toMatchObject(
      {
        code: 'PAYMENT_INVALID',
      },
    );
    await provider.confirm(intent.id, { paymentMethod: '4000000000009995' });
    await waitFor(() => handledFor(intent.id, 'payment_intent.payment_failed').length === 1);
    expect((await provider.retrieveIntent(intent.id)).failureCode).toBe('insufficient_funds');
  });

  it('4000 0025 0000 3155 asks for authentication first, then succeeds', async () => {
    const provider = t.app.payments.provider as SandboxPaymentProvider;
    const intent = await provider.createIntent({
      amountCents: 4_000,
      currency: 'cad',
      metadata: {},
      idempotencyKey: 'order:3ds',
    });
    const confirming = await provider.confirm(intent.id, { paymentMethod: '4000 0025 0000 3155' });
    expect(confirming).toMatchObject({ status: 'requires_action', nextAction: { type: 'authenticate' } });
    await waitFor(() => handledFor(intent.id, 'payment_intent.requires_action').length === 1);
    await provider.completeAuthentication(intent.id, true);
    await waitFor(() => handledFor(intent.id, 'payment_intent.succeeded').length === 1);
    expect((await provider.retrieveIntent(intent.id)).status).toBe('succeeded');
  });

  it('refunds once per key and never more than was paid', async () => {
    const { provider } = t.app.payments;
    const intent = await provider.createIntent({
      amountCents: 10_000,
      currency: 'cad',
      metadata: {},
      idempotencyKey: 'order:refund',
    });
    await expect(provider.refund(intent.id, { idempotencyKey: 'refund:early' })).rejects.toMatchObject({
      code: 'PAYMENT_INTENT_STATE',
    });
    await provider.confirm(intent.id, { paymentMethod: '4242424242424242' });
    await waitFor(() => handledFor(intent.id, 'payment_intent.succeeded').length === 1);
    const partial = await provider.refund(intent.id, { amountCents: 3_000, idempotencyKey: 'refund:1' });
    const repeated = await provider.refund(intent.id, { amountCents: 3_000, idempotencyKey: 'refund:1' });
    expect(repeated.id).toBe(partial.id);
    await expect(
      provider.refund(intent.id, { amountCents: 7_001, idempotencyKey: 'refund:2' }),
    ).rejects.toMatchObject({ code: 'PAYMENT_REFUND_TOO_LARGE' });
    const rest = await provider.refund(intent.id, { idempotencyKey: 'refund:3' });
    expect(rest.amountCents).toBe(7_000);
    expect((await provider.retrieveIntent(intent.id)).refundedCents).toBe(10_000);
    await waitFor(() => handledFor(intent.id, 'charge.refunded').length === 2);
  });
});

describe('Stripe adapter (offline)', () => {
  const webhookSecret = 'whsec_offline_0123456789abcdef';
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_offline',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is selected by STRIPE_SECRET_KEY, which needs STRIPE_WEBHOOK_SECRET', () => {
    expect(t.app.payments.provider.name).toBe('stripe');
    const { DATA_DIR } = testConfig();
    expect(() => loadConfig({ DATA_DIR, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
  });

  it('tells the checkout the provider and its publishable key, and serves no sandbox card endpoint', async () => {
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payment/provider',
      headers: { role: 'buyer' },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_offline',
      testPayments: true,
    });
    const sandboxPay = await t.app.inject({
      method: 'POST',
      url: '/sandbox-pay/intents/pi_1/confirm',
      payload: { clientSecret: 'x' },
    });
    expect(sandboxPay.statusCode).toBe(404);
  });

  it('verifies with stripe.webhooks.constructEvent: good → recorded once; tampered or stale → 400', async () => {
    const stripe = new Stripe('sk_test_offline');
    const body = eventBody('evt_stripe_1');
    const post = (payload: string, header: string) =>
      t.app.inject({
        method: 'POST',
        url: paymentWebhookPath,
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
      });
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
    expect((await post(body, header)).json()).toEqual({ received: true, duplicate: false });
    expect((await post(body, header)).json()).toEqual({ received: true, duplicate: true });
    expect((await post(body.replace('1000', '1'), header)).json().error.code).toBe(
      'PAYMENT_WEBHOOK_SIGNATURE_INVALID',
    );
    const stale = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const staleAnswer = await post(body, stale);
    expect(staleAnswer.statusCode).toBe(400);
    expect(staleAnswer.json().error.code).toBe('PAYMENT_WEBHOOK_SIGNATURE_EXPIRED');
  });
  it('refuses an event whose amount or currency is not the order intent’s (decision 239), then pays on the right one', async () => {
    const stripe = new Stripe('sk_test_offline');
    const buyer = await makeUser(t, ['buyer'], 'Stripe Buyer');
    const seller = await makeUser(t, ['buyer', 'seller'], 'Stripe Seller');
    const storefront = await makeStorefront(t, seller, true);
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront, totalCents: 25_000 });
    // What create-order-intent records from Stripe's answer (Stripe itself is not called offline).
    await t.app.orders.attachIntent(t.app.db, orderId, {
      provider: 'stripe',
      intentId: 'pi_3StripeOffline',
      amountCents: 25_000,
    });
    const deliver = (id: string, type: string, object: object) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      return t.app.inject({
        method: 'POST',
        url: paymentWebhookPath,
        payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        },
      });
    };
    const intent = (extra: object) => ({
      id: 'pi_3StripeOffline',
      object: 'payment_intent',
      amount: 25_000,
      currency: 'cad',
      status: 'succeeded',
      ...extra,
    });
    const paymentOf = async () =>
      rowsOf<{ status: string }>(
        await t.database.db.execute(sql`SELECT status FROM order_payments WHERE order_id = ${orderId}`),
      )[0]!.status;
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      for (const [id, object] of [
        ['evt_stripe_cheap', intent({ amount: 100 })],
        ['evt_stripe_usd', intent({ currency: 'usd' })],
        [
          'evt_stripe_charge',
          { id: 'ch_3x', object: 'charge', payment_intent: 'pi_3StripeOffline', amount: 1, currency: 'cad' },
        ],
      ] as const) {
        const type = id === 'evt_stripe_charge' ? 'charge.succeeded' : 'payment_intent.succeeded';
        expect((await deliver(id, type, object)).json()).toEqual({ received: true, duplicate: false });
        expect(await paymentOf()).toBe('unpaid');
      }
      const refused = rowsOf<{ provider: string; reason: string }>(
        await t.database.db.execute(
          sql`SELECT provider, reason FROM order_payment_refused_events WHERE order_id = ${orderId} ORDER BY event_id`,
        ),
      );
      expect(refused).toEqual([
        { provider: 'stripe', reason: 'amount_mismatch' },
        { provider: 'stripe', reason: 'amount_mismatch' },
        { provider: 'stripe', reason: 'currency_mismatch' },
      ]);
      expect(
        logged.mock.calls.filter(
          ([fields]) => typeof fields === 'object' && fields && 'paymentEventRefused' in fields,
        ),
      ).toHaveLength(3);
    } finally {
      logged.mockRestore();
    }
    expect((await deliver('evt_stripe_right', 'payment_intent.succeeded', intent({}))).statusCode).toBe(200);
    expect(await paymentOf()).toBe('paid');
  });
});
