import type { OrderKind } from '@maplesource/contracts/orders';

/** The list and detail routes of one kind of order (`orders` / `service-orders`). */
export const orderCollection = (kind: OrderKind) => (kind === 'service' ? 'service-orders' : 'orders');

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: object) => [...orderKeys.lists(), params] as const,
  detail: (kind: OrderKind, id: string) => [...orderKeys.all, 'detail', kind, id] as const,
  seller: (params: object) => [...orderKeys.all, 'seller', params] as const,
};
