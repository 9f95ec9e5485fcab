import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SellerStats, SellerStatsSort } from '@maplesource/contracts/seller-stats';
import { api } from '../../../lib/http';

/** The items table's page and order (decision 290). */
export interface StatsItemsPage {
  page: number;
  pageSize: number;
  sort: SellerStatsSort;
}

/**
 * `GET seller/:sellerId/stats`: the storefront's period per day, its storefront figures and one page of its items
 * (decisions 273, 290), as seller.
 */
export const getSellerStats = (
  sellerId: number,
  period: { from: string; to: string },
  items: StatsItemsPage,
) =>
  api.get<SellerStats>(`seller/${sellerId}/stats`, {
    query: { from: period.from, to: period.to, page: items.page, pageSize: items.pageSize, sort: items.sort },
    role: 'seller',
  });

export const useSellerStats = (
  sellerId: number | undefined,
  period: { from: string; to: string } | null,
  items: StatsItemsPage,
) =>
  useQuery({
    queryKey: ['seller-stats', sellerId, period, items],
    queryFn: () => getSellerStats(sellerId!, period!, items),
    enabled: sellerId !== undefined && period !== null,
    placeholderData: keepPreviousData,
  });
