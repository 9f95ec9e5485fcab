import type { OrderKind } from '@maplesource/contracts/orders';
import type { OrderLinks } from '../../features/orders/components/my-orders-screen';
import { to } from '../../config/paths';

/** The order's own page: `/order/{id}` or `/service-order/{id}`. */
export const orderPagePath = (kind: OrderKind, orderId: string) =>
  kind === 'service' ? to('serviceOrderDetail', { orderId }) : to('orderDetail', { orderId });

/** `/checkout?order={id}&kind={kind}` (the accept flow ends here too). */
export const checkoutPath = (kind: OrderKind, orderId: string) =>
  `${to('checkout')}?${new URLSearchParams({ order: orderId, kind }).toString()}`;

export const orderLinks: OrderLinks = {
  order: ({ id, kind }) => orderPagePath(kind, id),
  checkout: ({ id, kind }) => checkoutPath(kind, id),
};
