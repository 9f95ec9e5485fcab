import type { FastifyInstance } from 'fastify';
import { sandboxConfirmPath, type CreateOrderIntentResponse, type OrderKind } from '@maplesource/contracts';
import type { SessionCheck } from '../../plugins/auth';
import { conflict } from '../../plugins/errors';
import '../../modules/orders';

export type OrderIntentDoors = Pick<FastifyInstance, 'db' | 'orders' | 'payments'>;

/**
 * payment/create-order-intent (and the service one): the order's one payment intent, amount = the invoice
 * total. Twice, or 50 times at once, gives the same intent: the provider's idempotency key is `order:<id>`
 * and order_payments has the order as its key. A paid order answers its settled intent; a cancelled unpaid
 * one cannot be paid (409 ORDER_NOT_PAYABLE). `buyer` is the buyer's user id, or the session check the order's
 * read carries (decision 225): then null when that check failed.
 */
export async function createOrderIntent(
  doors: OrderIntentDoors,
  buyer: SessionCheck,
  kind: OrderKind,
  orderId: string,
): Promise<CreateOrderIntentResponse | null>;
export async function createOrderIntent(
  doors: OrderIntentDoors,
  buyer: string,
  kind: OrderKind,
  orderId: string,
): Promise<CreateOrderIntentResponse>;
export async function createOrderIntent(
  doors: OrderIntentDoors,
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
