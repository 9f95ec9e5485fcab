import { sql } from 'drizzle-orm';
import {
  addCalendarDays,
  type Order,
  type OrderPaymentStatus,
  type OrderStatus,
} from '@maplesource/contracts';
import { rowsOf, type Tx } from '../../../db/transaction';
import { one } from '../orders.present';
import { orderTimeZone } from '../orders.rows';
import type { OrdersDirectory } from '../orders.types';
import { unpaidStatuses } from './list-unpaid-orders';

/**
 * Cancels one unpaid order past its deadline (decision 166), under the order's row lock — the lock the
 * payment webhook takes too —, checked again under it: still pending, placed `days` calendar days before `now`
 * or more (in the order's zone), payment
 * neither settled nor under way. Answers null when it no longer applies (paid meanwhile, already cancelled: a
 * repeated job changes nothing). A timeline row records the cancellation, with no actor (MapleSource did it).
 */
export async function cancelUnpaid(
  directory: OrdersDirectory,
  tx: Tx,
  input: { orderId: string; days: number; now: Date },
): Promise<{ order: Order; buyerUserId: string; sellerUserId: string } | null> {
  const [row] = rowsOf<{
    status: OrderStatus;
    placed_at: Date | string;
    time_zone: string;
    payment_status: OrderPaymentStatus | null;
    buyer_user_id: string;
    seller_user_id: string;
  }>(
    await tx.execute(sql`
      SELECT o.status, o.placed_at, o.time_zone, o.buyer_user_id, o.seller_user_id, p.status AS payment_status
      FROM orders o LEFT JOIN order_payments p ON p.order_id = o.id
      WHERE o.id::text = ${input.orderId}
      FOR UPDATE OF o`),
  );
  if (!row || row.status !== 'pending') return null;
  if (addCalendarDays(new Date(row.placed_at), input.days, orderTimeZone(row)) > input.now) return null;
  if (row.payment_status !== null && !unpaidStatuses.includes(row.payment_status)) return null;
  await tx.execute(sql`
    UPDATE orders SET status = 'cancelled', cancelled_at = ${input.now}, updated_at = ${input.now}
    WHERE id::text = ${input.orderId}`);
  await tx.execute(sql`
    INSERT INTO order_timeline (order_id, status, at) VALUES (${input.orderId}::uuid, 'cancelled', ${input.now})`);
  return {
    order: await one(directory, tx, sql`o.id::text = ${input.orderId}`, 'admin'),
    buyerUserId: row.buyer_user_id,
    sellerUserId: row.seller_user_id,
  };
}
