import { queryOptions } from '@tanstack/react-query';
import type { Order, OrderKind } from '@maplesource/contracts/orders';
import { api, isApiError } from './http';
import { queryKeyRoots } from './query-keys';

/**
 * The one fetch of one of the buyer's orders, shared by the features that show one (the order page, the chat's
 * review entry, the checkout), so they share one cache entry and one refresh: features never import each other
 * (docs/CONVENTIONS.md, Web).
 */

/** The list and detail routes of one kind of order (`orders` / `service-orders`). */
export const orderCollection = (kind: OrderKind) => (kind === 'service' ? 'service-orders' : 'orders');

/** One order's query key, under `queryKeyRoots.orders`. */
export const orderDetailKey = (kind: OrderKind, id: string) =>
  [...queryKeyRoots.orders, 'detail', kind, id] as const;

/** GET orders/{id} / service-orders/{id}: one of the buyer's orders; 404 ORDER_NOT_FOUND for another user's. */
export const getOrder = async (kind: OrderKind, id: string, signal?: AbortSignal) =>
  (await api.get<{ order: Order }>(`${orderCollection(kind)}/${encodeURIComponent(id)}`, { signal })).order;

/** Not found is an answer, not a failure to retry. */
export const orderQueryOptions = (kind: OrderKind, id: string) =>
  queryOptions({
    queryKey: orderDetailKey(kind, id),
    queryFn: ({ signal }) => getOrder(kind, id, signal),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
