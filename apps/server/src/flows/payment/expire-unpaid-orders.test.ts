import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpaidOrderCancelDays, type CreateOrderIntentResponse, type Order } from '@maplesource/contracts';
import type { TestApp } from '../../../test/helpers';
import {
  as,
  chatActions,
  makeOrder,
  waitFor,
  createPaymentTestApp,
  buyerAndStorefront,
  confirmSandboxCard,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';
import { paymentWebhookPath } from '../../plugins/payments';
import { signWebhook } from '../../plugins/payments/signature';
import {
  cancelUnpaidOrder,
  expireUnpaidOrder,
  expireUnpaidOrders,
  refundPaidCancelledOrder,
  unpaidOrderDeadline,
} from './expire-unpaid-orders';

/**
 * Unpaid orders (decision 166): cancelled past their deadline once, with the chat message and both parties told;
 * never when paid or being paid; a payment that lands on a cancelled order is refunded through the provider once.
 */
const webhookSecret = 'unpaid_orders_webhook_secret_for_tests';
const dayMs = 24 * 60 * 60 * 1000;
let t: TestApp;
let buyer: Party;
let seller: Party;
let storefront: { id: number; slug: string };
/** Intents whose succeeded webhook our route refuses for now (the provider took the money; we have not heard). */
const held = new Set<string>();

// Calendar days in the order's zone (decision 265): a day across a daylight-saving change lasts 23 or 25 hours.
const afterDeadline = () => new Date(Date.now() + unpaidOrderCancelDays * dayMs + 2 * 3_600_000);
const intentFor = async (orderId: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create-order-intent',
    headers: as(buyer),
    payload: { orderId },
  });
  return res;
};
const orderOf = async (orderId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: as(buyer) })).json<{
    order: Order;
  }>().order;
const pay = (intent: CreateOrderIntentResponse, cardNumber: string) =>
  confirmSandboxCard(t, intent, cardNumber);
const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await t.database.db.execute(query))[0]!.n);
const notifications = (recipientId: string, type: string) =>
  count(sql`SELECT count(*) AS n FROM notifications WHERE recipient_id = ${recipientId} AND type = ${type}`);
const paymentStatusIs = (orderId: string, status: string) => async () =>
  (await orderOf(orderId)).payment.status === status;

beforeAll(async () => {
  t = await createPaymentTestApp(webhookSecret, {
    beforeReady: (app) => {
      app.payments.onEvent('payment_intent.succeeded', async (event) => {
        if (held.has(String(event.object.id))) throw new Error('held for the test');
      });
    },
  });
  ({ buyer, seller, storefront } = await buyerAndStorefront(t, { buyer: 'Bea Buyer', seller: 'Sam Seller' }));
});
afterAll(async () => t?.close());

