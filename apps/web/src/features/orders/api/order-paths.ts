import type { OrderKind } from '@maplesource/contracts/orders';
import { orderDetailKey } from '../../../lib/order-query';
import { queryKeyRoots } from '../../../lib/query-keys';

/** The orders feature's query keys, under `queryKeyRoots.orders`; one order's is shared (lib/order-query). */
export const orderKeys = {
  all: queryKeyRoots.orders,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: object) => [...orderKeys.lists(), params] as const,
  detail: (kind: OrderKind, id: string) => orderDetailKey(kind, id),
  seller: (params: object) => [...orderKeys.all, 'seller', params] as const,
};
