import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PayoutAccountResponse,
  PayoutOnboardingResponse,
  PayoutSettings,
} from '@maplesource/contracts/payouts';
import { api } from '../../../lib/http';

const payoutAccountKey = (sellerId: number) => ['payout-account', sellerId] as const;

/** `GET seller/:id/payout-account` (decision 312): the storefront's payout account, or null before onboarding. */
export const usePayoutAccount = (sellerId: number, awaitingProvider: boolean) =>
  useQuery({
    queryKey: payoutAccountKey(sellerId),
    queryFn: () => api.get<PayoutAccountResponse>(`seller/${sellerId}/payout-account`, { role: 'seller' }),
    // Back from the provider's form: the status changes when its webhook arrives, seconds later.
    refetchInterval: (query) =>
      awaitingProvider && query.state.data?.account?.status === 'pending_onboarding' ? 2_000 : false,
  });

/**
 * `POST seller/:id/payout-account/onboarding`: a fresh link to the provider's onboarding (Stripe's hosted form or the
 * sandbox's page); the browser goes there at once, from the mutation's own options (it outlives the button).
 */
export const useStartPayoutOnboarding = (
  sellerId: number,
  language: 'en' | 'fr',
  onError: (error: unknown) => void,
) =>
  useMutation({
    mutationFn: () =>
      api.post<PayoutOnboardingResponse>(`seller/${sellerId}/payout-account/onboarding`, {
        query: { language },
        role: 'seller',
      }),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
    onError,
  });

/** `PUT seller/:id/payout-account/settings`: the schedule and minimum; announced from the mutation's options. */
export function useSavePayoutSettings(sellerId: number, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PayoutSettings) =>
      api.put<PayoutAccountResponse>(`seller/${sellerId}/payout-account/settings`, {
        body: settings,
        role: 'seller',
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(payoutAccountKey(sellerId), answer);
      onSaved();
    },
  });
}