describe('unpaid orders', () => {
  it('are cancelled once after the deadline, with order_cancelled in the chat and both sides notified', async () => {
    const { orderId, chatId } = await makeOrder(t.app, { buyer, seller, storefront });
    const placed = await orderOf(orderId);
    const placedAt = new Date(placed.placedAt);
    const deadline = unpaidOrderDeadline(placedAt, placed.timeZone);
    expect(
      Math.abs(deadline.getTime() - placedAt.getTime() - unpaidOrderCancelDays * dayMs),
    ).toBeLessThanOrEqual(3_600_000);
    // Not yet: a minute before the deadline.
    const early = new Date(deadline.getTime() - 60_000);
    expect(await expireUnpaidOrder(t.app, orderId, early)).toBe('skipped');
    expect((await orderOf(orderId)).status).toBe('pending');

    const sellerBefore = await notifications(seller.id, 'order_cancelled');
    const buyerBefore = await notifications(buyer.id, 'order_cancelled');
    expect(await expireUnpaidOrder(t.app, orderId, afterDeadline())).toBe('cancelled');
    // The job and the sweep again, and both at once: nothing more.
    expect(await expireUnpaidOrder(t.app, orderId, afterDeadline())).toBe('skipped');
    await Promise.all([
      expireUnpaidOrder(t.app, orderId, afterDeadline()),
      expireUnpaidOrders(t.app, afterDeadline()),
    ]);

    const order = await orderOf(orderId);
    expect(order.status).toBe('cancelled');
    expect(order.timeline.map((entry) => entry.status)).toEqual(['pending', 'cancelled']);
    expect((await chatActions(t, chatId)).filter((action) => action === 'order_cancelled')).toHaveLength(1);
    const [message] = rowsOf<{ payload: { reason?: string; status?: string }; sender_id: string }>(
      await t.database.db.execute(
        sql`SELECT business_payload AS payload, sender_id FROM chat_messages WHERE chat_id = ${chatId} AND business_action = 'order_cancelled'`,
      ),
    );
    expect(message!.payload).toMatchObject({ status: 'cancelled', reason: 'payment_not_received' });
    await t.app.events.drain();
    expect(await notifications(buyer.id, 'order_cancelled')).toBe(buyerBefore + 1);
    expect(await notifications(seller.id, 'order_cancelled')).toBe(sellerBefore + 1);
    // A cancelled order cannot be paid any more.
    const intent = await intentFor(orderId);
    expect(intent.statusCode).toBe(409);
    expect(intent.json().error.code).toBe('ORDER_NOT_PAYABLE');
  });

  it('with a declined payment are cancelled too, and the intent they had can no longer be used from our API', async () => {
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront });
    const intent = (await intentFor(orderId)).json<CreateOrderIntentResponse>();
    await pay(intent, '4000 0000 0000 0002');
    await waitFor('the decline', paymentStatusIs(orderId, 'failed'));
    expect(await expireUnpaidOrder(t.app, orderId, afterDeadline())).toBe('cancelled');
    expect((await intentFor(orderId)).json().error.code).toBe('ORDER_NOT_PAYABLE');
  });

  it('are never cancelled when paid, nor while the provider is processing the payment', async () => {
    const paid = await makeOrder(t.app, { buyer, seller, storefront });
    const paidIntent = (await intentFor(paid.orderId)).json<CreateOrderIntentResponse>();
    await pay(paidIntent, '4242 4242 4242 4242');
    await waitFor('the payment', paymentStatusIs(paid.orderId, 'paid'));
    expect(await expireUnpaidOrder(t.app, paid.orderId, afterDeadline())).toBe('skipped');
    expect(await cancelUnpaidOrder(t.app, paid.orderId, afterDeadline())).toBe('skipped');
    expect((await orderOf(paid.orderId)).status).toBe('confirmed');

    // The provider took the card but its webhook has not reached us: our row still says unpaid.
    const inFlight = await makeOrder(t.app, { buyer, seller, storefront });
    const intent = (await intentFor(inFlight.orderId)).json<CreateOrderIntentResponse>();
    held.add(intent.intentId);
    await pay(intent, '4242 4242 4242 4242');
    expect((await orderOf(inFlight.orderId)).payment.status).toBe('unpaid');
    expect(await expireUnpaidOrder(t.app, inFlight.orderId, afterDeadline())).toBe('skipped');
    expect(await expireUnpaidOrders(t.app, afterDeadline())).toBeGreaterThanOrEqual(0);
    expect((await orderOf(inFlight.orderId)).status).toBe('pending');
    held.delete(intent.intentId);
    await waitFor('the redelivered webhook', paymentStatusIs(inFlight.orderId, 'paid'));
    expect((await orderOf(inFlight.orderId)).status).toBe('confirmed');
  });

  it("count calendar days in the order's zone: placed before the March change, due at the same wall-clock time", async () => {
    // Placed Friday 2026-03-06 10:00 in Toronto (15:00 UTC, EST); clocks go forward on Sunday 03-08. Seven calendar
    // days later is Friday 03-13 10:00 EDT = 14:00 UTC, an hour before 7 × 24 hours would say.
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront });
    await t.database.db.execute(
      sql`UPDATE orders SET placed_at = '2026-03-06T15:00:00Z', time_zone = 'America/Toronto' WHERE id = ${orderId}::uuid`,
    );
    expect(unpaidOrderDeadline(new Date('2026-03-06T15:00:00Z'), 'America/Toronto').toISOString()).toBe(
      '2026-03-13T14:00:00.000Z',
    );
    expect(await expireUnpaidOrder(t.app, orderId, new Date('2026-03-13T13:59:00Z'))).toBe('skipped');
    expect(await expireUnpaidOrders(t.app, new Date('2026-03-13T13:59:00Z'))).toBe(0);
    expect(await expireUnpaidOrder(t.app, orderId, new Date('2026-03-13T14:00:00Z'))).toBe('cancelled');
    expect((await orderOf(orderId)).status).toBe('cancelled');
  });

  it('in Winnipeg count in Winnipeg: placed before the November change, due an hour later than 7 × 24 hours', async () => {
    // Placed Thursday 2026-10-29 09:00 CDT (14:00 UTC); clocks go back on Sunday 11-01. Due Thursday 11-05 09:00
    // CST = 15:00 UTC.
    const { orderId } = await makeOrder(t.app, { buyer, seller, storefront });
    await t.database.db.execute(
      sql`UPDATE orders SET placed_at = '2026-10-29T14:00:00Z', time_zone = 'America/Winnipeg' WHERE id = ${orderId}::uuid`,
    );
    expect((await orderOf(orderId)).timeZone).toBe('America/Winnipeg');
    expect(await expireUnpaidOrders(t.app, new Date('2026-11-05T14:30:00Z'))).toBe(0);
    expect((await orderOf(orderId)).status).toBe('pending');
    expect(await expireUnpaidOrders(t.app, new Date('2026-11-05T15:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect((await orderOf(orderId)).status).toBe('cancelled');
  });
});

describe('a payment succeeding against the expiry', () => {
  /** An order whose intent the provider has settled, while our webhook route refuses to hear of it for now. */
  async function paidAtProviderOnly() {
    const { orderId, chatId } = await makeOrder(t.app, { buyer, seller, storefront });
    const intent = (await intentFor(orderId)).json<CreateOrderIntentResponse>();
    held.add(intent.intentId);
    await pay(intent, '4242 4242 4242 4242');
    await waitFor(
      'the provider to settle the intent',
      async () => (await t.app.payments.provider.retrieveIntent(intent.intentId)).status === 'succeeded',
    );
    return { orderId, chatId, intent };
  }
  const succeededEvent = (intent: CreateOrderIntentResponse, id: string) => {
    const body = JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: intent.intentId,
          object: 'payment_intent',
          amount: intent.amountCents,
          currency: 'cad',
          status: 'succeeded',
          payment_method_details: { card: { brand: 'visa', last4: '4242' } },
        },
      },
    });
    return t.app.inject({
      method: 'POST',
      url: paymentWebhookPath,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'maplesource-signature': signWebhook(body, webhookSecret),
      },
    });
  };
  const refundsOf = (orderId: string) =>
    count(sql`SELECT count(*) AS n FROM order_refunds WHERE order_id = ${orderId}`);

  it('a payment landing on a cancelled order is refunded in full through the provider, once', async () => {
    const { orderId, chatId, intent } = await paidAtProviderOnly();
    // The expiry got past its provider check just before the card went through: it cancels.
    expect(await cancelUnpaidOrder(t.app, orderId, afterDeadline())).toBe('cancelled');
    held.delete(intent.intentId);
    expect((await succeededEvent(intent, `evt_late_${orderId}`)).statusCode).toBe(200);
    await waitFor('the refund', paymentStatusIs(orderId, 'refunded'));
    const order = await orderOf(orderId);
    expect(order.status).toBe('cancelled');
    expect(order.payment.refundedCents).toBe(intent.amountCents);
    expect(await refundsOf(orderId)).toBe(1);
    const [refund] = rowsOf<{ idempotency_key: string }>(
      await t.database.db.execute(sql`SELECT idempotency_key FROM order_refunds WHERE order_id = ${orderId}`),
    );
    expect(refund!.idempotency_key).toBe(`cancelled-order:${orderId}`);
    expect((await t.app.payments.provider.retrieveIntent(intent.intentId)).refundedCents).toBe(
      intent.amountCents,
    );
    // The job again: nothing to refund.
    expect(await refundPaidCancelledOrder(t.app, orderId)).toBe(false);
    expect(await refundsOf(orderId)).toBe(1);
    expect(await chatActions(t, chatId)).toEqual(
      expect.arrayContaining(['order_cancelled', 'order_updated']),
    );
  });

  it('run at the same time, each order ends confirmed and paid, or cancelled and refunded — never both', async () => {
    const orders = [];
    for (let i = 0; i < 6; i += 1) orders.push(await paidAtProviderOnly());
    for (const { intent } of orders) held.delete(intent.intentId);
    await Promise.all(
      orders.flatMap(({ orderId, intent }) => [
        succeededEvent(intent, `evt_race_${orderId}`),
        cancelUnpaidOrder(t.app, orderId, afterDeadline()),
      ]),
    );
    for (const { orderId, intent } of orders) {
      await waitFor('the order to settle', async () => {
        const order = await orderOf(orderId);
        return (
          (order.status === 'confirmed' && order.payment.status === 'paid') ||
          (order.status === 'cancelled' && order.payment.status === 'refunded')
        );
      });
      const order = await orderOf(orderId);
      const statuses = order.timeline.map((entry) => entry.status);
      expect(statuses.filter((status) => status === 'confirmed' || status === 'cancelled')).toHaveLength(1);
      expect(await refundsOf(orderId)).toBe(order.status === 'cancelled' ? 1 : 0);
      if (order.status === 'cancelled') expect(order.payment.refundedCents).toBe(intent.amountCents);
    }
  });
});
