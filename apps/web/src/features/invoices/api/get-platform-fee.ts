import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlatformFeeQuoteView } from '@maplesource/contracts/ledger';
import { api } from '../../../lib/http';

/**
 * `GET seller/:id/platform-fee` (decision 296): the platform's fee on a payment of `grossCents`, with GST/HST on it,
 * and what the seller keeps — shown in the invoice form before the seller issues it. Off until the amount is known;
 * asked once the amount has stayed the same for a moment, not at every keystroke.
 */
export function usePlatformFee(sellerId: number | null, typedCents: number | null, category: string) {
  const [grossCents, setGrossCents] = useState(typedCents);
  useEffect(() => {
    const timer = setTimeout(() => setGrossCents(typedCents), feeDebounceMs);
    return () => clearTimeout(timer);
  }, [typedCents]);
  return useQuery({
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
}

const feeDebounceMs = 300;
