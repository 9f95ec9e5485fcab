import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail, ServiceDetail } from '@maplesource/contracts/catalog';
import { api, isApiError, pageAnswer } from '../../../lib/http';

/** `GET product/{id}` (id or slug). 404 PRODUCT_NOT_FOUND, 403 PRODUCT_NOT_AVAILABLE are not retried. */
export const getProduct = (idOrSlug: string) =>
  api.get<ProductDetail>(`product/${encodeURIComponent(idOrSlug)}`);

const noRetryOnClientError = (failureCount: number, error: unknown) =>
  !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2;

export const productQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['product', idOrSlug],
    queryFn: () => getProduct(idOrSlug),
    // From the page's HTML when it holds it (decision 205): the page renders in its first render.
    initialData: () => pageAnswer<ProductDetail>(`product/${encodeURIComponent(idOrSlug)}`),
    retry: noRetryOnClientError,
  });

export const useProduct = (idOrSlug: string) => useQuery(productQueryOptions(idOrSlug));

/** `POST product-stats/track-view`: fire and forget. */
export const trackProductView = (productId: string) =>
  api.post('product-stats/track-view', { body: { productId } }).catch(() => undefined);

/** `GET service/{id}`. */
export const getService = (idOrSlug: string) =>
  api.get<ServiceDetail>(`service/${encodeURIComponent(idOrSlug)}`);

export const useService = (idOrSlug: string) =>
  useQuery({
    queryKey: ['service', idOrSlug],
    queryFn: () => getService(idOrSlug),
    initialData: () => pageAnswer<ServiceDetail>(`service/${encodeURIComponent(idOrSlug)}`),
    retry: noRetryOnClientError,
  });
