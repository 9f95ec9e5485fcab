import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { SellerDetail, SellerSummary } from '@maplesource/contracts/catalog';
import type { Paged } from '@maplesource/contracts/common';
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

/** `POST claim-stores/{id}/claim`: currently always "Claim service is under maintenance" (spec §1). */
export const claimStore = (id: string) => api.post(`claim-stores/${encodeURIComponent(id)}/claim`);
export const useClaimStore = () => useMutation({ mutationFn: claimStore });
