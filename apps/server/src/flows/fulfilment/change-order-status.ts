import type { FastifyInstance } from 'fastify';
import type { ChatOrderPayload, Order, SellerOrderStatusBody } from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import '../../modules/chat';
import '../../modules/ledger';
import '../../modules/orders';

export type ChangeOrderStatusDoors = Pick<FastifyInstance, 'db' | 'orders' | 'chat' | 'events' | 'ledger'>;

/**
 * The seller user moves an order (docs/product.md §4 order status values) along a legal transition, in one
 * transaction with `order_updated` — or `order_cancelled` — posted in its conversation (the chat message
 * notifies the buyer) and `order.changed` announced. Illegal → 409; not the seller's order → 404.
 */
export function changeOrderStatus(
  doors: ChangeOrderStatusDoors,
  sellerUserId: string,
  orderId: string,
  change: SellerOrderStatusBody,
): Promise<Order> {
  return withTransaction(doors.db, async (tx) => {
    const { order } = await doors.orders.changeStatus(tx, sellerUserId, orderId, change, new Date());
    // Delivered: the held funds' release date becomes the delivery + 7 days (decision 296).
    if (order.status === 'delivered') {
      const facts = await doors.orders.ledgerFacts(tx, order.id);
      if (facts) await doors.ledger.setReleaseDate(tx, order.id, facts.releaseAt);
    }
    const payload: ChatOrderPayload = {
      orderId: order.id,
      kind: order.kind,
      status: order.status,
      invoiceToken: order.invoiceToken,
      trackingNumber: order.trackingNumber,
      carrier: order.carrier,
    };
    await doors.chat.postBusinessAction(tx, {
      chatId: order.chatId,
      senderId: sellerUserId,
      action: order.status === 'cancelled' ? 'order_cancelled' : 'order_updated',
      payload,
    });
    await doors.events.emit(
      'order.changed',
      { orderId: order.id, kind: order.kind, chatId: order.chatId, status: order.status, change: 'status' },
      tx,
    );
    return order;
  });
}
