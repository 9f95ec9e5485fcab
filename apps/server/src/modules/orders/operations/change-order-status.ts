import { sql } from 'drizzle-orm';
import {
  canMoveOrder,
  type Order,
  type OrderStatus,
  type SellerOrderStatusBody,
} from '@maplesource/contracts';
import { rowsOf, type Tx } from '../../../db/transaction';
import { conflict } from '../../../plugins/errors';
import { orderNotFound } from '../orders.present';
import type { OrdersDirectory } from '../orders.types';
import { getForSeller } from './get-order';

/**
 * The seller user moves an order along a legal transition (contracts `orderTransitions`), under a row
 * lock so two concurrent changes are applied one after the other against the current status.
 * Not theirs: 404; not allowed from the current status: 409 ORDER_TRANSITION_NOT_ALLOWED.
 */
export async function changeStatus(
  directory: OrdersDirectory,
  tx: Tx,
  sellerUserId: string,
  id: string,
  change: SellerOrderStatusBody,
  now: Date,
): Promise<{ order: Order; previous: OrderStatus }> {
  const [locked] = rowsOf<{ status: OrderStatus }>(
    await tx.execute(sql`
      SELECT status FROM orders WHERE id::text = ${id} AND seller_user_id = ${sellerUserId} FOR UPDATE`),
  );
  if (!locked) throw orderNotFound();
  if (!canMoveOrder(locked.status, change.status))
    throw conflict(
      'ORDER_TRANSITION_NOT_ALLOWED',
      `An order that is ${locked.status} cannot become ${change.status}`,
    );
  const shipped = change.status === 'shipped';
  await tx.execute(sql`
    UPDATE orders SET status = ${change.status}, updated_at = ${now}
      ${shipped ? sql`, tracking_number = ${change.trackingNumber!}, carrier = ${change.carrier!}` : sql``}
      ${change.status === 'delivered' ? sql`, delivered_at = ${now}` : sql``}
      ${change.status === 'cancelled' ? sql`, cancelled_at = ${now}` : sql``}
    WHERE id::text = ${id}`);
  await tx.execute(sql`
    INSERT INTO order_timeline (order_id, status, tracking_number, carrier, actor_user_id, at)
    VALUES (${id}::uuid, ${change.status}, ${shipped ? change.trackingNumber! : null},
            ${shipped ? change.carrier! : null}, ${sellerUserId}, ${now})`);
  return { order: await getForSeller(directory, tx, sellerUserId, id), previous: locked.status };
}
