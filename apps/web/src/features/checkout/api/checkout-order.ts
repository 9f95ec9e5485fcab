import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderKind } from '@maplesource/contracts/orders';
import { api, isApiError } from '../../../lib/http';

const collection = (kind: OrderKind) => (kind === 'service' ? 'service-orders' : 'orders');

/** How often, and how long, the checkout asks whether the provider's webhook has settled the payment. */
export const SETTLE_POLL_MS = 1500;
export const SETTLE_WAIT_SECONDS = 60;

export const getCheckoutOrder = async (kind: OrderKind, orderId: string, signal?: AbortSignal) =>
  (await api.get<{ order: Order }>(`${collection(kind)}/${encodeURIComponent(orderId)}`, { signal })).order;

/** The order being paid; polled while `polling` (the webhook settles the payment asynchronously). */
export function useCheckoutOrder(kind: OrderKind, orderId: string, polling: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['orders', 'detail', kind, orderId] as const,
      queryFn: ({ signal }) => getCheckoutOrder(kind, orderId, signal),
      retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
      refetchInterval: polling ? SETTLE_POLL_MS : false,
      refetchIntervalInBackground: true,
    }),
  );
}
