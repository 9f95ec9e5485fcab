import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListingFacetsResponse } from '@maplesource/contracts/catalog';
import { api, pageAnswer } from '../../../lib/http';
import { toQuery, type ProductListParams } from './get-products';
import type { ServiceListParams } from './get-services';

/** Sort, page and cursor do not change the counts: leaving them out lets paging reuse the cached facets. */
function facetParams<T extends { sort?: unknown; page?: unknown; pageSize?: unknown; cursor?: unknown }>(
  params: T,
): Omit<T, 'sort' | 'page' | 'pageSize' | 'cursor'> {
  const { sort: _sort, page: _page, pageSize: _pageSize, cursor: _cursor, ...rest } = params;
  return rest;
}

/**
 * `GET product/facets` and `GET service/facets`: the filter panel's counts, fetched beside the listing so the
 * cards never wait for them (decision 042).
 */
export const getListingFacets = (
  kind: 'product' | 'service',
  params: ProductListParams | ServiceListParams,
  signal?: AbortSignal,
) =>
  api.get<ListingFacetsResponse>(`${kind}/facets`, {
    query: toQuery(facetParams(params)),
    ...(signal ? { signal } : {}),
  });

export const useListingFacets = (
  kind: 'product' | 'service',
  params: ProductListParams | ServiceListParams,
) => {
  const filters = facetParams(params);
  return useQuery({
    queryKey: [`${kind}-facets`, filters],
    queryFn: ({ signal }) => getListingFacets(kind, filters, signal),
    initialData: () => pageAnswer<ListingFacetsResponse>(`${kind}/facets`, toQuery(filters)),
    placeholderData: keepPreviousData,
  });
};
