import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderKind } from '@maplesource/contracts/orders';
import { orderQueryOptions } from '../../../lib/order-query';

/** How often, and how long, the checkout asks whether the provider's webhook has settled the payment. */
export const SETTLE_POLL_MS = 1500;
export const SETTLE_WAIT_SECONDS = 60;

/** The order being paid (the order page's query, lib/order-query); polled while `polling` (the webhook settles the payment asynchronously). */
export function useCheckoutOrder(kind: OrderKind, orderId: string, polling: boolean) {
  return useQuery(
    queryOptions({
      ...orderQueryOptions(kind, orderId),
      refetchInterval: polling ? SETTLE_POLL_MS : false,
      refetchIntervalInBackground: true,
    }),
  );
}
