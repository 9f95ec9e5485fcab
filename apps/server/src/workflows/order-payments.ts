import type { FastifyInstance } from 'fastify';
import {
  sandboxConfirmPath,
  type ChatOrderPayload,
  type CreateOrderIntentResponse,
  type OrderKind,
} from '@maplesource/contracts';
import type { Tx } from '../db/transaction';
import type { SessionCheck } from '../plugins/auth';
import { conflict } from '../plugins/errors';
import type { PaymentEvent } from '../plugins/payments';
import type { PaymentUpdate } from '../modules/orders';
import '../modules/chat';
import '../modules/orders';
import { refundCancelledPaymentJob } from './expire-unpaid-orders';

export type OrderPaymentDoors = Pick<
  FastifyInstance,
  'db' | 'orders' | 'chat' | 'events' | 'payments' | 'jobs'
>;

/**
 * payment/create-order-intent (and the service one): the order's one payment intent, amount = the invoice
 * total. Twice, or 50 times at once, gives the same intent: the provider's idempotency key is `order:<id>`
 * and order_payments has the order as its key. A paid order answers its settled intent; a cancelled unpaid
 * one cannot be paid (409 ORDER_NOT_PAYABLE). `buyer` is the buyer's user id, or the session check the order's
 * read carries (decision 225): then null when that check failed.
 */
export async function createOrderIntent(
  doors: OrderPaymentDoors,
  buyer: SessionCheck,
  kind: OrderKind,
  orderId: string,
): Promise<CreateOrderIntentResponse | null>;
export async function createOrderIntent(
  doors: OrderPaymentDoors,
  buyer: string,
  kind: OrderKind,
  orderId: string,
): Promise<CreateOrderIntentResponse>;
export async function createOrderIntent(
  doors: OrderPaymentDoors,
  buyer: string | SessionCheck,
  kind: OrderKind,
  orderId: string,
): Promise<CreateOrderIntentResponse | null> {
  // Decision 225: with a session check, the order is read in one statement with it; null when it failed (or
  // the request was refused before it), and the caller looks the session up the usual way.
  const order =
    typeof buyer === 'string'
      ? await doors.orders.payableFor(doors.db, buyer, kind, orderId)
      : await doors.orders.payableForChecked(doors.db, buyer, kind, orderId);
  if (!order) return null;
  const { provider } = doors.payments;
  const settled =
    order.payment !== null && ['paid', 'refunded', 'partially_refunded'].includes(order.payment.status);
  // A cancelled order cannot be paid any more, even on the intent it already has (decision 166).
  if ((!order.payment && order.status !== 'pending') || (order.status === 'cancelled' && !settled))
    throw conflict('ORDER_NOT_PAYABLE', 'This order can no longer be paid');
  const intent = order.payment
    ? await provider.retrieveIntent(order.payment.intentId)
    : await provider.createIntent({
        amountCents: order.totalCents,
        currency: 'cad',
        metadata: { orderId: order.id, kind },
        idempotencyKey: `order:${order.id}`,
      });
  if (!order.payment)
    await doors.orders.attachIntent(doors.db, order.id, {
      provider: provider.name,
      intentId: intent.id,
      amountCents: intent.amountCents,
    });
  return {
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    amountCents: intent.amountCents,
    currency: 'cad',
    provider: provider.name,
    status: intent.status,
    confirmUrl: provider.name === 'sandbox' ? sandboxConfirmPath(intent.id) : null,
    failureCode: intent.failureCode,
  };
}

const outcomes: Record<string, PaymentUpdate['outcome']> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.requires_action': 'requires_action',
  'payment_intent.processing': 'processing',
  'charge.refunded': 'refunded',
  // Stripe puts the card's brand and last 4 on the charge, not on the intent.
  'charge.succeeded': 'succeeded',
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const record = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;

/** What a Stripe-shaped event object (intent, or charge for refunds) says, in the orders module's terms. */
export function paymentUpdateOf(event: PaymentEvent): PaymentUpdate | null {
  const outcome = outcomes[event.type];
  if (!outcome) return null;
  const object = event.object;
  const intentId = object.object === 'charge' ? text(object.payment_intent) : text(object.id);
  if (!intentId) return null;
  const card = record(record(object.payment_method_details)?.card);
  const brand = text(card?.brand);
  const last4 = text(card?.last4);
  return {
    provider: event.provider,
    intentId,
    outcome,
    at: event.createdAt,
    card: brand && last4 && /^\d{4}$/.test(last4) ? { brand: brand.slice(0, 30), last4 } : null,
    failureCode: text(record(object.last_payment_error)?.code)?.slice(0, 60) ?? null,
    refundedCents: Number.isInteger(object.amount_refunded) ? Number(object.amount_refunded) : 0,
  };
}

/**
 * Applies one verified provider event to its order (decision 142), inside the webhook's transaction. The
 * route records each event id once (a replay never gets here); states are compared so that events arriving
 * out of order or saying the same thing twice change nothing. A change posts `order_updated` in the
 * conversation (from the buyer: the seller is notified) and announces `order.changed` (the buyer is
 * notified of a received payment).
 */
export async function applyPaymentEvent(
  doors: OrderPaymentDoors,
  event: PaymentEvent,
  tx: Tx,
): Promise<void> {
  const update = paymentUpdateOf(event);
  if (!update) return;
  const change = await doors.orders.applyPaymentUpdate(tx, update);
  if (!change) return;
  // Paid after the order was cancelled (unpaid past its deadline, or by the seller): the money goes back
  // (decision 166). A job, since the provider is not called inside this transaction; one per order.
  if (change.paymentStatus === 'paid' && change.orderStatus === 'cancelled')
    await doors.jobs.send(
      refundCancelledPaymentJob,
      { orderId: change.orderId },
      { tx, singletonKey: change.orderId },
    );
  if (change.paymentStatus === 'paid' || change.paymentStatus === 'failed') {
    const payload: ChatOrderPayload = {
      orderId: change.orderId,
      kind: change.kind,
      status: change.orderStatus,
      invoiceToken: change.invoiceToken,
      paymentStatus: change.paymentStatus,
    };
    await doors.chat.postBusinessAction(tx, {
      chatId: change.chatId,
      senderId: change.buyerUserId,
      action: 'order_updated',
      payload,
    });
  }
  await doors.events.emit(
    'order.changed',
    {
      orderId: change.orderId,
      kind: change.kind,
      chatId: change.chatId,
      status: change.orderStatus,
      change: update.outcome === 'refunded' ? 'refund' : 'payment',
      paymentStatus: change.paymentStatus,
      buyerUserId: change.buyerUserId,
    },
    tx,
  );
}

/** Registers the handlers of every payment event type the orders care about (before the app is ready). */
export function registerOrderPaymentHandlers(doors: OrderPaymentDoors) {
  for (const type of Object.keys(outcomes))
    doors.payments.onEvent(type, (event, tx) => applyPaymentEvent(doors, event, tx));
}
