import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SellerStats } from '@maplesource/contracts/seller-stats';
import { api } from '../../../lib/http';

/** `GET seller/:sellerId/stats`: the storefront's period, per day and per item (decision 273), as seller. */
export const getSellerStats = (sellerId: number, period: { from: string; to: string }) =>
  api.get<SellerStats>(`seller/${sellerId}/stats`, {
    query: { from: period.from, to: period.to, limit: 200 },
    role: 'seller',
  });

export const useSellerStats = (sellerId: number | undefined, period: { from: string; to: string } | null) =>
  useQuery({
    queryKey: ['seller-stats', sellerId, period],
    queryFn: () => getSellerStats(sellerId!, period!),
    enabled: sellerId !== undefined && period !== null,
    placeholderData: keepPreviousData,
  });
