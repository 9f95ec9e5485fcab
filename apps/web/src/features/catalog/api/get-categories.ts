import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, CategoryTreeNode } from '@maplesource/contracts/catalog';
import { api } from '../../../lib/http';
import { pageDataAnswer } from '../../../lib/page-data';

/** `GET category?kind=` (docs/product.md §7): the two-level tree. */
export const getCategories = (kind: 'product' | 'service') =>
  api.get<{ items: CategoryTreeNode[] }>('category', { query: { kind } });

export const categoriesQueryOptions = (kind: 'product' | 'service') =>
  queryOptions({
    queryKey: ['categories', kind],
    queryFn: () => getCategories(kind),
    // From the page's HTML when it holds the tree (decision 044): the service listing's category chips sit above
    // the cards and, arriving a render after them, pushed the whole listing down (CLS 0.16 on /services).
    initialData: () => pageDataAnswer<{ items: CategoryTreeNode[] }>(`category?kind=${kind}`),
    staleTime: 10 * 60_000,
  });

export const useCategories = (kind: 'product' | 'service') => useQuery(categoriesQueryOptions(kind));

/** `GET category-stats/popular`. */
export const usePopularCategories = (limit = 12) =>
  useQuery({
    queryKey: ['category-stats', 'popular', limit],
    queryFn: () => api.get<{ items: Category[] }>('category-stats/popular', { query: { limit } }),
  });
