import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/transaction';
import { disputeOfEvent, type PaymentEvent } from '../../plugins/payments';
import type { LedgerDispute } from '../../modules/ledger';
import '../../modules/ledger';
import '../../modules/orders';

export type DisputeDoors = Pick<FastifyInstance, 'payments' | 'orders' | 'ledger' | 'events' | 'log'>;

/**
 * Chargebacks (decision 304), in the webhook's transaction (signature-checked; the route records each event id once,
 * so a replay changes nothing): `charge.dispute.created` records the dispute, which freezes the order's held funds
 * while it is open; `charge.dispute.closed` lost posts the chargeback once per dispute id (the closing is a
 * conditional update, the posting keyed `chargeback:<disputeId>`), won unfreezes the hold (the release sweep pays it
 * when due). Each change is announced as `order.dispute-changed`, which e-mails the seller.
 */
export async function applyDisputeEvent(doors: DisputeDoors, event: PaymentEvent, tx: Tx): Promise<void> {
  const dispute = disputeOfEvent(event.object);
  if (!dispute) return;
  const recorded = await recordedDispute(doors, event, tx);
  if (!recorded) return;
  if (event.type === 'charge.dispute.created') {
    if (recorded.created) await announce(doors, tx, recorded.dispute, 'opened');
    return;
  }
  const outcome = dispute.status === 'lost' ? 'lost' : dispute.status === 'won' ? 'won' : null;
  if (!outcome) return;
  const closed = await doors.ledger.closeDispute(tx, dispute.id, outcome);
  if (!closed) return;
  if (outcome === 'lost')
    await doors.ledger.postChargeback(tx, {
      orderId: closed.orderId,
      disputeId: closed.disputeId,
      amountCents: closed.amountCents,
    });
  await announce(doors, tx, closed, outcome);
}

/**
 * The dispute as recorded: recorded now for a new one (a `closed` that arrives first records it too), under the
 * order's row lock then the hold's — the release's order, so a release and a new dispute never cross.
 */
async function recordedDispute(
  doors: DisputeDoors,
  event: PaymentEvent,
  tx: Tx,
): Promise<{ dispute: LedgerDispute; created: boolean } | null> {
  const dispute = disputeOfEvent(event.object)!;
  const known = await doors.ledger.disputeOf(tx, dispute.id);
  if (known) return { dispute: known, created: false };
  const orderId = await doors.orders.orderOfPaymentIntent(tx, event.provider, dispute.paymentIntentId);
  const facts = orderId ? await doors.orders.ledgerFacts(tx, orderId) : null;
  if (!orderId || !facts) {
    doors.log.error(
      { dispute: dispute.id, provider: event.provider, intentId: dispute.paymentIntentId },
      'a dispute names a payment no order has',
    );
    return null;
  }
  const created = await doors.ledger.recordDispute(tx, {
    disputeId: dispute.id,
    provider: event.provider,
    orderId,
    sellerId: Number(facts.sellerId),
    amountCents: dispute.amountCents,
    reason: dispute.reason,
  });
  const stored = created ?? (await doors.ledger.disputeOf(tx, dispute.id));
  return stored ? { dispute: stored, created: created !== null } : null;
}

async function announce(
  doors: DisputeDoors,
  tx: Tx,
  dispute: LedgerDispute,
  change: 'opened' | 'won' | 'lost',
) {
  await doors.events.emit(
    'order.dispute-changed',
    {
      disputeId: dispute.disputeId,
      orderId: dispute.orderId,
      sellerId: dispute.sellerId,
      amountCents: dispute.amountCents,
      change,
    },
    tx,
  );
}

/** Registers the dispute events' handlers on the payment backend (before the app is ready). */
export function registerDisputeHandlers(doors: DisputeDoors) {
  for (const type of ['charge.dispute.created', 'charge.dispute.closed'])
    doors.payments.onEvent(type, (event, tx) => applyDisputeEvent(doors, event, tx));
}
