import { useQuery } from '@tanstack/react-query';
import type { OrderKind } from '@maplesource/contracts/orders';
import type { CreateOrderIntentResponse } from '@maplesource/contracts/payments';
import { api, isApiError } from '../../../lib/http';

/**
 * POST payment/create-order-intent / create-service-order-intent (the payment backend): the order's one payment intent. Idempotent on the
 * server (one intent per order), so it is read like a query: a reload, a retry or a re-check gets the same intent
 * with its current status.
 */
export const createOrderIntent = (kind: OrderKind, orderId: string) =>
  api.post<CreateOrderIntentResponse>(
    kind === 'service' ? 'payment/create-service-order-intent' : 'payment/create-order-intent',
    { body: { orderId }, backend: 'payment' },
  );

export const orderIntentKey = (kind: OrderKind, orderId: string) =>
  ['payments', 'intent', kind, orderId] as const;

export function useOrderIntent(kind: OrderKind, orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderIntentKey(kind, orderId),
    queryFn: () => createOrderIntent(kind, orderId),
    enabled,
    staleTime: Infinity,
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
  });
}
