import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderKind } from '@maplesource/contracts/orders';
import { api, isApiError } from '../../../lib/http';
import { orderCollection, orderKeys } from './order-paths';

/** GET orders/{id} / service-orders/{id}: one of the buyer's orders; 404 ORDER_NOT_FOUND for another user's. */
export const getOrder = async (kind: OrderKind, id: string, signal?: AbortSignal) =>
  (await api.get<{ order: Order }>(`${orderCollection(kind)}/${encodeURIComponent(id)}`, { signal })).order;

export const orderQueryOptions = (kind: OrderKind, id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(kind, id),
    queryFn: ({ signal }) => getOrder(kind, id, signal),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });

export const useOrder = (kind: OrderKind, id: string) => useQuery(orderQueryOptions(kind, id));
