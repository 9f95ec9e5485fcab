import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCard, ProductListResponse } from '@maplesource/contracts/catalog';
import { api, pageAnswer, type QueryParams } from '../../../lib/http';

/** Filter/sort/page state of a product listing, as kept in the URL (docs/product.md §3 product filter + origin). */
export interface ProductListParams {
  q?: string | undefined;
  type?: string | undefined;
  category?: string | undefined;
  subcategories?: string[] | undefined;
  businessType?: string | undefined;
  state?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  isVerified?: 'true' | 'false' | undefined;
  deliveryDays?: number | undefined;
  minRating?: number | undefined;
  minQuantity?: number | undefined;
  ratings?: number[] | undefined;
  origin?: string | undefined;
  sellerId?: string | undefined;
  sort?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
  /** Keyset position from the previous page's `nextCursor` / `prevCursor` (decision 042). */
  cursor?: string | undefined;
}

export function toQuery(params: ProductListParams): QueryParams {
  return {
    ...params,
    subcategories: params.subcategories?.length ? params.subcategories.join(',') : undefined,
    ratings: params.ratings?.length ? params.ratings.join(',') : undefined,
  };
}

/** `GET product` (docs/product.md §7): a page of products with filters, listing type and sort. */
export const getProducts = (params: ProductListParams, signal?: AbortSignal) =>
  api.get<ProductListResponse>('product', { query: toQuery(params), ...(signal ? { signal } : {}) });

export const productsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: ['products', params],
    queryFn: ({ signal }) => getProducts(params, signal),
    // A page that holds the answer renders its cards in its first render (decision 205).
    initialData: () => pageAnswer<ProductListResponse>('product', toQuery(params)),
    placeholderData: keepPreviousData,
  });

export const useProducts = (params: ProductListParams) => useQuery(productsQueryOptions(params));

/** `GET product-stats/{popular|best-seller|new-arrivals|suggested}`. */
export const getProductStats = (
  kind: 'popular' | 'best-seller' | 'new-arrivals' | 'suggested',
  limit: number,
) => api.get<{ items: ProductCard[] }>(`product-stats/${kind}`, { query: { limit } });

export const useProductStats = (kind: 'popular' | 'best-seller' | 'new-arrivals' | 'suggested', limit = 8) =>
  useQuery({ queryKey: ['product-stats', kind, limit], queryFn: () => getProductStats(kind, limit) });
