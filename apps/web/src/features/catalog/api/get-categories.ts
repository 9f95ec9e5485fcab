import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, CategoryTreeNode } from '@maplesource/contracts/catalog';
import { api } from '../../../lib/http';

/** `GET category?kind=` (spec §7): the two-level tree. */
export const getCategories = (kind: 'product' | 'service') =>
  api.get<{ items: CategoryTreeNode[] }>('category', { query: { kind } });

export const categoriesQueryOptions = (kind: 'product' | 'service') =>
  queryOptions({
    queryKey: ['categories', kind],
    queryFn: () => getCategories(kind),
    staleTime: 10 * 60_000,
  });

export const useCategories = (kind: 'product' | 'service') => useQuery(categoriesQueryOptions(kind));

/** `GET category-stats/popular`. */
export const usePopularCategories = (limit = 12) =>
  useQuery({
    queryKey: ['category-stats', 'popular', limit],
    queryFn: () => api.get<{ items: Category[] }>('category-stats/popular', { query: { limit } }),
  });
