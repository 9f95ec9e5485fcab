import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ServiceListResponse } from '@maplesource/contracts/catalog';
import { api, pageAnswer, type QueryParams } from '../../../lib/http';

/** Filter/sort/page state of a service listing (the product filter minus origin and quantity). */
export interface ServiceListParams {
  q?: string | undefined;
  category?: string | undefined;
  subcategories?: string[] | undefined;
  businessType?: string | undefined;
  state?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  isVerified?: 'true' | 'false' | undefined;
  /** Turnaround within this many days. */
  deliveryDays?: number | undefined;
  minRating?: number | undefined;
  sellerId?: string | undefined;
  sort?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
  /** Keyset position from the previous page's `nextCursor` / `prevCursor` (decision 042). */
  cursor?: string | undefined;
}

/** `GET service` (docs/product.md §7). */
const serviceQuery = (params: ServiceListParams): QueryParams => ({
  ...params,
  subcategories: params.subcategories?.length ? params.subcategories.join(',') : undefined,
});

export const getServices = (params: ServiceListParams, signal?: AbortSignal) =>
  api.get<ServiceListResponse>('service', { query: serviceQuery(params), ...(signal ? { signal } : {}) });

export const useServices = (params: ServiceListParams) =>
  useQuery({
    queryKey: ['services', params],
    queryFn: ({ signal }) => getServices(params, signal),
    // A page that holds the answer renders its cards in its first render (decision 205).
    initialData: () => pageAnswer<ServiceListResponse>('service', serviceQuery(params)),
    placeholderData: keepPreviousData,
  });
