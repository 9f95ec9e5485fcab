import { sql, type SQL } from 'drizzle-orm';
import type { OrderKind, OrderPaymentStatus, OrderStatus } from '@maplesource/contracts';
import { rowsOf, type Tx } from '../../../db/transaction';
import type { PaymentChange, PaymentRefusal, PaymentUpdate } from '../orders.types';

const settledStatuses: OrderPaymentStatus[] = ['paid', 'refunded', 'partially_refunded'];

/**
 * Applies what a provider event says to the order's payment, comparing states (decision 142): a
 * settled payment (paid, refunded) never goes back; an event older than the last one applied does not
 * overwrite it; refunds only grow. The first success confirms a pending order (timeline row).
 */
export async function applyPaymentUpdate(
  tx: Tx,
  update: PaymentUpdate,
): Promise<PaymentChange | PaymentRefusal | null> {
  const [row] = rowsOf<{
    order_id: string;
    kind: OrderKind;
    chat_id: string;
    invoice_token: string;
    buyer_user_id: string;
    seller_user_id: string;
    order_status: OrderStatus;
    status: OrderPaymentStatus;
    amount_cents: number | string;
    refunded_cents: number | string;
    last_event_at: Date | string | null;
    card_last4: string | null;
  }>(
    await tx.execute(sql`
      SELECT p.order_id, p.status, p.amount_cents, p.refunded_cents, p.last_event_at, p.card_last4, o.kind, o.chat_id,
             o.invoice_token, o.buyer_user_id, o.seller_user_id, o.status AS order_status
      FROM order_payments p JOIN orders o ON o.id = p.order_id
      WHERE p.provider = ${update.provider} AND p.intent_id = ${update.intentId}
      FOR UPDATE OF p, o`),
  );
  if (!row) return null;
  // Decision 239: the intent id alone does not make an event this order's payment; its amount and currency must
  // be the intent's too, or it changes nothing (whatever its type) and is kept for the count.
  const expectedCents = Number(row.amount_cents);
  const refused =
    update.currency !== 'cad'
      ? ('currency_mismatch' as const)
      : update.amountCents !== expectedCents
        ? ('amount_mismatch' as const)
        : null;
  if (refused) {
    await tx.execute(sql`
      INSERT INTO order_payment_refused_events
        (provider, event_id, order_id, intent_id, event_type, reason, expected_cents, event_amount_cents, event_currency)
      VALUES (${update.provider}, ${update.eventId}, ${row.order_id}::uuid, ${update.intentId}, ${update.eventType},
              ${refused}, ${expectedCents}, ${update.amountCents}, ${update.currency?.slice(0, 10) ?? null})
      ON CONFLICT (provider, event_id) DO NOTHING`);
    return {
      refused,
      orderId: row.order_id,
      expectedCents,
      amountCents: update.amountCents,
      currency: update.currency,
    };
  }
  const settled = settledStatuses.includes(row.status);
  const older = row.last_event_at !== null && update.at.getTime() < new Date(row.last_event_at).getTime();
  let next: OrderPaymentStatus | null = null;
  let confirmed = false;
  const set: SQL[] = [];
  switch (update.outcome) {
    case 'succeeded':
      if (settled) {
        // Stripe tells the card on the charge (`charge.succeeded`), which may come after the intent's event.
        if (update.card && !row.card_last4)
          await tx.execute(sql`
            UPDATE order_payments SET card_brand = ${update.card.brand}, card_last4 = ${update.card.last4}
            WHERE order_id = ${row.order_id}`);
        break;
      }
      next = 'paid';
      set.push(sql`paid_at = ${update.at}, failure_code = NULL`);
      confirmed = row.order_status === 'pending';
      break;
    case 'failed':
    case 'requires_action':
    case 'processing':
      if (settled || older) break;
      next = update.outcome === 'failed' ? 'failed' : update.outcome;
      set.push(
        sql`failure_code = ${update.outcome === 'failed' ? (update.failureCode ?? 'card_declined') : null}`,
      );
      break;
    case 'refunded': {
      const refunded = Math.max(Number(row.refunded_cents), update.refundedCents);
      if (refunded === Number(row.refunded_cents) && row.status !== 'paid') break;
      if (refunded === 0) break;
      next = refunded >= Number(row.amount_cents) ? 'refunded' : 'partially_refunded';
      set.push(sql`refunded_cents = ${refunded}`);
      break;
    }
  }
  if (next === null) return null;
  if (update.card) set.push(sql`card_brand = ${update.card.brand}, card_last4 = ${update.card.last4}`);
  await tx.execute(sql`
    UPDATE order_payments SET status = ${next}, ${sql.join(set, sql`, `)},
      last_event_at = GREATEST(COALESCE(last_event_at, ${update.at}), ${update.at}), updated_at = now()
    WHERE order_id = ${row.order_id}`);
  if (confirmed) {
    await tx.execute(
      sql`UPDATE orders SET status = 'confirmed', updated_at = now() WHERE id = ${row.order_id}`,
    );
    await tx.execute(sql`
      INSERT INTO order_timeline (order_id, status, at) VALUES (${row.order_id}, 'confirmed', ${update.at})`);
  }
  return {
    orderId: row.order_id,
    kind: row.kind,
    chatId: row.chat_id,
    invoiceToken: row.invoice_token,
    buyerUserId: row.buyer_user_id,
    sellerUserId: row.seller_user_id,
    paymentStatus: next,
    orderStatus: confirmed ? 'confirmed' : row.order_status,
    confirmed,
  };
}
