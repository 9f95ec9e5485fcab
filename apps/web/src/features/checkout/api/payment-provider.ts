import { useQuery } from '@tanstack/react-query';
import type { PaymentProviderInfo } from '@maplesource/contracts/payments';
import { api, isApiError } from '../../../lib/http';

/** GET payment/provider (the payment backend): which provider takes the card, and Stripe's publishable key. */
export const getPaymentProvider = (signal?: AbortSignal) =>
  api.get<PaymentProviderInfo>('payment/provider', { backend: 'payment', signal });

/** Asked only when the order's intent says Stripe (the sandbox path needs nothing more; decision 165). */
export function usePaymentProvider(enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'provider'] as const,
    queryFn: ({ signal }) => getPaymentProvider(signal),
    enabled,
    staleTime: Infinity,
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
  });
}
