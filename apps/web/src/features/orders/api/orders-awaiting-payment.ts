import { useQuery } from '@tanstack/react-query';
import type { OrderKind, OrderList } from '@maplesource/contracts/orders';
import { api } from '../../../lib/http';
import { orderCollection } from '../../../lib/order-query';
import { orderKeys } from './order-paths';

const awaitingPayment = (kind: OrderKind, enabled: boolean) => ({
  queryKey: orderKeys.list({ kind, status: 'pending', count: true }),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<OrderList>(orderCollection(kind), { query: { status: 'pending', page: 1, pageSize: 1 }, signal }),
  enabled,
  staleTime: 60_000,
});

/**
 * How many of the signed-in buyer's orders, of both kinds, wait for their payment (status `pending`): the header's
 * orders badge. Under `orderKeys.all`, so a new order (`order-created`) or a payment refreshes it at once. Two
 * `useQuery` rather than `useQueries`, which would add its observer to every public page's JavaScript.
 */
export function useOrdersAwaitingPayment(enabled: boolean): number {
  const products = useQuery(awaitingPayment('product', enabled));
  const services = useQuery(awaitingPayment('service', enabled));
  return enabled ? (products.data?.total ?? 0) + (services.data?.total ?? 0) : 0;
}
