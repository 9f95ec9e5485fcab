import type { FastifyInstance } from 'fastify';
import type { ChatOrderPayload } from '@maplesource/contracts';
import type { Tx } from '../../db/transaction';
import type { PaymentEvent } from '../../plugins/payments';
import type { PaymentUpdate } from '../../modules/orders';
import '../../modules/chat';
import '../../modules/orders';
import { refundCancelledPaymentJob } from './expire-unpaid-orders';
import { postCaptureToLedger } from './ledger-postings';
import { providerFeeJob } from './post-provider-fee';

export type OrderPaymentDoors = Pick<
  FastifyInstance,
  'db' | 'orders' | 'chat' | 'events' | 'payments' | 'jobs' | 'log' | 'ledger' | 'sellers'
>;

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
    eventId: event.id,
    eventType: event.type,
    // Both the intent and the charge carry the intent's amount (one full charge per intent) and its currency.
    amountCents: Number.isSafeInteger(object.amount) ? Number(object.amount) : null,
    currency: text(object.currency)?.toLowerCase() ?? null,
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
  if ('refused' in change) {
    // Decision 239: a signed event whose amount or currency is not the intent's is a bug or an attack, never a
    // payment. It is recorded (the webhook answers 200, so the provider does not retry it) and counted by the
    // orders module; someone must look at it.
    doors.log.error(
      {
        paymentEventRefused: change.refused,
        provider: update.provider,
        event: update.eventId,
        type: update.eventType,
        intentId: update.intentId,
        orderId: change.orderId,
        expectedCents: change.expectedCents,
        amountCents: change.amountCents,
        currency: change.currency,
      },
      'payment event refused: its amount or currency is not the payment intent’s',
    );
    return;
  }
  // The ledger moves with the payment, in this transaction (decision 296): a capture holds the seller's share; a
  // refund (the provider's running total) comes back out of it.
  if (change.paymentStatus === 'paid' && update.outcome === 'succeeded') {
    await postCaptureToLedger(doors, tx, change.orderId, update.at);
    // The provider's fee on it, read from the provider after this commit (decision 304).
    await doors.jobs.send(
      providerFeeJob,
      { orderId: change.orderId },
      { tx, singletonKey: `provider-fee:${change.orderId}` },
    );
  }
  if (change.paymentStatus === 'refunded' || change.paymentStatus === 'partially_refunded')
    await doors.ledger.postRefundTotal(tx, {
      orderId: change.orderId,
      refundedTotalCents: update.refundedCents,
    });
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
