import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Category, SellerDetail, SellerSummary } from '@maplesource/contracts/catalog';
import type { Paged } from '@maplesource/contracts/common';
import type { StorefrontResponseTime } from '@maplesource/contracts/pipeline';
import { api, isApiError, pageAnswer } from '../../../lib/http';

export interface SellerListParams {
  q?: string | undefined;
  state?: string | undefined;
  businessType?: string | undefined;
  isVerified?: 'true' | 'false' | undefined;
  sort?: 'name' | 'newest' | 'popular' | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** `GET seller` (directory). */
export const getSellers = (params: SellerListParams) =>
  api.get<Paged<SellerSummary>>('seller', { query: { ...params } });
export const useSellers = (params: SellerListParams) =>
  useQuery({
    queryKey: ['sellers', params],
    queryFn: () => getSellers(params),
    // From the page's HTML when it holds it (decision 205): the directory renders in its first render.
    initialData: () => pageAnswer<Paged<SellerSummary>>('seller', { ...params }),
    placeholderData: keepPreviousData,
  });

/** `GET seller/{id}` (id or slug). */
export const getSeller = (idOrSlug: string) =>
  api.get<SellerDetail>(`seller/${encodeURIComponent(idOrSlug)}`);
export const useSeller = (idOrSlug: string) =>
  useQuery({
    queryKey: ['seller', idOrSlug],
    queryFn: () => getSeller(idOrSlug),
    initialData: () => pageAnswer<SellerDetail>(`seller/${encodeURIComponent(idOrSlug)}`),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });

/** `GET home-page/recent-sellers`. */
export const useRecentSellers = (limit = 8) =>
  useQuery({
    queryKey: ['sellers', 'recent', limit],
    queryFn: () => api.get<{ items: SellerSummary[] }>('home-page/recent-sellers', { query: { limit } }),
  });

/** `GET claim-stores/category-wise`: a few unclaimed storefronts under each top category. */
export const useUnclaimedByCategory = () =>
  useQuery({
    queryKey: ['sellers', 'unclaimed', 'category-wise'],
    queryFn: () =>
      api.get<{ items: { category: Category; sellers: SellerSummary[] }[] }>('claim-stores/category-wise'),
  });
/** `GET claim-stores/list`: every unclaimed storefront, a page at a time. */
export const useUnclaimedSellers = (page: number, pageSize: number) =>
  useQuery({
    queryKey: ['sellers', 'unclaimed', 'list', page, pageSize],
    queryFn: () => api.get<Paged<SellerSummary>>('claim-stores/list', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
/** `GET claim-stores/random`: a few unclaimed storefronts to discover (a new draw per visit). */
export const useRandomUnclaimed = (limit = 4) =>
  useQuery({
    queryKey: ['sellers', 'unclaimed', 'random', limit],
    queryFn: () => api.get<{ items: SellerSummary[] }>('claim-stores/random', { query: { limit } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The claim button's request, loaded on the first claim (`claim-store.ts`). */
export function useClaimStore() {
  return useMutation({
    mutationFn: (id: string) => import('./claim-store').then((module) => module.claimStore(id)),
  });
}

/** `GET seller/{id}/response-time` (decision 268): the owner's median first reply over 30 days, or null. */
export const getSellerResponseTime = (sellerId: string) =>
  api.get<StorefrontResponseTime>(`seller/${encodeURIComponent(sellerId)}/response-time`);
export const useSellerResponseTime = (sellerId: string) =>
  useQuery({
    queryKey: ['seller', sellerId, 'response-time'],
    queryFn: () => getSellerResponseTime(sellerId),
    staleTime: 5 * 60_000,
  });

/** `POST seller-stats/track-visit`: a visit of the storefront's page (decision 290), fire and forget. */
export const trackStorefrontVisit = (sellerId: string) =>
  api.post('seller-stats/track-visit', { body: { sellerId } }).catch(() => undefined);
