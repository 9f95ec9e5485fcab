import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlatformFeeQuoteView } from '@maplesource/contracts/ledger';
import { api } from '../../../lib/http';

/**
 * `GET seller/:id/platform-fee` (decision 296): the platform's fee on a payment of `grossCents`, with GST/HST on it,
 * and what the seller keeps — shown in the invoice form before the seller issues it. Off until the amount is known.
 */
export const usePlatformFee = (sellerId: number | null, grossCents: number | null, category: string) =>
  useQuery({
    queryKey: ['platform-fee', sellerId, grossCents, category],
    queryFn: ({ signal }) =>
      api.get<PlatformFeeQuoteView>(`seller/${sellerId}/platform-fee`, {
        query: { grossCents: String(grossCents), category },
        role: 'seller',
        signal,
      }),
    enabled: sellerId !== null && grossCents !== null && grossCents > 0,
    placeholderData: keepPreviousData,
  });
