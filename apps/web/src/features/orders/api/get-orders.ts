import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderKind, OrderList, OrderStatus } from '@maplesource/contracts/orders';
import { api } from '../../../lib/http';
import { orderCollection } from '../../../lib/order-query';
import { orderKeys } from './order-paths';

export const ORDERS_PAGE_SIZE = 10;

export type OrderListParams = {
  kind: OrderKind;
  search: string;
  status: OrderStatus | null;
  page: number;
};

/** GET orders / service-orders: the buyer's orders, searched by ID, product or seller. */
export const getOrders = ({ kind, search, status, page }: OrderListParams, signal?: AbortSignal) =>
  api.get<OrderList>(orderCollection(kind), {
    query: { search: search.trim() || undefined, status, page, pageSize: ORDERS_PAGE_SIZE },
    signal,
  });

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export const useOrders = (params: OrderListParams) => useQuery(ordersQueryOptions(params));
