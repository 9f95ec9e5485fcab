import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SellerSummary } from '@maplesource/contracts/catalog';
import type { Paged } from '@maplesource/contracts/common';
import { api } from '../../../lib/http';

/**
 * `GET seller?q=&category=&claimed=true` (the directory): storefronts a buyer may name in a request — claimed ones
 * (someone answers) of the request's category, matching the typed name. The server still keeps only those that
 * serve the delivery province (decision 298).
 */
export const searchSuppliers = (q: string, categorySlug: string) =>
  api.get<Paged<SellerSummary>>('seller', {
    query: { q, category: categorySlug || undefined, claimed: 'true', pageSize: 8, sort: 'popular' },
  });

export const useSupplierSearch = (q: string, categorySlug: string) =>
  useQuery({
    queryKey: ['rfq', 'supplier-search', q, categorySlug],
    queryFn: () => searchSuppliers(q, categorySlug),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
